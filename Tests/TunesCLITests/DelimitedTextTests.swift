import Foundation
import ITunesCatalog
import TerminalUI
import Testing
import TunesStorage

@testable import TunesCLI

@Suite("CSV and TSV")
struct DelimitedTextTests {
  @Test(
    "a CSV field is quoted only when it must be",
    arguments: [
      ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
      ("two\nlines", "\"two\nlines\""), ("cr\r\nlf", "\"cr\nlf\""), ("", ""),
    ])
  func csvField(input: String, expected: String) {
    #expect(DelimitedText.csvField(input) == expected)
  }

  @Test(
    "a field a spreadsheet would run as a formula is quoted and starts with a quote mark",
    arguments: [
      ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
      ("+cmd|' /C calc'!A0", "\"'+cmd|' /C calc'!A0\""), ("-2+3", "\"'-2+3\""),
      ("@SUM(A1)", "\"'@SUM(A1)\""), ("'=already", "\"''=already\""), ("-", "\"'-\""),
      ("\t=x", " =x"),
    ])
  func formulas(input: String, expected: String) {
    #expect(DelimitedText.csvField(input) == expected)
  }

  @Test(
    "numbers stay numbers, and plain text stays as it is",
    arguments: ["-1", "+44", "-1.29", "1e-3", "-2E+5", "0", "a-b", "Don't", "'quoted'", "x=1"])
  func numbers(input: String) {
    #expect(DelimitedText.csvField(input) == input)
    #expect(DelimitedText.tsv([[input]]) == input + "\n")
  }

  @Test("TSV guards formulas too, and every field is sanitized in both")
  func tsvAndSanitize() {
    #expect(DelimitedText.tsv([["=1+2", "-1"]]) == "'=1+2\t-1\n")
    let evil = "Evil\u{1B}[2J\u{1B}]52;c;aGk=\u{7}Title\u{202E}\ttab"
    #expect(DelimitedText.tsv([[evil]]) == "EvilTitle tab\n")
    #expect(DelimitedText.csv([[evil]]) == "EvilTitle tab\r\n")
  }

  @Test("guarded fields read back as they were written")
  func guardedRoundTrip() throws {
    let rows = [["=1+2", "'=x", "''@y", "-1", "-x", "'plain", "@"]]
    #expect(try DelimitedText.parseCSV(DelimitedText.csv(rows)) == rows)
  }

  @Test("search CSV and favourites CSV both end every line with CRLF (RFC 4180)")
  func crlf() {
    #expect(DelimitedText.csv([["id", "title"], ["1", "a,b"]]) == "id,title\r\n1,\"a,b\"\r\n")
    #expect(DelimitedText.tsv([["id", "title"], ["1", "a"]]) == "id\ttitle\n1\ta\n")
  }
}

