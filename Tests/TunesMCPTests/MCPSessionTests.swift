import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing
import TunesStorage

@testable import TunesMCP

/// The session over scripted services: no process, no network.
@Suite("An MCP session")
struct MCPSessionTests {
  /// The Facebook lookup recording's item, for every request.
  static func page() throws -> CatalogPage {
    try CatalogPage.decode(try Fixtures.shared("software-lookup-id-284882215-facebook.json"))
  }

  static func services(
    client: ITunesClient, folder: TemporaryDirectory? = nil,
    lookup: @escaping @Sendable ([Int64], String?) async throws -> LookupOutcome = { _, _ in
      LookupOutcome(items: [], unknown: [], notLookedUp: [], failure: nil)
    }
  ) -> MCPServices {
    MCPServices(
      client: client, lookup: lookup,
      openDatabase: { _ in
        guard let folder else {
          throw StorageError.invalidImport(reason: "no database in this test")
        }
        return try TunesDatabase.open(
          paths: StoragePaths(environment: ["HOME": folder.path]),
          now: { Date(timeIntervalSince1970: 1_800_000_000) })
      },
      describe: { "described: \($0)" },
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
  }

  /// Sends one line and parses the answer.
  static func send(_ session: inout MCPSession, _ text: String) async throws -> JSONValue? {
    guard let answer = await session.handle(line: Array(text.utf8)) else { return nil }
    #expect(answer.last == 0x0A)
    return try JSONParser.parse(Array(answer.dropLast()))
  }

  static func call(_ tool: String, _ arguments: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
  }

  @Test("initialize agrees on the asked revision when spoken, else offers the newest")
  func negotiation() async throws {
    var session = MCPSession(services: Self.services(client: .failing()), serverVersion: "9.9")
    func hello(_ version: String) -> String {
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    }
    let asked = try await Self.send(&session, hello("2025-06-18"))
    #expect(asked?["result"]?["protocolVersion"] == .string("2025-06-18"))
    #expect(session.negotiatedVersion == "2025-06-18")
    let future = try await Self.send(&session, hello("2030-01-01"))
    #expect(future?["result"]?["protocolVersion"] == .string("2025-11-25"))
    #expect(future?["result"]?["serverInfo"]?["version"] == .string("9.9"))
    #expect(future?["result"]?["capabilities"]?["tools"] != nil)
    let none = try await Self.send(
      &session, #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#)
    #expect(none?["error"]?["data"]?["field"] == .string("protocolVersion"))
  }

  @Test("notifications get no answer; unknown methods get -32601")
  func notifications() async throws {
    var session = MCPSession(services: Self.services(client: .failing()), serverVersion: "1")
    #expect(
      try await Self.send(&session, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        == nil)
    let unknown = try await Self.send(
      &session, #"{"jsonrpc":"2.0","id":3,"method":"prompts/list"}"#)
    #expect(unknown?["error"]?["code"] == .number(JSONNumber(text: "-32601")))
    #expect(unknown?["id"] == .number(JSONNumber(text: "3")))
  }

  @Test("every tool lists an input schema built from its parameters")
  func listing() async throws {
    var session = MCPSession(services: Self.services(client: .failing()), serverVersion: "1")
    let answer = try await Self.send(&session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    guard case .array(let tools)? = answer?["result"]?["tools"] else {
      Issue.record("no tools: \(String(describing: answer))")
      return
    }
    #expect(tools.count == Tools.all.count)
    let search = tools.first { $0["name"] == .string("search") }
    #expect(search?["inputSchema"]?["required"] == .array([.string("term")]))
    #expect(search?["inputSchema"]?["properties"]?["limit"]?["maximum"] == .number(200))
    #expect(search?["outputSchema"]?["type"] == .string("object"))
  }

  @Test("search answers with the items in the CLI's shape and a summary")
  func search() async throws {
    let page = try Self.page()
    let asked = Locked<[String]>([])
    let client = ITunesClient.mock { request in
      asked.withLock { $0.append(request.queryString) }
      return page
    }
    var session = MCPSession(services: Self.services(client: client), serverVersion: "1")
    let answer = try await Self.send(
      &session, Self.call("search", #"{"term":"face","media":"software","limit":2}"#))
    let result = answer?["result"]
    #expect(result?["isError"] == .bool(false))
    #expect(result?["structuredContent"]?["items"] == .array(page.items.map(\.jsonValue)))
    #expect(result?["structuredContent"]?["count"] == .number(page.items.count))
    guard case .string(let text)? = result?["content"]?[0]?["text"] else {
      Issue.record("no text")
      return
    }
    #expect(text.contains("Facebook"))
    #expect(asked.withLock { $0 }.first?.contains("media=software") == true)
  }

  @Test("a catalogue failure is a result with isError, the CLI's words and the wait")
  func failure() async throws {
    var session = MCPSession(
      services: Self.services(client: .failing(.rateLimitWait(seconds: 42))), serverVersion: "1")
    let answer = try await Self.send(&session, Self.call("charts", #"{"chart":"albums"}"#))
    let result = answer?["result"]
    #expect(result?["isError"] == .bool(true))
    #expect(result?["structuredContent"]?["retryAfterSeconds"] == .number(42))
    #expect(
      result?["structuredContent"]?["error"]
        == .string("described: \(ClientError.rateLimitWait(seconds: 42))"))
  }

  @Test("bad arguments are -32602 naming the field, before any request")
  func badArguments() async throws {
    let requests = Locked(0)
    let client = ITunesClient.mock { _ in
      requests.withLock { $0 += 1 }
      return CatalogPage(items: [])
    }
    var session = MCPSession(services: Self.services(client: client), serverVersion: "1")
    for (arguments, field) in [
      (#"{"term":"x","limit":0}"#, "limit"), (#"{"term":"x","limit":2.5}"#, "limit"),
      (#"{"term":""}"#, "term"), (#"{}"#, "term"), (#"{"term":"x","media":"vinyl"}"#, "media"),
      (#"{"term":"x","explicit":"yes"}"#, "explicit"), (#"{"term":"x","tracks":1}"#, "tracks"),
      (#"{"term":"x","country":"XX"}"#, "country"),
      (#"{"term":"x","media":"music","entity":"movie"}"#, "entity"),
    ] {
      let answer = try await Self.send(&session, Self.call("search", arguments))
      #expect(answer?["error"]?["code"] == .number(JSONNumber(text: "-32602")), "\(arguments)")
      #expect(answer?["error"]?["data"]?["field"] == .string(field), "\(arguments)")
    }
    let ids = try await Self.send(&session, Self.call("lookup", #"{"ids":[1,-2]}"#))
    #expect(ids?["error"]?["data"]?["field"] == .string("ids"))
    let notObject = try await Self.send(&session, Self.call("lookup", "[1]"))
    #expect(notObject?["error"]?["data"]?["field"] == .string("arguments"))
    #expect(requests.withLock { $0 } == 0)
  }

  @Test("favourites: add the looked-up items, list them as stored, remove them")
  func favorites() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let page = try Self.page()
    let services = Self.services(client: .failing(), folder: folder) { ids, _ in
      LookupOutcome(
        items: page.items.filter { ids.contains($0.id) },
        unknown: ids.filter { id in !page.items.contains { $0.id == id } }, notLookedUp: [],
        failure: nil)
    }
    var session = MCPSession(services: services, serverVersion: "1")
    let added = try await Self.send(&session, Self.call("favorites_add", #"{"ids":[284882215,7]}"#))
    #expect(added?["result"]?["structuredContent"]?["added"] == .array([.number(284_882_215)]))
    #expect(added?["result"]?["structuredContent"]?["unknown"] == .array([.number(7)]))
    #expect(added?["result"]?["isError"] == .bool(false))
    let listed = try await Self.send(&session, Self.call("favorites_list"))
    #expect(
      listed?["result"]?["structuredContent"]?["items"] == .array(page.items.map(\.jsonValue)))
    let removed = try await Self.send(
      &session, Self.call("favorites_remove", #"{"ids":[284882215,284882215]}"#))
    #expect(removed?["result"]?["structuredContent"]?["removed"] == .array([.number(284_882_215)]))
    #expect(removed?["result"]?["structuredContent"]?["notFavorites"] == .array([]))
    let empty = try await Self.send(&session, Self.call("favorites_list"))
    #expect(empty?["result"]?["structuredContent"]?["count"] == .number(0))
  }

  @Test("a database that cannot open is a tool error, not a protocol one")
  func storageFailure() async throws {
    var session = MCPSession(services: Self.services(client: .failing()), serverVersion: "1")
    let answer = try await Self.send(&session, Self.call("history"))
    #expect(answer?["result"]?["isError"] == .bool(true))
  }
}

/// A value behind a lock, for closures the tests inspect.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

extension JSONValue {
  /// The element at `index` of an array, else `nil`.
  subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}
