import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Replay server")
struct ReplayServerTests {
  @Test(
    "variants of a recorded request get the recorded bytes",
    arguments: [
      "/search?term=Hello+World&entity=song",
      "/search?entity=song&term=hello%20world",
      "/search?term=HELLO++world&entity=Song&country=US&_=123",
      "/search?term=hello%20%20World&entity=song&output=json&lang=en_us",
    ])
  func matchesVariants(target: String) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, target)
    #expect(response.statusCode == 200)
    #expect(data == (try Fixtures.ownFile("replay/search-hello-world.json")))
    #expect(server.requestCount(for: "/search?term=hello+world&entity=song") == 1)
  }

  @Test("a recorded error status is served with its body")
  func recordedErrorStatus() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/lookup?id=bad")
    #expect(response.statusCode == 400)
    #expect(data == (try Fixtures.ownFile("replay/lookup-id-bad.json")))
  }

  @Test("an unknown request is a 404 naming the canonical request it looked for")
  func unknownRequest() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/search?term=Nobody%20Here&limit=5")
    #expect(response.statusCode == 404)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
    #expect(object == ["errorMessage": "replay: no recording for /search?limit=5&term=nobody+here"])
  }

  @Test("an unknown path is a 404 that says the path is unknown")
  func unknownPath() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/WebObjects/wsSearch?term=x")
    #expect(response.statusCode == 404)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("replay: unknown path /WebObjects/wsSearch"))
  }

  @Test("routes registered in code are served with their headers, and replace recordings")
  func registeredRoutes() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    try server.register(
      request: "/search?term=x", status: 201, body: Data("{\"x\":1}".utf8),
      headers: ["X-Test": "yes"])
    try server.register(request: "/lookup?id=42", body: Data("{}".utf8))
    let (data, response) = try await TestClient.get(server, "/search?term=X")
    #expect(response.statusCode == 201)
    #expect(data == Data("{\"x\":1}".utf8))
    #expect(response.value(forHTTPHeaderField: "X-Test") == "yes")
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8")
    let (replaced, _) = try await TestClient.get(server, "/lookup?id=42")
    #expect(replaced == Data("{}".utf8))
    #expect(throws: ReplayError.invalidRequest("search?term=x")) {
      try server.register(request: "search?term=x", body: Data())
    }
    #expect(throws: ReplayError.invalidStatus(99)) {
      try server.register(request: "/x", status: 99, body: Data())
    }
  }

  @Test("the request count covers every request, 404s included")
  func counts() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    #expect(server.requestCount == 0)
    _ = try await TestClient.get(server, "/lookup?id=42")
    _ = try await TestClient.get(server, "/lookup?id=42&country=us")
    _ = try await TestClient.get(server, "/lookup?id=43")
    #expect(server.requestCount == 3)
    #expect(server.requestCount(for: "/lookup?id=42") == 2)
    #expect(server.requestCount(for: "/lookup?id=43") == 1)
    #expect(server.requestCount(for: "/lookup?id=44") == 0)
  }

  @Test("twenty concurrent requests are all answered correctly")
  func concurrentRequests() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let expected = try Fixtures.ownFile("replay/lookup-id-42.json")
    let session = TestClient.session()
    let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
      for index in 0..<20 {
        group.addTask {
          try await TestClient.get(server, "/lookup?id=42&_=\(index)", session: session).0
        }
      }
      return try await group.reduce(into: [Data]()) { $0.append($1) }
    }
    #expect(bodies.count == 20)
    #expect(bodies.allSatisfy { $0 == expected })
    #expect(server.requestCount == 20)
  }

  @Test("one connection serves several requests with keep-alive, then honours Connection: close")
  func keepAlive() throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET /lookup?id=42 HTTP/1.1\r\nHost: x\r\n\r\n")
    let first = connection.readResponse()
    #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(first.contains("Connection: keep-alive"))
    #expect(
      first.hasSuffix(
        String(decoding: try Fixtures.ownFile("replay/lookup-id-42.json"), as: UTF8.self)))
    connection.send("GET /lookup?id=bad HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let (rest, error) = connection.readToEnd()
    let second = String(decoding: rest, as: UTF8.self)
    #expect(error == 0)
    #expect(second.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(second.contains("Connection: close"))
    #expect(server.requestCount == 2)
  }

  @Test("bytes that are not HTTP get a 400, other methods a 405")
  func badRequests() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("HELLO\r\n\r\n")
    let (bytes, _) = connection.readToEnd()
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
    let (data, response) = try await TestClient.get(server, "/lookup?id=42", method: "DELETE")
    #expect(response.statusCode == 405)
    #expect(response.value(forHTTPHeaderField: "Allow") == "GET, HEAD")
    #expect(String(decoding: data, as: UTF8.self).contains("DELETE"))
  }

  @Test("every request is logged with method, target, status, bytes and fault")
  func logging() async throws {
    let box = LogBox()
    let server = try TestClient.ownServer(log: box.sink)
    defer { server.stop() }
    server.injectFault(.status(429), matching: "/search")
    let (body, _) = try await TestClient.get(server, "/lookup?id=42")
    _ = try await TestClient.get(server, "/search?term=hello+world&entity=song")
    #expect(await TestClient.eventually { box.entries.count == 2 })
    let entries = box.entries.sorted { $0.target < $1.target }
    try #require(entries.count == 2)
    #expect(entries.map(\.method) == ["GET", "GET"])
    #expect(entries.map(\.target) == ["/lookup?id=42", "/search?term=hello+world&entity=song"])
    #expect(
      entries.map(\.canonicalRequest) == ["/lookup?id=42", "/search?entity=song&term=hello+world"])
    #expect(entries.map(\.status) == [200, 429])
    #expect(entries.map(\.fault) == [nil, .status(429)])
    #expect(entries[0].bytesSent > body.count)
    #expect(entries[0].duration >= .zero)
    #expect(entries[1].line.hasPrefix("replay: GET /search?term=hello+world&entity=song 429 "))
    #expect(entries[1].line.hasSuffix("[fault status=429]"))
  }

  @Test("HEAD of a recording sends its headers only, and a request body is skipped")
  func headAndBody() throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let body = try Fixtures.ownFile("replay/lookup-id-42.json")
    let connection = try RawConnection(port: server.port)
    connection.send("HEAD /lookup?id=42 HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = connection.readResponse(head: true)
    #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(head.contains("Content-Length: \(body.count)\r\n"))
    #expect(head.hasSuffix("\r\n\r\n"))
    connection.send(
      "GET /lookup?id=bad HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello"
        + "GET /lookup?id=42 HTTP/1.1\r\n\r\n")
    let (rest, _) = connection.readToEnd()
    let text = String(decoding: rest, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(text.contains("Connection: close"))
    #expect(server.requestCount == 2)
  }

  @Test("a log line says when no answer was sent")
  func logLineWithoutStatus() {
    let entry = ReplayLogEntry(
      method: "GET", target: "/lookup?id=1", canonicalRequest: "/lookup?id=1", status: nil,
      bytesSent: 0, duration: .milliseconds(1500), fault: .hang)
    #expect(entry.line == "replay: GET /lookup?id=1 --- 0 B 1500.0 ms [fault hang]")
  }

  @Test("start binds a port and baseURL; a second start and a taken port are errors")
  func lifecycle() throws {
    let server = try ReplayServer(directory: TestClient.ownReplay, log: ReplayServer.silentLog)
    #expect(server.port == 0)
    #expect(!server.isRunning)
    try server.start()
    #expect(server.isRunning)
    #expect(server.port != 0)
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    #expect(throws: ReplayError.alreadyStarted) { try server.start() }
    let rival = try ReplayServer(port: server.port, log: ReplayServer.silentLog)
    #expect(throws: ReplayError.self) { try rival.start() }
    server.stop()
    #expect(!server.isRunning)
    #expect(throws: (any Error).self) { try RawConnection(port: server.port) }
  }

  @Test("withRunning starts a server for the body and stops it afterwards, on error too")
  func scoped() async throws {
    let (served, escaped) = try await ReplayServer.withRunning(directories: [TestClient.ownReplay])
    {
      server in
      (try await TestClient.get(server, "/lookup?id=42").1.statusCode, server)
    }
    #expect(served == 200)
    #expect(!escaped.isRunning)
    var leaked: ReplayServer?
    await #expect(throws: ReplayError.alreadyStarted) {
      try await ReplayServer.withRunning(directories: []) { server in
        leaked = server
        try server.start()
      }
    }
    #expect(leaked?.isRunning == false)
  }

  @Test("wait() returns once another thread calls stop()")
  func waitUntilStopped() async throws {
    let server = try TestClient.ownServer()
    // wait() blocks its thread until stop(): keep it off the cooperative pool, where it could
    // hold one of the few threads the rest of this test (and others) need to reach stop().
    let waiter = Task {
      await DedicatedThread.run {
        server.wait()
        return true
      }
    }
    _ = try await TestClient.get(server, "/lookup?id=42")
    server.stop()
    #expect(await waiter.value)
  }
}
