import Foundation
import ITunesCatalog
import Synchronization
import TerminalPOSIX
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

/// The live watch over a real SQLite database: what the snapshots hold, as the features see it,
/// and checks and sweeps as the command line's own commands.
@Suite("The live watch")
struct LiveWatchTests {
  static let start = Date(timeIntervalSince1970: 1_796_200_000)

  static func snapshot(price: String, version: String, at date: Date) -> WatchSnapshot {
    WatchSnapshot(
      itemID: 41, country: "us", kind: "software", title: "Pocket Planner", currency: "USD",
      prices: ["price": price], version: version, takenAt: date)
  }

  @Test("the digest holds the stored changes newest first, the last check and the window")
  func digest() async throws {
    let database = try TunesDatabase.inMemory()
    _ = try database.snapshots.record([Self.snapshot(price: "4.99", version: "2.0", at: Self.start)]
    )
    let later = Self.start + 3600
    _ = try database.snapshots.record([Self.snapshot(price: "3.99", version: "2.1", at: later)])
    let watch = LiveWatch.client(database: database, run: nil, now: { later + 60 })
    let digest = try await watch.recent()
    #expect(
      digest.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.newVersion, .priceDown])
    #expect(digest.changes.allSatisfy { $0.at == later && $0.title == "Pocket Planner" })
    #expect(digest.lastCheck == later)
    #expect(digest.since == Self.start, "the first check, later than 30 days ago")
    let history = try await watch.history(41, "us")
    #expect(history.map(\.version) == ["2.0", "2.1"])
    #expect(history.map { $0.prices["price"] } == ["4.99", "3.99"])
    #expect(try await watch.history(41, "gb").isEmpty)
  }

  @Test("before any check the digest says so: no last check")
  func neverChecked() async throws {
    let watch = LiveWatch.client(database: try TunesDatabase.inMemory(), run: nil)
    let digest = try await watch.recent()
    #expect(digest.changes.isEmpty && digest.lastCheck == nil)
  }

  @Test(
    "a check runs watch and then releases with --wait 0 and the JSON format; their words come back")
  func check() async throws {
    let asked = Mutex<[[String]]>([])
    let release =
      #"[{"id":9,"kind":"album","title":"Night Songs","author":"The Band"}]"#
    let watch = LiveWatch.client(
      database: try TunesDatabase.inMemory(),
      run: { arguments in
        asked.withLock { $0.append(arguments) }
        if arguments[0] == "watch" {
          return CommandRun(
            code: 0, stdout: Array(#"[{"id":41},{"id":41}]"#.utf8),
            stderr: "tunes: checked 2 item(s) in GB: 2 change(s).\n")
        }
        return CommandRun(code: 0, stdout: Array(release.utf8), stderr: "")
      }, now: { Self.start })
    let report = try await watch.check("gb")
    #expect(
      asked.withLock { $0 } == [
        ["watch", "--country", "gb", "--format", "json", "--wait", "0"],
        ["releases", "--country", "gb", "--format", "json", "--wait", "0"],
      ])
    #expect(report.changeCount == 2)
    #expect(report.summary == ["checked 2 item(s) in GB: 2 change(s)."])
    #expect(
      report.releases == [
        ChangeEntry(
          itemID: 9, country: "gb", itemKind: "album", title: "Night Songs", kind: .newRelease,
          notes: "The Band", at: Self.start)
      ])
  }

  @Test("a failed check throws what the command said; releases are then not asked")
  func failedCheck() async throws {
    let asked = Mutex(0)
    let watch = LiveWatch.client(
      database: try TunesDatabase.inMemory(),
      run: { _ in
        asked.withLock { $0 += 1 }
        return CommandRun(
          code: 75, stdout: [],
          stderr: "tunes: Apple's rate limit is used up: try again in 40 s.\n")
      })
    await #expect(throws: FeatureError.other("Apple's rate limit is used up: try again in 40 s.")) {
      try await watch.check("us")
    }
    #expect(asked.withLock { $0 } == 1)
  }

  @Test("storefronts are tunes where's rows; without the command line the app says it cannot ask")
  func storefronts() async throws {
    let rows =
      #"[{"id":41,"country":"us","available":true,"kind":"software","price":3.99,"currency":"USD"},"#
      + #"{"id":41,"country":"jp","available":false}]"#
    let watch = LiveWatch.client(
      database: try TunesDatabase.inMemory(),
      run: { arguments in
        #expect(arguments.prefix(4) == ["where", "41", "--countries", "us,jp"])
        return CommandRun(code: 0, stdout: Array(rows.utf8), stderr: "")
      })
    let answers = try await watch.storefronts(41, ["us", "jp"])
    #expect(
      answers == [
        StorefrontAnswer(country: "us", available: true, price: "3.99", currency: "USD"),
        StorefrontAnswer(country: "jp", available: false),
      ])
    let offline = LiveWatch.client(database: try TunesDatabase.inMemory(), run: nil)
    await #expect(throws: FeatureError.other(LiveWatch.noCommandLine)) {
      try await offline.storefronts(41, ["us"])
    }
  }
}

