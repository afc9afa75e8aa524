import Foundation
import TestSupport
import Testing

/// Artwork in the real app inside tmux: tunes picks symbols there (tmux passes no images), and
/// the tiles' placeholders give way to chafa's block art drawn from the replay server's images.
@Suite("App end to end: artwork", .serialized)
struct TUIArtworkTests {
  /// Block, quadrant, half and border symbols chafa draws with.
  static func isArtSymbol(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return (0x2500...0x259F).contains(scalar.value)
  }

  /// How many art symbols the left tile's art columns (2–11) hold on screen rows `rows`.
  static func artSymbols(in screen: String, rows: Range<Int>) -> Int {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    var count = 0
    for row in rows where row < lines.count {
      let columns = Array(lines[row]).dropFirst(2).prefix(10)
      count += columns.filter(isArtSymbol).count
    }
    return count
  }

  @Test("inside tmux the tiles show symbol art; help over them leaves none inside the box")
  func symbolArtInTmux() async throws {
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording], artwork: true)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    // The first tile sits on screen rows 5–9: its art area fills with symbols.
    let grid = try await tmux.waitFor("symbol art in the first tile") {
      $0.contains("25 results") && Self.artSymbols(in: $0, rows: 5..<10) >= 12
    }
    #expect(!grid.split(separator: "\n")[7].prefix(12).contains("♪"))
    #expect(app.log().contains("images symbols: symbols inside tmux"))
    try tmux.press("?")
    // The help's closing line: "Esc or ? closes" when every key fits, else "↓ more · Esc closes".
    let help = try await tmux.waitFor("the help box over the tiles") {
      $0.contains("Esc or ? closes") || $0.contains("Esc closes")
    }
    // The box's inside holds text only.
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let top = lines.firstIndex(where: { $0.contains("╭") && $0.contains("Keys") }) else {
      Issue.record("no help box:\n\(help)")
      return
    }
    let left = Array(lines[top]).firstIndex(of: "╭") ?? 0
    for line in lines[(top + 1)..<min(lines.count, top + 10)] {
      let inside = Array(line).dropFirst(left + 1).prefix(40)
      #expect(!inside.contains { Self.isArtSymbol($0) && $0 != "│" && $0 != "─" })
    }
  }
}
