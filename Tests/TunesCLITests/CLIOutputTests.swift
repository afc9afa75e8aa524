import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

@Suite("CLI output formats and help, against goldens")
struct CLIOutputTests {
  @Test("Each format of a three-song search", arguments: ["table", "json", "ndjson", "csv", "tsv"])
  func formats(format: String) async throws {
    let cli = try CLIHarness(
      client: CLIHarness.fixtureClient("song-search-jack-johnson-sorted-keys.json"))
    let code = await cli.run([
      "search", "jack", "johnson", "--limit", "3", "--no-cache", "--format", format,
    ])
    #expect(code == 0)
    #expect(cli.stderr == "")
    #expect(goldenMismatch(cli.stdout, named: "search-jack-johnson.\(format)") == nil)
  }

  @Test("JSON output parses, has the documented keys and never null")
  func jsonKeys() async throws {
    let cli = try CLIHarness(
      client: CLIHarness.fixtureClient("mixed-search-jack-johnson-limit25-songs-and-movies.json"))
    #expect(await cli.run(["search", "jack johnson", "--no-cache", "--format", "json"]) == 0)
    let value = try JSONParser.parse(cli.stdoutBytes)
    guard case .array(let items) = value else {
      Issue.record("not an array")
      return
    }
    #expect(items.count == 25)
    #expect(!cli.stdout.contains("null"))
    let movie = try #require(items.first { $0["kind"] == .string("feature-movie") })
    #expect(movie["title"] == .string("Star Wars: The Force Awakens"))
    #expect(movie["author"] == .string("J.J. Abrams"))
    #expect(movie["releaseDate"] == .string("2015-12-18T08:00:00Z"))
    #expect(movie["explicit"] == .bool(false))
    #expect(movie["artworkURL"]?.text?.hasSuffix("600x600bb.jpg") == true)
  }

  @Test("A table on a terminal is cut to its width by display cells, with colour")
  func tableWidth() async throws {
    let cli = try CLIHarness(
      client: CLIHarness.fixtureClient("song-search-japanese-kobukuro-jp-jpy.json"))
    cli.terminal = (true, 40)
    #expect(await cli.run(["search", "コブクロ", "--no-cache"]) == 0)
    #expect(cli.stdout.contains("\u{1B}[1m"))
    let plain = cli.stdout.replacingOccurrences(of: "\u{1B}[1m", with: "")
      .replacingOccurrences(of: "\u{1B}[0m", with: "")
    for line in plain.split(separator: "\n") {
      #expect(displayWidthForTest(String(line)) <= 40, "\(line)")
    }
    #expect(plain.contains("桜"))
    cli.environment["NO_COLOR"] = "1"
    #expect(await cli.run(["search", "コブクロ", "--no-cache"]) == 0)
    #expect(!cli.stdout.contains("\u{1B}"))
  }

  @Test("Control characters from the network never reach table, CSV or TSV output")
  func sanitized() async throws {
    var item = CatalogItem(id: 7, kind: .song, title: "Evil\u{1B}[2J\u{07} title\u{9B}31m")
    item.author = "Bad\u{1B}]8;;http://x\u{1B}\\ actor"
    let page = CatalogPage(items: [item])
    let cli = try CLIHarness(client: ITunesClient.mock { _ in page })
    for format in ["table", "csv", "tsv"] {
      #expect(await cli.run(["search", "x", "--no-cache", "--format", format]) == 0)
      #expect(!cli.stdoutBytes.contains(0x1B))
      #expect(!cli.stdoutBytes.contains(0x07))
      #expect(!cli.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
      #expect(cli.stdout.contains("Evil title"))
    }
    #expect(await cli.run(["search", "x", "--no-cache", "--format", "json"]) == 0)
    #expect(cli.stdout.contains(#"Evil\u001b[2J\u0007 title\u009b31m"#))
  }

  @Test(
    "Help texts",
    arguments: [
      "", "search", "lookup", "charts", "genres", "preview", "history", "favorites", "replay",
      "mcp", "doctor", "watch", "where", "releases",
    ])
  func help(command: String) async throws {
    let cli = try CLIHarness(client: .failing())
    let arguments = command.isEmpty ? ["--help"] : [command, "--help"]
    #expect(await cli.run(arguments) == 0)
    #expect(
      goldenMismatch(cli.stdout, named: "help-\(command.isEmpty ? "main" : command).txt") == nil)
  }

  @Test("A search with no results is success, with a note; an unknown id is exit 65")
  func empty() async throws {
    let cli = try CLIHarness(client: CLIHarness.fixtureClient("empty-lookup-id-0.json"))
    #expect(await cli.run(["search", "qqq", "--no-cache", "--no-history"]) == 0)
    #expect(cli.stdout == "")
    #expect(cli.stderr == "tunes: no results.\n")
    #expect(await cli.run(["lookup", "0", "--no-cache"]) == 65)
    #expect(cli.stdout == "")
    #expect(cli.stderr == "tunes: Apple knows no item with id 0 in the US store.\n")
    #expect(
      await cli.run(["lookup", "0", "--no-cache", "--format", "json", "--country", "gb"]) == 65)
    #expect(cli.stdout == "[]\n")
    #expect(cli.stderr == "tunes: Apple knows no item with id 0 in the GB store.\n")
    cli.stdin = Data("0\n1\n".utf8)
    #expect(await cli.run(["lookup", "-", "--no-cache"]) == 65)
    #expect(cli.stderr == "tunes: Apple knows no item with ids 0, 1 in the US store.\n")
  }
}

private func displayWidthForTest(_ text: String) -> Int {
  text.reduce(0) { width, character in
    let wide =
      character.unicodeScalars.first.map {
        (0x1100...0x115F).contains($0.value) || (0x2E80...0xA4CF).contains($0.value)
          || (0xAC00...0xD7A3).contains($0.value) || (0xF900...0xFAFF).contains($0.value)
          || (0xFF00...0xFF60).contains($0.value)
      } ?? false
    return width + (wide ? 2 : 1)
  }
}
