import Foundation
import Testing

@testable import TunesTUI

/// Trimming a line without Foundation trims what Foundation's `.whitespaces` trims.
@Suite("Display text trimming")
struct DisplayTextTrimTests {
  @Test(
    "The ends lose tabs and space separators, as with Foundation; the middle and other marks stay",
    arguments: [
      "  Golden Hour  ", "\tTabbed\t", "\u{00A0}No-break\u{3000}", "plain", "", "   ",
      "a \u{0301}", "\u{2003}em space", "line\n", "mid  dle", "\u{200B}zero width",
      "\u{180E}mongolian", "\u{1680}ogham\u{205F}",
    ])
  func sameAsFoundation(text: String) {
    #expect(DisplayText.trimmedSpaces(text) == text.trimmingCharacters(in: .whitespaces))
  }
}
