import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// Records the URLs the app asked the browser to open.
final class OpenedURLs: Sendable {
  private let urls = Mutex<[URL]>([])
  var all: [URL] { urls.withLock { $0 } }
  func open(_ url: URL) { urls.withLock { $0.append(url) } }
}

@MainActor
@Suite("Links")
struct LinkTests {
  static func detail(store: String?, author: String? = nil) -> AppState {
    var item = Samples.item(1)
    item.storeURLText = store
    item.authorURLText = author
    return AppState(stack: [.detail(DetailState(item: item, details: .loaded(item)))])
  }

  @Test("o opens an https store link in the browser and says so")
  func opensHTTPS() async throws {
    let opened = OpenedURLs()
    let link = "https://music.apple.com/us/album/x/1?i=2"
    let store = makeStore(
      Self.detail(store: link), Samples.dependencies(openURL: { opened.open($0) }))
    try await store.send(.detail(.openStoreLinkRequested))
    let url = try #require(URL(string: link))
    try await store.receive(.linkOpened(.success(url))) { $0.notice = "Opened in browser" }
    #expect(opened.all == [url])
    try await store.finish()
  }

  @Test(
    "links that are not http or https are absent (never a URL), so o has none to open",
    arguments: ["file:///etc/passwd", "javascript:alert(1)", "itms-apps://apps.apple.com/app/id1"])
  func refuses(link: String) async throws {
    let opened = OpenedURLs()
    let store = makeStore(
      Self.detail(store: link), Samples.dependencies(openURL: { opened.open($0) }))
    try await store.send(.detail(.openStoreLinkRequested)) {
      $0.notice = "This item has no store link."
    }
    #expect(opened.all.isEmpty)
    try await store.finish()
  }

  @Test("the policy allows http and https with a host only")
  func policy() throws {
    for (text, allowed) in [
      ("https://a.example/x", true), ("HTTP://a.example", true), ("http:///nohost", false),
      ("ftp://a.example", false), ("mailto:a@b.c", false),
    ] {
      let url = try #require(URL(string: text))
      #expect(LinkPolicy.isOpenable(url) == allowed, "\(text)")
    }
  }

  @Test("a missing link and a failing browser become notices")
  func missingAndFailing() async throws {
    struct NoBrowser: Error, LocalizedError {
      var errorDescription: String? { "xdg-open not found" }
    }
    let store = makeStore(
      Self.detail(store: nil, author: "https://music.apple.com/us/artist/a/2"),
      Samples.dependencies(openURL: { _ in throw NoBrowser() }))
    try await store.send(.detail(.openStoreLinkRequested)) {
      $0.notice = "This item has no store link."
    }
    try await store.send(.detail(.openAuthorLinkRequested)) { $0.notice = nil }
    let url = try #require(URL(string: "https://music.apple.com/us/artist/a/2"))
    // Never "Opened in browser": the notice says it failed and shows the link itself.
    try await store.receive(.linkOpenFailed(url: url, reason: "xdg-open not found")) {
      $0.notice = "No browser opened (xdg-open not found). y copies the link:"
      $0.noticeLink = "https://music.apple.com/us/artist/a/2"
    }
    // y asks for an OSC 52 copy of the link; each request is numbered, so a second is new.
    try await store.send(.linkCopyRequested(url.absoluteString)) {
      $0.noticeLink = nil
      $0.clipboard = ClipboardCopy(id: 1, text: "https://music.apple.com/us/artist/a/2")
      $0.notice = "Copied the link to the clipboard (OSC 52; where the terminal allows it)."
    }
    try await store.send(.linkCopyRequested(url.absoluteString)) {
      $0.clipboard = ClipboardCopy(id: 2, text: "https://music.apple.com/us/artist/a/2")
    }
    try await store.finish()
  }

  @Test("a opens the author's link from the author block")
  func authorLink() async throws {
    let opened = OpenedURLs()
    var item = Samples.item(1, .song, authorID: 2)
    item.authorURLText = "https://fallback.example/artist"
    var artist = Samples.item(2, .artist)
    artist.storeURLText = "https://music.apple.com/us/artist/a/2"
    let detail = DetailState(
      item: item, details: .loaded(item),
      author: .loaded(AuthorBlock(author: artist, works: [])))
    let store = makeStore(
      AppState(stack: [.detail(detail)]), Samples.dependencies(openURL: { opened.open($0) }))
    try await store.send(.detail(.openAuthorLinkRequested))
    let url = try #require(artist.storeURL)
    try await store.receive(.linkOpened(.success(url))) { $0.notice = "Opened in browser" }
    #expect(opened.all == [url])
    try await store.finish()
  }
}
