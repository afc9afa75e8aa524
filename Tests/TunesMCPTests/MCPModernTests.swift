import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesMCP

/// The stateless revision (2026-07-28) beside the handshake ones: `server/discover`, the
/// revision and capabilities in every request's `_meta`, `resultType` and the server's identity
/// on every result, `ttlMs`/`cacheScope` on `tools/list`, -32022 for a revision not spoken.
@Suite("An MCP session of the stateless revision")
struct MCPModernTests {
  static let meta =
    #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}"#

  static func session() -> MCPSession {
    MCPSession(services: MCPSessionTests.services(client: .failing()), serverVersion: "9.9")
  }

  static func number(_ value: Int) -> JSONValue { .number(JSONNumber(text: String(value))) }

  @Test("server/discover lists every revision spoken, newest first, with or without _meta")
  func discover() async throws {
    var session = Self.session()
    for line in [
      #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(Self.meta)}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#,
    ] {
      let answer = try await MCPSessionTests.send(&session, line)
      let result = try #require(answer?["result"], "\(String(describing: answer))")
      #expect(
        result["supportedVersions"]
          == .array(["2026-07-28", "2025-11-25", "2025-06-18"].map { .string($0) }))
      #expect(result["resultType"] == .string("complete"))
      #expect(result["capabilities"]?["tools"] != nil)
      #expect(result["ttlMs"] == Self.number(3_600_000))
      #expect(result["cacheScope"] == .string("public"))
      #expect(
        result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["version"] == .string("9.9"))
    }
    #expect(session.negotiatedVersion == nil, "no handshake happened")
  }

  @Test("without a handshake, tools/list and tools/call answer a modern request in full")
  func stateless() async throws {
    var session = Self.session()
    let list = try await MCPSessionTests.send(
      &session, #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(Self.meta)}}"#)
    let listed = try #require(list?["result"])
    guard case .array(let tools)? = listed["tools"] else {
      Issue.record("no tools in \(listed)")
      return
    }
    #expect(tools.count == Tools.all.count)
    #expect(listed["resultType"] == .string("complete"))
    #expect(listed["ttlMs"] == Self.number(3_600_000))
    #expect(listed["cacheScope"] == .string("public"))
    #expect(listed["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == .string("tunes"))
    // A tool's failure stays a tool result (isError), now with resultType.
    let call = try await MCPSessionTests.send(
      &session,
      #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"term":"jack johnson"},\#(Self.meta)}}"#
    )
    let called = try #require(call?["result"], "\(String(describing: call))")
    #expect(called["isError"] == .bool(true))
    #expect(called["resultType"] == .string("complete"))
    #expect(called["ttlMs"] == nil, "a tool's answer is not a cacheable list")
  }

  @Test("a revision not spoken is -32022 listing the supported ones and the one asked")
  func unsupported() async throws {
    var session = Self.session()
    let answer = try await MCPSessionTests.send(
      &session,
      #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#
    )
    #expect(answer?["id"] == Self.number(4))
    #expect(answer?["error"]?["code"] == Self.number(-32022))
    #expect(answer?["error"]?["data"]?["requested"] == .string("2099-01-01"))
    #expect(answer?["error"]?["data"]?["supported"] == .array([.string("2026-07-28")]))
    // A legacy revision named in _meta is not a modern one either.
    let legacy = try await MCPSessionTests.send(
      &session,
      #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25","io.modelcontextprotocol/clientCapabilities":{}}}}"#
    )
    #expect(legacy?["error"]?["code"] == Self.number(-32022))
  }

  @Test("a modern request without the client's capabilities is -32602 naming the field")
  func missingCapabilities() async throws {
    var session = Self.session()
    let answer = try await MCPSessionTests.send(
      &session,
      #"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#
    )
    #expect(answer?["error"]?["code"] == Self.number(-32602))
    #expect(
      answer?["error"]?["data"]?["field"]
        == .string("_meta.io.modelcontextprotocol/clientCapabilities"))
  }

  @Test("ping is gone from the modern revision; the legacy conversation is unchanged")
  func eras() async throws {
    var session = Self.session()
    let modernPing = try await MCPSessionTests.send(
      &session, #"{"jsonrpc":"2.0","id":7,"method":"ping","params":{\#(Self.meta)}}"#)
    #expect(modernPing?["error"]?["code"] == Self.number(-32601))
    // An initialize asking for the modern revision gets the newest handshake one.
    let hello = try await MCPSessionTests.send(
      &session,
      #"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    )
    #expect(hello?["result"]?["protocolVersion"] == .string("2025-11-25"))
    let ping = try await MCPSessionTests.send(
      &session, #"{"jsonrpc":"2.0","id":9,"method":"ping"}"#)
    #expect(ping?["result"] == .object([]))
    let list = try await MCPSessionTests.send(
      &session, #"{"jsonrpc":"2.0","id":10,"method":"tools/list"}"#)
    #expect(list?["result"]?["tools"] != nil)
    #expect(list?["result"]?["resultType"] == nil, "legacy answers keep the legacy shape")
  }
}
