import AppArchitecture
import Foundation
import ITunesCatalog
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// A watch whose answers a test sets, counting the checks it was asked for.
final class ScriptedWatch: Sendable {
  let digest: Mutex<Result<WatchDigest, FeatureError>>
  let report: Mutex<Result<WatchCheckReport, FeatureError>>
  let checks = Mutex<[String]>([])
  let seen: Mutex<[SeenState]>
  let answers: Mutex<Result<[StorefrontAnswer], FeatureError>>
  let asked = Mutex<[[String]]>([])

  init(
    digest: Result<WatchDigest, FeatureError> = .success(WatchSamples.empty),
    report: Result<WatchCheckReport, FeatureError> = .success(
      WatchCheckReport(summary: [], changeCount: 0)),
    seen: [SeenState] = [], answers: Result<[StorefrontAnswer], FeatureError> = .success([])
  ) {
    self.digest = Mutex(digest)
    self.report = Mutex(report)
    self.seen = Mutex(seen)
    self.answers = Mutex(answers)
  }

  var client: WatchClient {
    WatchClient(
      recent: { try self.digest.withLock { $0 }.get() },
      check: { country in
        self.checks.withLock { $0.append(country) }
        return try self.report.withLock { $0 }.get()
      },
      history: { _, _ in self.seen.withLock { $0 } },
      storefronts: { _, countries in
        self.asked.withLock { $0.append(countries) }
        return try self.answers.withLock { $0 }.get()
      })
  }
}

/// Dates and digests the watch tests share.
enum WatchSamples {
  static let day = Date(timeIntervalSince1970: 1_796_200_000)
  static let empty = WatchDigest(changes: [], lastCheck: nil, since: day)
}

@MainActor
@Suite("The Changes row, on its own state")
struct WatchFeatureTests {
  static let day = WatchSamples.day
  static let empty = WatchSamples.empty

  static func drop(_ id: Int64, at offset: TimeInterval) -> ChangeEntry {
    ChangeEntry(
      itemID: id, country: "us", itemKind: "software", title: "App \(id)", kind: .priceDown,
      field: "price", old: "4.99", new: "3.99", currency: "USD", at: day + offset)
  }

  static func dependencies(_ watch: ScriptedWatch) -> TunesDependencies {
    var dependencies = Samples.dependencies()
    dependencies.watch = watch.client
    return dependencies
  }

  static func state(_ watch: WatchState = WatchState()) -> WatchFeature.State {
    WatchFeature.State(watch: watch, country: "gb")
  }

  @Test("reading the row: loading, then the stored changes; a failure is kept with what was shown")
  func reading() async throws {
    let digest = WatchDigest(
      changes: [Self.drop(2, at: 60), Self.drop(1, at: 0)], lastCheck: Self.day + 60,
      since: Self.day)
    let watch = ScriptedWatch(digest: .success(digest))
    let store = TestStore(
      initialState: Self.state(), reducer: WatchFeature(dependencies: Self.dependencies(watch)))
    try await store.send(.loadRequested) { $0.watch.digest = .loading(previous: nil) }
    try await store.receive(.loaded(.success(digest))) { $0.watch.digest = .loaded(digest) }
    watch.digest.withLock { $0 = .failure(.storage("disk I/O error")) }
    try await store.send(.loadRequested) { $0.watch.digest = .loading(previous: digest) }
    try await store.receive(.loaded(.failure(.storage("disk I/O error")))) {
      $0.watch.digest = .failed(.storage("disk I/O error"), previous: digest)
    }
    #expect(store.state.watch.entries.map(\.itemID) == [2, 1])
    try await store.finish()
  }

  @Test("C checks the storefront in force, says what it found, keeps the releases and reads again")
  func check() async throws {
    let release = ChangeEntry(
      itemID: 9, country: "gb", itemKind: "album", title: "New Album", kind: .newRelease,
      notes: "Band", at: Self.day + 120)
    let report = WatchCheckReport(
      summary: ["checked 2 item(s) in GB: 1 change(s)."], changeCount: 1, releases: [release])
    let after = WatchDigest(
      changes: [Self.drop(1, at: 0)], lastCheck: Self.day + 100, since: Self.day)
    let watch = ScriptedWatch(digest: .success(after), report: .success(report))
    let store = TestStore(
      initialState: Self.state(WatchState(digest: .loaded(Self.empty))),
      reducer: WatchFeature(dependencies: Self.dependencies(watch)))
    try await store.send(.checkRequested) { $0.watch.isChecking = true }
    try await store.receive(.delegate(.notice("Checking the watched items in GB…")))
    try await store.receive(.checked(.success(report))) {
      $0.watch.isChecking = false
      $0.watch.releases = [release]
      $0.watch.findings = 1
      $0.watch.lastFinding = "The watch found 1 change and 1 new release."
      $0.watch.digest = .loading(previous: Self.empty)
    }
    try await store.receive(.delegate(.notice("The watch found 1 change and 1 new release.")))
    try await store.receive(.loaded(.success(after))) { $0.watch.digest = .loaded(after) }
    #expect(watch.checks.withLock { $0 } == ["gb"])
    // Newest first: the release (found later) above the stored price drop.
    #expect(store.state.watch.entries.map(\.kind) == [.newRelease, .priceDown])
    try await store.finish()
  }

