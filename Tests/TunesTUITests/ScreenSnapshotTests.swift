import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

/// Golden files of whole screens: the characters and, separately, the styles.
@Suite("Screen golden files")
struct ScreenSnapshotTests {
  static let sizes = [Viewport(columns: 80, rows: 24), Viewport(columns: 120, rows: 40)]

  static let searchCases = [
    "welcome", "suggestions", "loading", "reloading", "results", "error", "rate-limited", "empty",
    "grouped", "help", "filters",
  ]

  static let detailCases = ["song", "album", "movie", "app", "podcast"]

  @Test("the search screen matches its golden files", arguments: searchCases, sizes)
  func searchScreen(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.search(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "search-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the detail screen matches its golden files", arguments: detailCases, sizes)
  func detailScreen(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.detail(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "detail-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }
}
