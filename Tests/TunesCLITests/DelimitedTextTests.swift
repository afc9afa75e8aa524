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
      ("two\nlines", "\"two\nlines\""), ("cr\r\nlf", "\"cr\r\nlf\""), ("", ""),
    ])
  func csvField(input: String, expected: String) {
    #expect(DelimitedText.csvField(input) == expected)
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
  @Test("a row's fields as SQLite answers them become the item the table shows")
  func itemFromSummary() {
    let summary = FavoriteSummary(
      id: 7, kind: "song", title: "T",
      fields: #"["Bj\u00f6rk \"B\"",null,200000,1.29,"USD",null,"2005-03-01T08:00:00Z"]"#)
    let item = FavoritesCommand.item(from: summary)
    #expect(item.author == "Björk \"B\"")
    #expect(item.collection == nil)
    #expect(item.durationMillis == 200_000)
    #expect(item.formattedPrice == "$1.29")
    #expect(item.releaseYear == 2005)
    let bare = FavoritesCommand.item(
      from: FavoriteSummary(id: 8, kind: "podcast", title: "B", fields: "[]"))
    #expect(bare.author == nil && bare.price == nil)
  }
}
