import ITunesCatalog
import Testing

@Suite("Query matching")
struct QueryMatchingTests {
  /// Newest first, as history returns them.
  static let history = ["underscore", "Björk", "Музыка", "Scorpions", "Été indien", "The Score"]

  @Test(
    "suggestions match anywhere, ignoring case, accents and width, in recency order",
    arguments: [
      ("scor", ["underscore", "Scorpions", "The Score"]),
      ("SCOR", ["underscore", "Scorpions", "The Score"]),
      ("мУз", ["Музыка"]),
      ("BJÖ", ["Björk"]),
      ("bjork", ["Björk"]),
      ("ÉTÉ", ["Été indien"]),
      ("ｓｃｏｒｐ", ["Scorpions"]),
      ("zzz", []),
    ])
  func suggestions(typed: String, expected: [String]) {
    #expect(QueryMatching.suggestions(for: typed, in: Self.history, limit: 10) == expected)
  }

  @Test("with nothing typed, the first five are suggested", arguments: ["", "  "])
  func blankSuggestsFive(typed: String) {
    #expect(
      QueryMatching.suggestions(for: typed, in: Self.history) == Array(Self.history.prefix(5)))
  }
}