  @Test("a check that finds nothing says what the command said; a failed one is kept and said")
  func nothingAndFailure() async throws {
    let quiet = WatchCheckReport(
      summary: ["checked 2 item(s) in GB: no changes since the last check."], changeCount: 0)
    let watch = ScriptedWatch(report: .success(quiet))
    let store = TestStore(
      initialState: Self.state(WatchState(digest: .loaded(Self.empty))),
      reducer: WatchFeature(dependencies: Self.dependencies(watch)))
    try await store.send(.checkRequested) { $0.watch.isChecking = true }
    try await store.receive(.delegate(.notice("Checking the watched items in GB…")))
    try await store.receive(.checked(.success(quiet))) {
      $0.watch.isChecking = false
      $0.watch.digest = .loading(previous: Self.empty)
    }
    try await store.receive(
      .delegate(.notice("checked 2 item(s) in GB: no changes since the last check.")))
    try await store.receive(.loaded(.success(Self.empty))) {
      $0.watch.digest = .loaded(Self.empty)
    }
    let throttled = FeatureError.other("Apple's rate limit: wait 40 s.")
    watch.report.withLock { $0 = .failure(throttled) }
    try await store.send(.checkRequested) { $0.watch.isChecking = true }
    try await store.receive(.delegate(.notice("Checking the watched items in GB…")))
    try await store.receive(.checked(.failure(throttled))) {
      $0.watch.isChecking = false
      $0.watch.checkError = throttled
      $0.watch.digest = .loading(previous: Self.empty)
    }
    try await store.receive(.delegate(.notice("The check failed: Apple's rate limit: wait 40 s.")))
    // What a check stopped part way stored is read all the same.
    try await store.receive(.loaded(.success(Self.empty))) {
      $0.watch.digest = .loaded(Self.empty)
    }
    #expect(store.state.watch.findings == 0)
    try await store.finish()
  }

  @Test("C while a check runs asks nothing more")
  func checkUnderWay() async throws {
    let watch = ScriptedWatch()
    var running = WatchState(digest: .loaded(Self.empty))
    running.isChecking = true
    let store = TestStore(
      initialState: Self.state(running),
      reducer: WatchFeature(dependencies: Self.dependencies(watch)))
    try await store.send(.checkRequested)
    try await store.receive(.delegate(.notice("A check is already under way.")))
    #expect(watch.checks.withLock { $0 }.isEmpty)
    try await store.finish()
  }

  @Test("in the app: the row's words are the notice, and the row is read again after a check")
  func inTheApp() async throws {
    let quiet = WatchCheckReport(
      summary: ["checked 1 item(s) in US: no changes since the last check."], changeCount: 0)
    let watch = ScriptedWatch(report: .success(quiet))
    let store = TestStore(
      initialState: AppState(), reducer: AppFeature(dependencies: Self.dependencies(watch)))
    try await store.send(.watch(.checkRequested)) {
      $0.watch.isChecking = true
      $0.notice = "Checking the watched items in US…"
    }
    try await store.receive(.watch(.checked(.success(quiet)))) {
      $0.watch.isChecking = false
      $0.watch.digest = .loading(previous: nil)
      $0.notice = "checked 1 item(s) in US: no changes since the last check."
    }
    try await store.receive(.watch(.loaded(.success(Self.empty)))) {
      $0.watch.digest = .loaded(Self.empty)
    }
    #expect(watch.checks.withLock { $0 } == ["us"])
    try await store.finish()
  }

  @Test("↑ picks the newest change, ↑/↓ move, Enter opens its item, ↑ on the first leaves")
  func picking() async throws {
    let digest = WatchDigest(
      changes: (1...5).map { Self.drop(Int64($0), at: TimeInterval(100 - $0)) },
      lastCheck: Self.day, since: Self.day)
    let store = TestStore(
      initialState: Self.state(WatchState(digest: .loaded(digest))),
      reducer: WatchFeature(dependencies: Self.dependencies(ScriptedWatch())))
    try await store.send(.focusEntered) { $0.watch.selection = 0 }
    try await store.send(.selectionMoved(up: false)) { $0.watch.selection = 1 }
    try await store.send(.entryOpened)
    try await store.receive(
      .delegate(.openItem(CatalogItem(id: 2, kind: .software, title: "App 2"))))
    // Three are listed: ↓ on the third gives the focus back to the charts.
    try await store.send(.selectionMoved(up: false)) { $0.watch.selection = 2 }
    try await store.send(.selectionMoved(up: false)) { $0.watch.selection = nil }
    // A click picks, a second click on the same opens; ↑ on the first leaves for the box.
    try await store.send(.entryClicked(0)) { $0.watch.selection = 0 }
    try await store.receive(.delegate(.rowsFocused(true)))
    try await store.send(.entryClicked(0))
    try await store.receive(
      .delegate(.openItem(CatalogItem(id: 1, kind: .software, title: "App 1"))))
    try await store.send(.selectionMoved(up: true)) { $0.watch.selection = nil }
    try await store.receive(.delegate(.rowsFocused(false)))
    try await store.send(.entryClicked(7))
    try await store.finish()
  }

