import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Fault injection")
struct FaultInjectionTests {
  static let target = "/lookup?id=42"

  static func expectedBody() throws -> Data { try Fixtures.ownFile("replay/lookup-id-42.json") }

  @Test("delay holds the answer at least that long, then answers normally")
  func delay() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.delay(seconds: 0.4), forNext: 1)
    let start = Date()
    let (data, response) = try await TestClient.get(server, Self.target)
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed >= 0.4)
    #expect(elapsed < 120)
    #expect(response.statusCode == 200)
    #expect(data == (try Self.expectedBody()))
  }

  @Test(
    "a status fault answers with that status, an empty body and no Retry-After",
    arguments: [403, 429, 500])
  func status(code: Int) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.status(code))
    let (data, response) = try await TestClient.get(server, Self.target)
    #expect(response.statusCode == code)
    #expect(data.isEmpty)
    #expect(response.value(forHTTPHeaderField: "Retry-After") == nil)
    #expect(response.value(forHTTPHeaderField: "Content-Length") == "0")
  }

  @Test("html503 answers 503 with an HTML page")
  func html503() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.html503)
    let (data, response) = try await TestClient.get(server, Self.target)
    #expect(response.statusCode == 503)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
    #expect(String(decoding: data, as: UTF8.self).hasPrefix("<html><head><title>Error</title>"))
  }

  @Test("a truncated body makes URLSession throw URLError(.unknown)")
  func truncated() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.truncated)
    do {
      _ = try await TestClient.get(server, Self.target)
      Issue.record("expected a transport error")
    } catch let error as URLError {
      #expect(error.code == .unknown)
    }
    let connection = try RawConnection(port: server.port)
    server.injectFault(.truncated)
    connection.send("GET \(Self.target) HTTP/1.1\r\nHost: x\r\n\r\n")
    let (bytes, error) = connection.readToEnd()
    let text = String(decoding: bytes, as: UTF8.self)
    let body = try Self.expectedBody()
    #expect(error == 0)
    #expect(text.contains("Content-Length: \(body.count + 1024)\r\n"))
    #expect(text.hasSuffix(String(decoding: body.prefix(body.count / 2), as: UTF8.self)))
  }

  @Test("reset makes the client see ECONNRESET")
  func reset() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.reset, forNext: 2)
    let connection = try RawConnection(port: server.port)
    connection.send("GET \(Self.target) HTTP/1.1\r\nHost: x\r\n\r\n")
    let (bytes, error) = connection.readToEnd()
    #expect(bytes.isEmpty)
    #expect(error == ECONNRESET)
    await #expect(throws: URLError.self) { _ = try await TestClient.get(server, Self.target) }
  }

  @Test("hang keeps the socket until the client times out, and stop() releases it promptly")
  func hang() async throws {
    let server = try TestClient.ownServer()
    server.injectFault(.hang)
    do {
      _ = try await TestClient.get(server, Self.target, session: TestClient.session(timeout: 1))
      Issue.record("expected a timeout")
    } catch let error as URLError {
      #expect(error.code == .timedOut)
    }
    #expect(server.requestCount == 1)
    #expect(server.openConnectionCount == 1)
    let start = Date()
    server.stop()
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(server.openConnectionCount == 0)
  }

  @Test("stop() also ends a long delay and idle keep-alive connections")
  func stopInterruptsDelay() async throws {
    let server = try TestClient.ownServer()
    let idle = try RawConnection(port: server.port)
    idle.send("GET \(Self.target) HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(idle.readResponse().hasPrefix("HTTP/1.1 200"))
    server.injectFault(.delay(seconds: 60))
    let delayed = try RawConnection(port: server.port)
    delayed.send("GET \(Self.target) HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(await TestClient.eventually { server.requestCount == 2 })
    #expect(server.openConnectionCount == 2)
    let start = Date()
    server.stop()
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(server.openConnectionCount == 0)
    #expect(delayed.readToEnd().bytes.isEmpty)
    #expect(idle.readToEnd().bytes.isEmpty)
  }

  @Test(
    "oversized answers 200 with exactly N bytes of valid JSON", arguments: [10, 100, 17_000_000])
  func oversized(bytes: Int) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.oversized(bytes: bytes))
    let (data, response) = try await TestClient.get(server, Self.target)
    #expect(response.statusCode == 200)
    #expect(data.count == bytes)
    #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
  }

  @Test("invalidUTF8 answers 200 with a body that does not decode as UTF-8")
  func invalidUTF8() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.invalidUTF8)
    let (data, response) = try await TestClient.get(server, Self.target)
    #expect(response.statusCode == 200)
    #expect(String(data: data, encoding: .utf8) == nil)
    #expect(data.starts(with: Data("{\"resultCount\":1".utf8)))
  }

  @Test("forNext faults the next N requests only")
  func forNext() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.status(429), forNext: 2)
    var statuses: [Int] = []
    for _ in 0..<3 { statuses.append(try await TestClient.get(server, Self.target).1.statusCode) }
    #expect(statuses == [429, 429, 200])
  }

  @Test("a prefix fault hits matching requests only, by target or canonical form")
  func matching() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.injectFault(.status(403), matching: "/search?entity=song", times: 1)
    server.injectFault(.status(429), matching: "/lookup?id=bad")
    let search = try await TestClient.get(server, "/search?term=hello+world&entity=song").1
    let searchAgain = try await TestClient.get(server, "/search?term=hello+world&entity=song").1
    let other = try await TestClient.get(server, Self.target).1
    let bad = try await TestClient.get(server, "/lookup?id=bad").1
    let badAgain = try await TestClient.get(server, "/lookup?id=bad").1
    #expect(search.statusCode == 403)
    #expect(searchAgain.statusCode == 200)
    #expect(other.statusCode == 200)
    #expect([bad.statusCode, badAgain.statusCode] == [Int]([429, 429]))
    server.clearFaults()
    #expect(try await TestClient.get(server, "/lookup?id=bad").1.statusCode == 400)
  }

  @Test("a run-wide fault applies to every request until cleared")
  func serverWide() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    server.setFault(try ReplayFault(spec: "status=429"))
    #expect(try await TestClient.get(server, Self.target).1.statusCode == 429)
    #expect(try await TestClient.get(server, "/lookup?id=bad").1.statusCode == 429)
    server.setFault(nil)
    #expect(try await TestClient.get(server, Self.target).1.statusCode == 200)
  }
}