@Suite("Reading CSV and narrow tables")
struct CSVReadingTests {
  @Test("what the CSV writer writes reads back as the same rows")
  func roundTrip() throws {
    let rows = [
      ["id", "title", "tags"], ["1", "Hello, \"World\"\nAgain", #"["x","y"]"#], ["2", "", "z"],
    ]
    #expect(try DelimitedText.parseCSV(DelimitedText.csv(rows)) == rows)
    #expect(try DelimitedText.parseCSV("a,b\n1,2\n") == [["a", "b"], ["1", "2"]])
  }

  @Test("an unclosed quote is refused")
  func unclosed() {
    #expect(throws: ImportError.self) { try DelimitedText.parseCSV("id,title\r\n1,\"cut") }
  }

  @Test("a narrow table keeps the ID column and gives up COLLECTION first")
  func narrowKeepsID() throws {
    var item = CatalogItem(id: 879_273_565, kind: .song, title: "Better Together")
    item.author = "Jack Johnson"
    item.collection = "In Between Dreams"
    item.durationMillis = 207_000
    let text = ItemFormatter(width: 50, color: false).format([item], as: .table)
    let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
    #expect(lines.first?.hasSuffix("ID") == true, "\(lines)")
    #expect(lines.last?.hasSuffix("879273565") == true, "\(lines)")
    #expect(lines.first?.contains("COLLECTION") == false)
    #expect(lines.allSatisfy { displayWidth(of: String($0)) <= 50 })
  }
}

@Suite("Favourites table rows")
struct FavoriteTableRowTests {
  @Test("a favourite's columns become the cells an item with the same fields gets")
  func rowMatchesItem() {
    var item = CatalogItem(id: 7, kind: .song, title: "T\u{1B}[31m")
    item.author = "Björk \"B\""
    item.durationMillis = 200_000
    item.price = Decimal(string: "1.29")
    item.currency = "GBP"
    item.releaseDate = ISODate.parse("2005-03-01T08:00:00Z")
    let summary = FavoriteSummary(
      id: 7, kind: "song", title: "T\u{1B}[31m", author: "Björk \"B\"",
      durationMillis: 200_000, price: "1.29", currency: "GBP",
      releaseDate: "2005-03-01T08:00:00Z")
    var table = FavoritesTable()
    let expected = ItemFormatter.columns.map { sanitize($0.value(item) ?? "") }
    #expect(table.row(summary) == expected)
    #expect(table.row(summary)[5] == "£1.29")
    #expect(table.row(summary)[6] == "2005")
    #expect(!table.row(summary)[1].contains("\u{1B}"))
    let bare = table.row(FavoriteSummary(id: 8, kind: "podcast", title: "B"))
    #expect(bare == ["Podcast", "B", "", "", "", "", "", "8"])
    let apple = table.row(
      FavoriteSummary(id: 9, kind: "software", title: "A", price: "0", formattedPrice: "Gratuit"))
    #expect(apple[5] == "Gratuit")
    // A date with an offset is a year in UTC, as for items.
    #expect(FavoritesTable.year("2005-01-01T00:30:00+01:00") == 2004)
    #expect(FavoritesTable.year("not a date") == nil)
  }
}

@Suite("CSV fuzz findings")
struct CSVFuzzFindingTests {
  @Test("the fuzzer's rows read back as written")
  func crash1() throws {
    let bytes: [UInt8] = [
      105, 100, 100, 38, 44, 34, 121, 34, 105, 100, 31, 107, 105, 110, 100, 84, 105, 116, 108, 101,
      226, 58, 128, 172, 34, 120, 34, 34, 121, 34, 41, 31, 34, 45, 121, 49, 34, 15, 105, 100, 31,
      107, 105, 169, 100, 84, 105, 116, 108, 101, 226, 128, 65, 0, 0, 0, 0, 0, 0, 0, 31, 45, 48, 30,
      50, 136, 140, 144, 34, 120, 34, 44, 34, 145, 152, 224, 186, 34, 221, 135, 221, 211, 221, 125,
      34, 41, 0, 0, 0, 0, 0, 0, 0, 0, 31, 45, 48, 30, 50, 136, 140, 144, 34, 120, 34, 44, 34, 145,
      152, 224, 186, 34, 120, 101, 51,
    ]
    let rows = bytes.split(separator: 0x1E, omittingEmptySubsequences: false).map { row in
      row.split(separator: 0x1F, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    let back = try DelimitedText.parseCSV(DelimitedText.csv(rows))
    let expected = rows.map { $0.map(sanitizeParagraph) }
    for (a, b) in zip(back, expected) where a != b {
      Issue.record("\(a.map(\.debugDescription)) != \(b.map(\.debugDescription))")
    }
    #expect(back.count == expected.count)
    #expect(CLIFuzzing.delimited(bytes) == nil)
  }

  @Test("the fuzzer's second finding reads back as written")
  func crash2() {
    let bytes: [UInt8] = [50, 121, 204, 144, 34, 216, 145]
    #expect(CLIFuzzing.delimited(bytes) == nil)
  }
}
