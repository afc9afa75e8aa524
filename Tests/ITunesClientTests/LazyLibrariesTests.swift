import CStartup
import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import TestSupport
import Testing

/// The test binary links CStartup like the `tunes` executable, so every libcurl call in the suite
/// goes through its stubs (Sources/CStartup/stubs.S); this one proves the stub was taken.
@Suite("Libraries bound lazily at start-up")
struct LazyLibrariesTests {
  @Test("a libcurl request through the stubs loads libcurl on first use and gets its answer")
  func curlThroughStubs() async throws {
    #if arch(x86_64) && os(Linux)
      let body = Bodies.onePage
      let answer =
        Data(
          "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        + body
      let server = try TinyServer(.respond(answer))
      defer { server.stop() }
      let request = CatalogRequest(endpoint: .search, parameters: [.init("term", "x")])
      let response = try await liveClient(base: server.baseURL, kind: .curl).fetch(request)
      #expect(response.page.items.count == 1)
      #expect(tunes_lazy_libraries_loaded() >= 1)
    #endif
  }
}
