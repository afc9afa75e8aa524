import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `tunes` binary as a terminal app in tmux (120×40) against an in-test replay server:
/// search, two columns of tiles, a detail, back, quit; the terminal is given back on every exit
/// path (modes from `stty -g`, the alternate screen, cursor and mouse reporting).
@Suite(
  "The terminal app end to end in tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIEndToEndTests {
  /// The app searches with limit 30 by default; the recorded answer for 25 stands in for it.
  static let search = "/search?term=jack+johnson&limit=30"
  static let recording = "mixed-search-jack-johnson-limit25-songs-and-movies.json"

  /// The first results of the recording: (title, author).
  static func recordedResults() throws -> [(title: String, author: String)] {
    let object = try JSONSerialization.jsonObject(with: Fixtures.shared(recording))
    let results = (object as? [String: Any])?["results"] as? [[String: Any]] ?? []
    return results.map {
      (title: $0["trackName"] as? String ?? "", author: $0["artistName"] as? String ?? "")
    }
  }

  /// The SGR colour parameters (30–37, 38, 40–47, 48, 90–97, 100–107) in an escaped capture.
  static func colourParameters(in escaped: String) -> [Int] {
    var found: [Int] = []
    var rest = escaped[...]
    while let start = rest.range(of: "\u{1B}[") {
      let body = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
      let end = rest.index(start.upperBound, offsetBy: body.count)
      if end < rest.endIndex, rest[end] == "m" {
        let colours: [ClosedRange<Int>] = [30...38, 40...48, 90...97, 100...107]
        found += body.split(separator: ";").compactMap { Int($0) }
          .filter { value in colours.contains { $0.contains(value) } }
      }
      rest = rest[end...]
    }
    return found
  }

  /// Whether some row shows `left` in the left half and `right` in the right half.
  static func showsSideBySide(_ left: String, _ right: String, in screen: String, width: Int)
    -> Bool
  {
    screen.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
      guard let leftMatch = line.range(of: left),
        let rightMatch = line[leftMatch.upperBound...].range(of: right)
      else { return false }
      let leftColumn = line.distance(from: line.startIndex, to: leftMatch.lowerBound)
      let rightColumn = line.distance(from: line.startIndex, to: rightMatch.lowerBound)
      return leftColumn < width / 2 && rightColumn >= width / 2
    }
  }

  @Test("typing a query shows two columns of tiles; Enter opens a detail, Esc goes back, q quits")
  func searchOpenBackQuit() async throws {
    let results = try Self.recordedResults()
    try #require(results.count >= 4)
    let app = try TUIAppSession(extra: [Self.search: Self.recording])
    defer { app.close() }
    let tmux = app.tmux

    let first = try await app.waitForApp()
    #expect(try tmux.isAlternateScreenOn())
    #expect(!first.contains(TUIAppSession.startMarker))

    try tmux.type("jack johnson")
    try tmux.press("Enter")
    // A capture can land half-way through a frame: wait for the whole frame (tiles and the
    // status bar's count), not for its first rows.
    let grid = try await tmux.waitFor("two columns of tiles and the count") {
      Self.showsSideBySide(results[0].title, results[1].title, in: $0, width: tmux.columns)
        && $0.contains("25 results")
    }
    #expect(
      Self.showsSideBySide(results[2].title, results[3].title, in: grid, width: tmux.columns),
      "the second row holds the third and fourth results")

    try tmux.press("Enter")
    let detail = try await tmux.waitFor("the first result's detail") {
      $0.contains("Esc back") && $0.contains(results[0].author) && $0.contains("Details")
    }
    #expect(!detail.contains(results[1].title), "the grid is no longer drawn")

    try tmux.press("Escape")
    let back = try await tmux.waitFor("the grid again") {
      Self.showsSideBySide(results[0].title, results[1].title, in: $0, width: tmux.columns)
    }
    #expect(!back.contains("Esc back"))

    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    try expectRestored(app)
  }

  @Test(
    "a terminating signal while the app is open gives the terminal back",
    arguments: [SIGTERM, SIGINT, SIGHUP])
  func signalRestores(signal: Int32) async throws {
    let app = try TUIAppSession(extra: [Self.search: Self.recording])
    defer { app.close() }
    try await app.waitForApp()
    try app.tmux.type("jack johnson")
    try app.tmux.press("Enter")
    try await app.tmux.waitFor(text: "25 results")
    #expect(try app.tmux.isAlternateScreenOn())

    let pid = try await app.pid()
    #expect(kill(pid, signal) == 0)
    #expect(try await app.waitForExit() == 128 + signal)
    try expectRestored(app)
  }

  @Test("Ctrl-C quits from the query box with exit code 0")
  func controlCQuits() async throws {
    let app = try TUIAppSession()
    defer { app.close() }
    try await app.waitForApp()
    try app.tmux.type("abc")
    try await app.tmux.waitFor(text: "› abc")
    try app.tmux.press("C-c")
    #expect(try await app.waitForExit() == 0)
    try expectRestored(app)
  }

  @Test("Ctrl-Z gives the terminal back while stopped and SIGCONT takes it again")
  func suspendAndResume() async throws {
    let app = try TUIAppSession()
    defer { app.close() }
    try await app.waitForApp()
    let pid = try await app.pid()
    let before = try app.recordedModes("before")
    try app.tmux.press("C-z")
    try await app.poll("tunes to stop") { TUIAppSession.state(of: pid) == "T" }
    #expect(try !app.tmux.isAlternateScreenOn())
    #expect(try app.paneModes() == before, "the modes are restored while stopped")
    #expect(try app.tmux.display("#{mouse_any_flag}") == "0")

    #expect(kill(pid, SIGCONT) == 0)
    try await app.poll("the app to take the screen again") {
      try app.tmux.isAlternateScreenOn()
        && app.tmux.capture().contains(TUIAppSession.queryPlaceholder)
    }
    #expect(try app.paneModes() != before, "raw mode again")
    try app.tmux.press("C-c")
    #expect(try await app.waitForExit() == 0)
    try expectRestored(app)
  }

  @Test("clicking a tile selects it and a second click opens its detail")
  func mouseClicks() async throws {
    let results = try Self.recordedResults()
    try #require(results.count >= 2)
    let app = try TUIAppSession(extra: [Self.search: Self.recording])
    defer { app.close() }
    try await app.waitForApp()
    try app.tmux.type("jack johnson")
    try app.tmux.press("Enter")
    let grid = try await app.tmux.waitFor("two columns of tiles and the count") {
      Self.showsSideBySide(results[0].title, results[1].title, in: $0, width: app.tmux.columns)
        && $0.contains("25 results")
    }
    // Where the second result's title is drawn (SGR mouse reports count from 1).
    let lines = grid.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains(results[1].title) })
    let line = lines[row]
    let match = try #require(line.range(of: results[1].title))
    let column = line.distance(from: line.startIndex, to: match.lowerBound)
    let click = "\u{1B}[<0;\(column + 2);\(row + 1)M\u{1B}[<0;\(column + 2);\(row + 1)m"

    try app.tmux.type(click)
    try await app.tmux.waitFor("the second tile selected") { screen in
      screen.contains("25 results") && screen != grid
    }
    #expect(!(try app.tmux.capture().contains("Esc back")), "one click only selects")
    try app.tmux.type(click)
    try await app.tmux.waitFor("the second result's detail") {
      $0.contains("Esc back") && $0.contains(results[1].author)
    }
    try app.tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test(
    "the screen has colours on a 256-colour terminal and none with NO_COLOR",
    arguments: [false, true])
  func colours(noColor: Bool) async throws {
    let app = try TUIAppSession(
      extra: [Self.search: Self.recording], environment: noColor ? ["NO_COLOR": "1"] : [:])
    defer { app.close() }
    try await app.waitForApp()
    try app.tmux.type("jack johnson")
    try app.tmux.press("Enter")
    try await app.tmux.waitFor(text: "25 results")
    let escaped = try app.tmux.capture(escapes: true)
    let colours = Self.colourParameters(in: escaped)
    if noColor {
      #expect(colours.isEmpty, "no colour with NO_COLOR")
    } else {
      #expect(!colours.isEmpty, "colours on a 256-colour terminal")
    }
    try app.tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test("resizing the window redraws the screen at the new size")
  func resizeRedraws() async throws {
    let app = try TUIAppSession()
    defer { app.close() }
    let before = try await app.waitForApp()
    let topRight = { (screen: String) -> Int? in
      screen.split(separator: "\n").first { $0.hasPrefix("╭") }
        .flatMap { line in
          line.lastIndex(of: "╮").map { line.distance(from: line.startIndex, to: $0) }
        }
    }
    #expect(topRight(before) == 119)
    try app.tmux.resize(columns: 80, rows: 24)
    let after = try await app.tmux.waitFor("the query box 80 columns wide") { topRight($0) == 79 }
    #expect(after.split(separator: "\n", omittingEmptySubsequences: false).count <= 25)
    try app.tmux.press("C-c")
    #expect(try await app.waitForExit() == 0)
    try expectRestored(app)
  }

  @Test(
    "in a job-control shell: Ctrl-Z, a resize, then fg draws at the new size",
    .enabled(if: TmuxSession.isAvailable))
  func resizeWhileSuspendedInShell() async throws {
    let directory = try TemporaryDirectory(prefix: "tunes-fg")
    defer { directory.remove() }
    let binary = TmuxSession.shellQuote(try TunesBinary.located.get().path)
    let tmux = try TmuxSession(
      command: "bash --norc --noprofile -i", columns: 120, rows: 40,
      environment: [
        "HOME": directory.path, "PS1": "$ ", "XDG_DATA_HOME": directory.appending("data").path,
        "XDG_CACHE_HOME": directory.appending("cache").path,
        "XDG_CONFIG_HOME": directory.appending("config").path,
      ], workingDirectory: directory.url)
    defer { tmux.kill() }
    try tmux.type("\(binary) --demo")
    try tmux.press("Enter")
    let topRight = { (screen: String) -> Int? in
      screen.split(separator: "\n").first { $0.hasPrefix("╭") }
        .flatMap { line in
          line.lastIndex(of: "╮").map { line.distance(from: line.startIndex, to: $0) }
        }
    }
    _ = try await tmux.waitFor("the app at 120 columns", timeout: .seconds(60)) {
      topRight($0) == 119
    }
    try tmux.press("C-z")
    _ = try await tmux.waitFor(text: "Stopped", timeout: .seconds(30))
    try tmux.resize(columns: 80, rows: 24)
    try tmux.type("fg")
    try tmux.press("Enter")
    _ = try await tmux.waitFor("the app at 80 columns after fg", timeout: .seconds(30)) {
      topRight($0) == 79
    }
    try tmux.press("C-c")
  }

  @Test("a resize while stopped (Ctrl-Z) is drawn at the new size after SIGCONT")
  func resizeWhileSuspended() async throws {
    let app = try TUIAppSession()
    defer { app.close() }
    let before = try await app.waitForApp()
    let topRight = { (screen: String) -> Int? in
      screen.split(separator: "\n").first { $0.hasPrefix("╭") }
        .flatMap { line in
          line.lastIndex(of: "╮").map { line.distance(from: line.startIndex, to: $0) }
        }
    }
    #expect(topRight(before) == 119)
    let pid = try await app.pid()
    try app.tmux.press("C-z")
    try await app.poll("tunes to stop") { TUIAppSession.state(of: pid) == "T" }
    try app.tmux.resize(columns: 80, rows: 24)
    #expect(kill(pid, SIGCONT) == 0)
    _ = try await app.tmux.waitFor("the query box 80 columns wide after fg") { topRight($0) == 79 }
    try app.tmux.press("C-c")
    #expect(try await app.waitForExit() == 0)
  }

  /// After tunes exited: the modes are what they were, the alternate screen is off (the
  /// wrapper's own output shows again), the cursor is visible and mouse reporting is off.
  private func expectRestored(
    _ app: TUIAppSession, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let modes = try app.modes()
    #expect(modes.before == modes.after, "stty -g before and after", sourceLocation: sourceLocation)
    #expect(!modes.before.isEmpty, sourceLocation: sourceLocation)
    let tmux = app.tmux
    #expect(try !tmux.isAlternateScreenOn(), sourceLocation: sourceLocation)
    let screen = try tmux.capture()
    #expect(screen.contains(TUIAppSession.startMarker), sourceLocation: sourceLocation)
    #expect(!screen.contains(TUIAppSession.queryPlaceholder), sourceLocation: sourceLocation)
    #expect(
      try tmux.display("#{cursor_flag}") == "1", "cursor shown", sourceLocation: sourceLocation)
    #expect(
      try tmux.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}") == "000",
      "mouse reporting off", sourceLocation: sourceLocation)
  }
}