/// A check of the watch that found something is announced like a track change.
@Suite("Announcing what the watch found")
struct WatchAnnouncementTests {
  static func presence(_ notifications: DesktopPresence.Mode) -> DesktopPresence {
    // No bus started: the terminal's own notification carries the announcement.
    DesktopPresence(
      mpris: .off, notifications: notifications, environment: ["TERM": "xterm-kitty"],
      log: Log(environment: [:]), cover: { _ in nil })
  }

  static func found(_ count: Int, focused: Bool) -> AppState {
    var state = AppState()
    state.watch.findings = count
    state.watch.lastFinding = "The watch found 1 change."
    state.terminalFocused = focused
    return state
  }

  @Test("each check that found something is announced once, while the terminal is behind")
  func once() {
    let presence = Self.presence(.auto)
    #expect(presence.update(AppState()).isEmpty, "nothing found yet")
    let first = String(decoding: presence.update(Self.found(1, focused: false)), as: UTF8.self)
    #expect(first.contains("The watch found 1 change."), "\(first.debugDescription)")
    #expect(first.contains("keeping watch"))
    #expect(presence.update(Self.found(1, focused: false)).isEmpty, "said once")
    // In front of the person (auto) the row says it; nothing more.
    #expect(presence.update(Self.found(2, focused: true)).isEmpty)
  }

  @Test("notifications off: a finding is never announced")
  func off() {
    #expect(Self.presence(.off).update(Self.found(1, focused: false)).isEmpty)
  }
}

/// The composition root gives the app a watch over its database, and the demo none.
@Suite("The watch in the live app")
struct LiveWatchCompositionTests {
  @Test("the app launched on Apple has a watch that runs the command line; the demo has none")
  func composed() async throws {
    let (_, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    var launch = try FirstRunAndDemoTests.launch(root)
    let ran = Mutex<[[String]]>([])
    launch.runCommand = { arguments in
      ran.withLock { $0.append(arguments) }
      return CommandRun(code: 0, stdout: Array("[]".utf8), stderr: "tunes: nothing to watch.\n")
    }
    let live = LiveDependencies.make(launch: launch, log: Log(environment: [:])).dependencies
    #expect(live.watch.isAvailable)
    let report = try await live.watch.check("gb")
    #expect(ran.withLock { $0.map(\.first) } == ["watch", "releases"])
    #expect(report.summary == ["nothing to watch."])
    #expect(try await live.watch.recent().lastCheck == nil)
    let demo = LiveDependencies.make(
      launch: try FirstRunAndDemoTests.launch(root, demo: true), log: Log(environment: [:])
    ).dependencies
    #expect(!demo.watch.isAvailable)
  }
}
