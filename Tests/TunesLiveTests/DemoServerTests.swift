import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesLive

/// The demo's client talks to the demo server in this process, not through a socket.
@Suite("The demo server's client")
struct DemoServerTests {
  @Test("An API request to the demo server is answered in this process; any other URL goes out")
  func answeredInProcess() async throws {
    let base = try DemoServer.start().absoluteString
    let sent = Mutex<[URL]>([])
    let transport = DemoServer.inProcess(
      otherwise: HTTPTransport { request in
        sent.withLock { $0.append(request.url) }
        return TransportResponse(status: 204)
      })
    let answer = try await transport.send(
      TransportRequest(url: URL(test: base + "/search?term=golden&limit=3")))
    #expect(answer.status == 200)
    #expect(answer.headers["content-type"] == "text/javascript; charset=utf-8")
    let page = try CatalogPage.decode(answer.body)
    #expect(page.items.count == 3)
    #expect(page.items.first?.title.lowercased().contains("golden") == true)
    let missing = try await transport.send(TransportRequest(url: URL(test: base + "/nowhere")))
    #expect(missing.status == 404)
    #expect(sent.withLock { $0 }.isEmpty)
    let elsewhere = URL(test: "http://127.0.0.1:9/search?term=golden")
    #expect(try await transport.send(TransportRequest(url: elsewhere)).status == 204)
    #expect(sent.withLock { $0 } == [elsewhere])
  }
}
