import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

/// What a new user ran into on the command line (issue 23): the default limit, counts, and
/// `tunes doctor` on a narrow terminal.
@Suite("The command line as a newcomer meets it")
struct NewcomerTests {
  @Test("search asks for 30 results without --limit, as the app does; the help says 30")
  func defaultLimit() async throws {
    let asked = Recorded()
    let cli = try CLIHarness(
      client: ITunesClient.mock { request in
        asked.append(request)
        return CatalogPage(items: [])
      })
    #expect(await cli.run(["search", "jack", "johnson", "--no-cache", "--no-history"]) == 0)
    #expect(asked.limits == ["30"], "\(asked.limits)")
    #expect(await cli.run(["search", "x", "--limit", "7", "--no-cache", "--no-history"]) == 0)
    #expect(asked.limits == ["30", "7"])
    #expect(await cli.run(["search", "--help"]) == 0)
    #expect(cli.stdout.contains("(default 30)"), "\(cli.stdout)")
  }

  @Test(
    "Counts take the plural their number needs",
    arguments: [
      (0, "favourite", "0 favourites"), (1, "favourite", "1 favourite"), (2, "item", "2 items"),
      (1, "entry", "1 entry"), (3, "entry", "3 entries"), (2, "search", "2 searches"),
      (2, "day", "2 days"),
    ])
  func plurals(count: Int, noun: String, expected: String) {
    #expect(Plural.count(count, noun) == expected)
  }

  @Test("doctor on a narrow terminal wraps values between words, under the value's column")
  func doctorWraps() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["doctor"]) == 0)
    let plain = cli.stdout
    let long = plain.split(separator: "\n").filter { $0.count > 60 }
    #expect(!long.isEmpty, "the report has a row longer than 60 columns to wrap: \(plain)")
    cli.terminal = (true, 60)
    #expect(await cli.run(["doctor"]) == 0)
    let fitted = cli.stdout
    for line in fitted.split(separator: "\n") {
      let words = line.split(separator: " ")
      // A line is longer than 60 only when it is one unbreakable word after the column.
      #expect(line.count <= 60 || words.count <= 2, "\(line)")
    }
    // Nothing is lost or broken inside a word: the same words in the same order.
    let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
    #expect(words(fitted) == words(plain))
    // A continuation starts under the value, not at the margin.
    let continued = fitted.split(separator: "\n").filter { $0.hasPrefix(" ") }
    #expect(!continued.isEmpty)
    #expect(continued.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 13)) }, "\(fitted)")
  }

  @Test("The doctor layout keeps a path whole and leaves short rows alone")
  func doctorLayout() {
    let path = "data         /a/very/long/path/that/is/wider/than/the/terminal/tunes.sqlite"
    #expect(DoctorLayout.fit(path, width: 40) == path)
    #expect(DoctorLayout.fit("size         80×24", width: 40) == "size         80×24")
    #expect(
      DoctorLayout.fit(
        "mpris        off: no session bus here; media keys will not reach", width: 40)
        == "mpris        off: no session bus here;\n             media keys will not reach")
  }
}

/// The requests a mock client was asked.
private final class Recorded: @unchecked Sendable {
  private let lock = NSLock()
  private var requests: [CatalogRequest] = []
  func append(_ request: CatalogRequest) { lock.withLock { requests.append(request) } }
  var limits: [String?] {
    lock.withLock { requests.map { $0.parameters.first { $0.name == "limit" }?.value } }
  }
}
