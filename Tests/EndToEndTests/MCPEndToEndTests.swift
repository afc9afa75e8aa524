import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes mcp`: the real binary spoken to over real pipes, against the replay server.
@Suite("tunes mcp over a pipe")
struct MCPEndToEndTests {
  static let search = #"{"term":"jack johnson","limit":3}"#

  @Test("the README's conversation: handshake, a search, a wrong argument, end of input")
  func readmeTranscript() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox)
    let hello = try await client.initialize()
    let result = try #require(hello["result"] as? [String: Any], "\(hello)")
    #expect(result["protocolVersion"] as? String == "2025-11-25")
    let found = try await client.call("search", Self.search)
    #expect(!found.isError, "\(found)")
    #expect(found.structured["count"] as? Int == 3)
    let wrong = try await client.request(
      "tools/call", #"{"name":"charts","arguments":{"chart":"songs","limit":"3"}}"#)
    #expect(wrong.rpcError?["code"] as? Int == -32602, "\(wrong)")
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    #expect(end.stderr.isEmpty, "\(end)")
    if let mismatch = goldenMismatch(client.transcript, named: "mcp-transcript.txt") {
      Issue.record(Comment(rawValue: mismatch))
    }
    // The README shows this very transcript.
    let readme = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(client.transcript), "README.md does not hold the transcript")
  }

  @Test("the README's stateless conversation (2026-07-28): discover, a search, no handshake")
  func statelessTranscript() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox)
    // The stdio probe a dual-era client sends first: no _meta needed.
    let discovered = try await client.request("server/discover")
    let result = try #require(discovered["result"] as? [String: Any], "\(discovered)")
    #expect(result["supportedVersions"] as? [String] == ["2026-07-28", "2025-11-25", "2025-06-18"])
    let meta =
      #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","#
      + #""io.modelcontextprotocol/clientCapabilities":{}}"#
    let found = try await client.request(
      "tools/call", #"{"name":"search","arguments":\#(Self.search),\#(meta)}"#)
    let answer = try #require(found["result"] as? [String: Any], "\(found)")
    #expect(answer["resultType"] as? String == "complete")
    #expect(answer.structured["count"] as? Int == 3)
    let future = try await client.request(
      "tools/list",
      #"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","#
        + #""io.modelcontextprotocol/clientCapabilities":{}}}"#)
    #expect(future.rpcError?["code"] as? Int == -32022, "\(future)")
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    #expect(end.stderr.isEmpty, "\(end)")
    if let mismatch = goldenMismatch(client.transcript, named: "mcp-transcript-2026-07-28.txt") {
      Issue.record(Comment(rawValue: mismatch))
    }
    let readme = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(client.transcript), "README.md does not hold the transcript")
  }

  @Test("every tool answers against the replay server, in the CLI's JSON shapes")
  func everyTool() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try sandbox.server.register(
      request: "/lookup?id=999", body: Data(#"{"resultCount":0,"results":[]}"#.utf8))
    // A search typed in the CLI, for the history tool.
    let typed = try await sandbox.tunes("search", "jack", "johnson", "--limit", "3")
    try #require(typed.exited(0), "\(typed)")
    let client = try MCPClient(sandbox)
    try await client.initialize()
    #expect((try await client.request("ping"))["result"] as? [String: Any] != nil)

    let found = try await client.call("search", Self.search)
    let items = try #require(found.structured["items"] as? [[String: Any]])
    let cli = try await sandbox.tunes(
      "search", "jack", "johnson", "--limit", "3", "--format", "json")
    let cliItems = try #require(OutputChecks.objects(cli.standardOutput))
    #expect(NSArray(array: items).isEqual(to: cliItems), "the same shape as tunes search")
    #expect(found.text.contains("3 results"))

    let looked = try await client.call("lookup", #"{"ids":[284882215]}"#)
    #expect(!looked.isError, "\(looked)")
    let app = try #require((looked.structured["items"] as? [[String: Any]])?.first)
    #expect(app["id"] as? Int == 284_882_215)
    #expect(app["title"] as? String == "Facebook")

    let unknown = try await client.call("lookup", #"{"ids":[999]}"#)
    #expect(unknown.isError, "an id Apple does not know is a failure")
    #expect(unknown.structured["unknown"] as? [Int] == [999])
    #expect(unknown.text.contains("Apple knows no item with id 999"))

    let chart = try await client.call("charts", #"{"chart":"podcasts","genre":1310,"limit":2}"#)
    #expect((chart.structured["items"] as? [[String: Any]])?.count == 2, "\(chart)")
    #expect(chart.structured["title"] as? String == "Top Podcasts")

    let media = try await client.call("genres")
    #expect((media.structured["genres"] as? [[String: Any]])?.count == 8)
    let music = try await client.call("genres", #"{"medium":"music","depth":0}"#)
    let cliGenres = try await sandbox.tunes("genres", "music", "--depth", "0", "--format", "json")
    let tree = try #require((music.structured["genres"] as? [Any])?.first)
    #expect(
      NSDictionary(dictionary: tree as? [String: Any] ?? [:]).isEqual(
        to: OutputChecks.json(cliGenres.standardOutput) as? [String: Any] ?? ["no": 1]),
      "the same shape as tunes genres --format json")

    let added = try await client.call("favorites_add", #"{"ids":[284882215]}"#)
    #expect(added.structured["added"] as? [Int] == [284_882_215], "\(added)")
    let again = try await client.call("favorites_add", #"{"ids":[284882215]}"#)
    #expect(again.structured["already"] as? [Int] == [284_882_215], "\(again)")
    let listed = try await client.call("favorites_list")
    #expect(listed.structured["count"] as? Int == 1)
    let cliFavorites = try await sandbox.tunes("favorites", "list", "--format", "json")
    #expect(
      NSArray(array: listed.structured["items"] as? [Any] ?? []).isEqual(
        to: OutputChecks.json(cliFavorites.standardOutput) as? [Any] ?? []),
      "the same shape as tunes favorites list --format json")
    let removed = try await client.call("favorites_remove", #"{"ids":[284882215,5]}"#)
    #expect(removed.structured["removed"] as? [Int] == [284_882_215])
    #expect(removed.structured["notFavorites"] as? [Int] == [5])
    #expect(try await sandbox.favoritesCount() == 0)

    let history = try await client.call("history")
    let entries = try #require(history.structured["entries"] as? [[String: Any]])
    #expect(entries.map { $0["query"] as? String } == ["jack johnson"], "\(history)")
    #expect(
      try await client.call("history", #"{"match":"zzz"}"#).structured["entries"]
        as? [Any] != nil)

    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    // Searches through the server are not the user's: the history still holds one.
    let after = try await sandbox.tunes("history", "--format", "json")
    #expect((OutputChecks.json(after.standardOutput) as? [Any])?.count == 1, "\(after)")
    Self.expectOnlyProtocol(end)
  }

  @Test("bad lines and bad arguments are JSON-RPC errors; the server carries on")
  func protocolErrors() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox)
    try await client.initialize()
    let malformed = try await client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"#)
    #expect(malformed.rpcError?["code"] as? Int == -32700, "\(malformed)")
    #expect(malformed["id"] is NSNull)
    let notRPC = try await client.exchange(#"{"id":2,"method":"ping"}"#)
    #expect(notRPC.rpcError?["code"] as? Int == -32600, "\(notRPC)")
    let batch = try await client.exchange(#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#)
    #expect(batch.rpcError?["code"] as? Int == -32600, "\(batch)")
    let unknown = try await client.request("resources/list")
    #expect(unknown.rpcError?["code"] as? Int == -32601, "\(unknown)")
    let wrongType = try await client.request(
      "tools/call", #"{"name":"search","arguments":{"term":"x","limit":"ten"}}"#)
    #expect(wrongType.rpcError?["code"] as? Int == -32602, "\(wrongType)")
    #expect((wrongType.rpcError?["message"] as? String)?.contains("\"limit\"") == true)
    #expect((wrongType.rpcError?["data"] as? [String: Any])?["field"] as? String == "limit")
    let missing = try await client.request("tools/call", #"{"name":"lookup","arguments":{}}"#)
    #expect((missing.rpcError?["data"] as? [String: Any])?["field"] as? String == "ids")
    let extra = try await client.request(
      "tools/call", #"{"name":"charts","arguments":{"chrat":"songs"}}"#)
    #expect((extra.rpcError?["data"] as? [String: Any])?["field"] as? String == "chrat")
    let badCountry = try await client.request(
      "tools/call", #"{"name":"search","arguments":{"term":"x","country":"ZZ"}}"#)
    #expect(badCountry.rpcError?["code"] as? Int == -32602, "\(badCountry)")
    #expect((badCountry.rpcError?["data"] as? [String: Any])?["field"] as? String == "country")
    let noTool = try await client.request("tools/call", #"{"name":"play"}"#)
    #expect(noTool.rpcError?["code"] as? Int == -32602, "\(noTool)")
    // Still answering.
    #expect((try await client.request("ping"))["result"] != nil)
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    #expect(sandbox.server.requestCount == 0, "no bad call reached the network")
    Self.expectOnlyProtocol(end)
  }

  @Test("a client asking for an unknown revision gets the newest; an older one is kept")
  func versionNegotiation() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let future = try MCPClient(sandbox)
    let answer = try await future.initialize(version: "2099-01-01")
    #expect((answer["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
    _ = await future.finish()
    let older = try MCPClient(sandbox)
    let kept = try await older.initialize(version: "2025-06-18")
    #expect((kept["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
    _ = await older.finish()
  }

  @Test("a throttled server is a tool error saying how long to wait, at once, not a hang")
  func throttled() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.setFault(.status(429))
    let client = try MCPClient(sandbox, "--no-cache")
    try await client.initialize()
    let first = try await client.call("search", Self.search)
    #expect(first.isError, "\(first)")
    #expect(first.structured["retryAfterSeconds"] as? Int == 60, "\(first)")
    #expect(first.structured["error"] as? String == first.text)
    sandbox.server.setFault(nil)
    let requests = sandbox.server.requestCount
    let started = ContinuousClock().now
    let second = try await client.call("search", Self.search)
    #expect(ContinuousClock().now - started < .seconds(5), "it did not wait")
    #expect(second.isError, "\(second)")
    let seconds = try #require(second.structured["retryAfterSeconds"] as? Int, "\(second)")
    #expect((1...60).contains(seconds))
    #expect(sandbox.server.requestCount == requests, "the wait sent nothing")
    // The pause is the machine's: the CLI is refused too, in the same words.
    let cli = try await sandbox.tunes(
      "search", "jack", "johnson", "--limit", "3", "--no-cache", "--wait", "0")
    #expect(cli.exited(75), "\(cli)")
    func words(_ text: String) -> String {
      String(text.trimmingCharacters(in: .newlines).map { $0.isNumber ? "#" : $0 })
    }
    #expect(words(second.text) == words(cli.stderr), "the CLI's sentence")
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
  }

  @Test("--demo serves the demo catalogue and keeps its favourites out of the real ones")
  func demo() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox, "--demo")
    try await client.initialize()
    let chart = try await client.call("charts", #"{"limit":2}"#)
    let item = try #require((chart.structured["items"] as? [[String: Any]])?.first, "\(chart)")
    let id = try #require(item["id"] as? Int)
    let added = try await client.call("favorites_add", #"{"ids":[\#(id)]}"#)
    #expect(added.structured["added"] as? [Int] == [id], "\(added)")
    #expect((try await client.call("favorites_list")).structured["count"] as? Int == 1)
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    #expect(sandbox.server.requestCount == 0, "the demo never reached the replay server")
    #expect(try await sandbox.favoritesCount() == 0)
    #expect(Self.demoFolders(sandbox) == [], "the demo's favourites went with the session")
  }

  @Test("--offline answers from the cache, and a miss is a tool error")
  func offline() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let warm = try await sandbox.tunes("search", "jack", "johnson", "--limit", "3")
    try #require(warm.exited(0), "\(warm)")
    let client = try MCPClient(sandbox, "--offline")
    try await client.initialize()
    let hit = try await client.call("search", Self.search)
    #expect(hit.structured["count"] as? Int == 3, "\(hit)")
    #expect(hit.structured["cachedAt"] is String)
    let miss = try await client.call("search", #"{"term":"nothing cached"}"#)
    #expect(miss.isError, "\(miss)")
    let end = await client.finish()
    #expect(end.exited(0), "\(end)")
    #expect(sandbox.server.requestCount == 1, "only the CLI's warm-up reached the server")
  }

  @Test("SIGTERM ends the server at once with status 0, the demo's folder removed")
  func signal() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox, "--demo")
    try await client.initialize()
    #expect(Self.demoFolders(sandbox).count == 1)
    client.running.send(SIGTERM)
    let end = await client.running.result()
    #expect(end.exited(0), "\(end)")
    Self.expectOnlyProtocol(end)
    #expect(Self.demoFolders(sandbox) == [])
  }

  @Test("an answer that cannot be written (/dev/full, a closed stdout) ends the server with 74")
  func unwritableOutput() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n"
    // Two requests: the server stops at the first answer it cannot write.
    let input = try sandbox.write(Data((ping + ping).utf8), to: "requests.jsonl")
    for (redirect, cause) in [(">/dev/full", "ENOSPC"), (">&-", "EBADF")] {
      let result = try await WriteFailureTests.shell(
        sandbox, ["mcp"], redirect: "<'\(input)' \(redirect)")
      #expect(result.exited(74), "\(redirect): \(result)")
      #expect(result.stderr.contains("could not write to standard output"), "\(result)")
      #expect(result.stderr.contains(cause), "\(result)")
    }
    // Written, the same input ends with 0.
    let fine = try await WriteFailureTests.shell(sandbox, ["mcp"], redirect: "<'\(input)'")
    #expect(fine.exited(0), "\(fine)")
    #expect(fine.stdout.split(separator: "\n").count == 2, "\(fine)")
  }

  /// The demo's favourites folders in the sandbox's TMPDIR.
  static func demoFolders(_ sandbox: Sandbox) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)) ?? []
    return names.filter { $0.hasPrefix("tunes-mcp-demo-") }
  }

  @Test("every tool's input and output schema is valid JSON Schema")
  func schemas() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let client = try MCPClient(sandbox)
    try await client.initialize()
    let listing = try await client.request("tools/list")
    let tools = try #require((listing["result"] as? [String: Any])?["tools"] as? [[String: Any]])
    #expect(
      tools.compactMap { $0["name"] as? String } == [
        "search", "lookup", "charts", "genres", "favorites_list", "favorites_add",
        "favorites_remove", "history", "watch", "where", "releases",
      ])
    for tool in tools {
      let name = tool["name"] as? String ?? "?"
      #expect(tool["title"] is String && tool["description"] is String, "\(name)")
      for key in ["inputSchema", "outputSchema"] {
        let schema = try #require(tool[key] as? [String: Any], "\(name) has no \(key)")
        #expect(schema["type"] as? String == "object", "\(name).\(key)")
        #expect(SchemaCheck.problems(schema, at: "\(name).\(key)") == [])
      }
    }
    _ = await client.finish()
  }

  /// Standard output holds JSON-RPC messages only, one a line.
  static func expectOnlyProtocol(_ result: ProcessRunner.Result) {
    for line in result.stdout.split(separator: "\n") {
      let object =
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["jsonrpc"] as? String == "2.0", "not a protocol message: \(line)")
    }
  }
}

/// A check of JSON Schema documents against the vocabulary they use (draft 2020-12's keywords,
/// their types and how they relate), without a schema library.
enum SchemaCheck {
  static let types: Set<String> = [
    "object", "array", "string", "integer", "number", "boolean", "null",
  ]

  static func problems(_ schema: [String: Any], at path: String) -> [String] {
    var found: [String] = []
    let known: Set<String> = [
      "type", "properties", "required", "items", "enum", "minimum", "maximum", "minLength",
      "minItems", "maxItems", "description", "additionalProperties", "title",
    ]
    for key in schema.keys where !known.contains(key) { found.append("\(path): unknown \(key)") }
    if let type = schema["type"], !(type is String && types.contains(type as? String ?? "")) {
      found.append("\(path): type \(type)")
    }
    if let properties = schema["properties"] {
      guard let properties = properties as? [String: Any] else {
        return found + ["\(path): properties is not an object"]
      }
      for (name, value) in properties {
        guard let sub = value as? [String: Any] else {
          found.append("\(path).\(name): not a schema")
          continue
        }
        found += problems(sub, at: "\(path).\(name)")
      }
      if let required = schema["required"] {
        let names = required as? [String] ?? []
        if names.count != (required as? [Any])?.count { found.append("\(path): required") }
        for name in names where properties[name] == nil {
          found.append("\(path): required \(name) is not a property")
        }
      }
    }
    if let items = schema["items"] {
      if let sub = items as? [String: Any] {
        found += problems(sub, at: "\(path)[]")
      } else {
        found.append("\(path): items is not a schema")
      }
    }
    if let values = schema["enum"], (values as? [Any])?.isEmpty != false {
      found.append("\(path): enum must be a non-empty array")
    }
    for key in ["minimum", "maximum", "minLength", "minItems", "maxItems"] {
      if let value = schema[key], !(value is Int) { found.append("\(path): \(key) \(value)") }
    }
    if let low = schema["minimum"] as? Int, let high = schema["maximum"] as? Int, low > high {
      found.append("\(path): minimum above maximum")
    }
    if let extra = schema["additionalProperties"], !(extra is Bool) {
      found.append("\(path): additionalProperties")
    }
    return found
  }
}
