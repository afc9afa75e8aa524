import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import TestSupport
import Testing

@Suite("Connections: headers, cancellation, deadline, body cap")
struct ConnectionTests {
  let request = CatalogRequest(endpoint: .search, parameters: [.init("term", "x")])

  @Test("the request carries the tunes User-Agent", arguments: HTTPTransport.Kind.allCases)
  func userAgent(kind: HTTPTransport.Kind) async throws {
    let body = Bodies.emptyPage
    let answer =
      Data(
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
    let server = try TinyServer(.respond(answer))
    defer { server.stop() }
    let response = try await liveClient(base: server.baseURL, kind: kind).fetch(request)
    #expect(response.page.items.isEmpty)
    #expect(response.page.resultCount == 0)
    let head = try #require(server.requestHeads.first)
    #expect(head.hasPrefix("GET /search?term=x HTTP/1.1\r\n"))
    #expect(head.lowercased().contains("\r\nuser-agent: tunes/0.1.0\r\n"))
  }

  @Test("a second request reuses the open connection", arguments: HTTPTransport.Kind.allCases)
  func keepAlive(kind: HTTPTransport.Kind) async throws {
    let body = Bodies.onePage
    let answer = Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    let server = try TinyServer(.respondKeepAlive(answer))
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL, kind: kind)
    for _ in 0..<3 {
      #expect(try await client.fetch(request).page.items.count == 1)
    }
    #expect(server.requestHeads.count == 3)
    #expect(server.connectionCount == 1)
  }

  @Test(
    "cancelling the task closes the connection and reports cancelled",
    arguments: HTTPTransport.Kind.allCases)
  func cancellationClosesConnection(kind: HTTPTransport.Kind) async throws {
    let server = try TinyServer(.holdOpen)
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL, timeout: 30, kind: kind)
    let task = Task { await fetchError(client, request) }
    #expect(await eventually { server.requestHeads.count == 1 })
    task.cancel()
    #expect(await task.value == .cancelled)
    #expect(await eventually { server.clientCloseCount == 1 })
  }

  @Test("the deadline closes the connection too", arguments: HTTPTransport.Kind.allCases)
  func deadlineClosesConnection(kind: HTTPTransport.Kind) async throws {
    let server = try TinyServer(.holdOpen)
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL, timeout: 1, kind: kind)
    #expect(await fetchError(client, request) == .timedOut(seconds: 1))
    #expect(await eventually { server.clientCloseCount == 1 })
  }

  @Test(
    "a body without Content-Length is cut off once it passes the cap",
    arguments: HTTPTransport.Kind.allCases)
  func streamingCap(kind: HTTPTransport.Kind) async throws {
    var answer = Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
    answer.append(Data(repeating: UInt8(ascii: " "), count: 17 * 1_048_576))
    let server = try TinyServer(.respond(answer))
    defer { server.stop() }
    let error = await fetchError(try liveClient(base: server.baseURL, kind: kind), request)
    #expect(error == .tooLarge(limit: 16 * 1_048_576))
  }

  @Test("the deadline wrapper times out on the injected clock and cancels the request")
  func deadlineOnTestClock() async throws {
    let clock = TestClock()
    let cancelled = Counter()
    // Hangs until cancelled without a real timer: an hour-long Task.sleep left a far-off
    // dispatch timer armed, and with it the shorter sleeps of the whole parallel run stopped
    // firing (every test waiting, no thread busy).
    let hanging = HTTPTransport { _ in
      let (stream, keepOpen) = AsyncStream<Never>.makeStream()
      for await _ in stream {}  // a stream's iteration ends when the task is cancelled
      withExtendedLifetime(keepOpen) {}
      guard Task.isCancelled else { return TransportResponse(status: 200) }
      cancelled.increment()
      throw ClientError.cancelled
    }
    let transport = hanging.withDeadline(seconds: 15, clock: clock.clock)
    let url = try #require(URL(string: "https://itunes.apple.com/search?term=x"))
    let task = Task {
      do {
        _ = try await transport.send(TransportRequest(url: url))
        return nil as ClientError?
      } catch {
        return error as? ClientError
      }
    }
    // If the deadline never starts, stop and cancel: nothing would move the clock again.
    defer { task.cancel() }
    try #require(await eventually { clock.pendingSleepers == 1 })
    await clock.advance(by: .seconds(14))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    #expect(await task.value == .timedOut(seconds: 15))
    #expect(cancelled.count == 1)
  }
}
