import Foundation
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

@Suite("Prices")
struct PriceTextTests {
  @Test(
    "prices keep their currency's decimals without the locale",
    arguments: [
      ("1.29", "USD", "$1.29"), ("0.99", "GBP", "£0.99"), ("250", "JPY", "¥250"),
      ("19.999", "EUR", "€20.00"), ("0", "USD", "Free"), ("1.05", "SEK", "1.05 SEK"),
      ("-1", "USD", "$-1.00"),
    ])
  func format(price: String, currency: String, expected: String) throws {
    let value = try #require(Decimal(string: price))
    #expect(PriceText.format(value, currency: currency) == expected)
  }
}