  @Test("without a watch (tests, the demo) nothing is read and C says why")
  func unavailable() async throws {
    let store = TestStore(
      initialState: Self.state(), reducer: WatchFeature(dependencies: Samples.dependencies()))
    try await store.send(.loadRequested)
    try await store.send(.checkRequested)
    try await store.receive(.delegate(.notice(WatchClient.unavailableReason)))
    try await store.finish()
  }
}

@MainActor
@Suite("A detail's history and other storefronts")
struct DetailWatchTests {
  static let app = Samples.item(41, .software)

  static func state(_ detail: DetailState, country: String? = "gb") -> DetailFeature.State {
    DetailFeature.State(
      detail: detail, metrics: ScreenMetrics(detailViewport: 20, detailContent: 60),
      country: country, depth: 1)
  }

  @Test("w asks the page's storefront first and a few big ones; the answer fills the block")
  func storefronts() async throws {
    let answers = [
      StorefrontAnswer(country: "gb", available: true, price: "3.19", currency: "GBP"),
      StorefrontAnswer(country: "jp", available: false),
    ]
    let watch = ScriptedWatch(answers: .success(answers))
    let store = TestStore(
      initialState: Self.state(DetailState(item: Self.app)),
      reducer: DetailFeature(dependencies: WatchFeatureTests.dependencies(watch)))
    try await store.send(.watch(.storefrontsRequested)) {
      $0.detail.storefronts = .loading(previous: nil)
    }
    try await store.receive(.watch(.storefrontsLoaded(itemID: 41, .success(answers)))) {
      $0.detail.storefronts = .loaded(answers)
    }
    try await store.receive(
      .delegate(
        .notice("Sold in 1 of the 2 storefronts asked: Other storefronts, under Details.")))
    #expect(watch.asked.withLock { $0 } == [["gb", "us", "ca", "au", "de", "fr", "jp"]])
    // Asked again, the answers stay shown while the new ones come; a failure keeps them.
    let down = FeatureError.other("Apple could not be reached.")
    watch.answers.withLock { $0 = .failure(down) }
    try await store.send(.watch(.storefrontsRequested)) {
      $0.detail.storefronts = .loading(previous: answers)
    }
    try await store.receive(.watch(.storefrontsLoaded(itemID: 41, .failure(down)))) {
      $0.detail.storefronts = .failed(down, previous: answers)
    }
    // An answer for another item is not this page's.
    try await store.send(.watch(.storefrontsLoaded(itemID: 7, .success([]))))
    try await store.finish()
  }

  @Test("opening reads the history; nothing seen draws no block")
  func history() async throws {
    let seen = [
      SeenState(
        available: true, prices: ["price": "4.99"], currency: "USD", version: "2.0",
        from: WatchFeatureTests.day),
      SeenState(
        available: true, prices: ["price": "3.99"], currency: "USD", version: "2.1",
        from: WatchFeatureTests.day + 86_400),
    ]
    let watch = ScriptedWatch(seen: seen)
    let dependencies = WatchFeatureTests.dependencies(watch)
    let detail = DetailState(item: Self.app)
    let store = TestStore(
      initialState: Self.state(detail), reducer: DetailFeature(dependencies: dependencies))
    try await store.send(.watch(.historyLoaded(itemID: 41, .success(seen)))) {
      $0.detail.seen = .loaded(seen)
    }
    try await store.send(.watch(.historyLoaded(itemID: 41, .success([])))) {
      $0.detail.seen = nil
    }
    try await store.finish()
    // The read itself: an opened page with nothing to look up reads only the history.
    let episode = Samples.item(5, .podcastEpisode)
    let reading = TestStore(
      initialState: Self.state(DetailState(item: episode), country: nil),
      reducer: DetailFeature(dependencies: dependencies))
    try await reading.send(.opened)
    try await reading.receive(.watch(.historyLoaded(itemID: 5, .success(seen)))) {
      $0.detail.seen = .loaded(seen)
    }
    try await reading.finish()
  }
}
