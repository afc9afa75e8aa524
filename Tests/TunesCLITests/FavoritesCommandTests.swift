import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

/// `tunes favorites` as a newcomer types it: no action lists, `remove` takes many ids and names
/// them, `clear` asks first, `--demo` says why not.
@Suite("The favorites command's actions")
struct FavoritesCommandTests {
  @Test("tunes favorites alone lists, as tunes history does: empty, then the table")
  func aloneLists() async throws {
    let cli = try CLIHarness(client: LookupRecorder().client)
    #expect(await cli.run(["favorites"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout.isEmpty)
    #expect(cli.stderr.contains("no favourites yet"), "\(cli.stderr)")
    #expect(await cli.run(["favorites", "add", "1,2", "--no-cache"]) == 0, "\(cli.stderr)")
    #expect(await cli.run(["favorites"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout.contains("App 1") && cli.stdout.contains("App 2"), "\(cli.stdout)")
    #expect(await cli.run(["favorites", "--format", "ndjson"]) == 0)
    #expect(Set(ndjsonIDs(cli.stdout)) == [1, 2])
  }

  @Test("remove takes many ids (and -), names each by kind and title, and says which were not")
  func removeMany() async throws {
    let cli = try CLIHarness(client: LookupRecorder().client)
    #expect(await cli.run(["favorites", "add", "1,2,3,4", "--no-cache"]) == 0, "\(cli.stderr)")
    #expect(await cli.run(["favorites", "remove", "1", "2,9"]) == 0, "\(cli.stderr)")
    #expect(cli.stderr.contains("tunes: removed an app “App 1”."), "\(cli.stderr)")
    #expect(cli.stderr.contains("tunes: removed an app “App 2”."), "\(cli.stderr)")
    #expect(cli.stderr.contains("tunes: 9 is not a favourite."), "\(cli.stderr)")
    cli.stdin = Data("3\n4\n".utf8)
    #expect(await cli.run(["favorites", "remove", "-"]) == 0, "\(cli.stderr)")
    #expect(cli.stderr.contains("“App 3”") && cli.stderr.contains("“App 4”"), "\(cli.stderr)")
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty)
    #expect(await cli.run(["favorites", "remove"]) == 64)
    #expect(cli.stderr.contains("usage: tunes favorites remove ID…"), "\(cli.stderr)")
  }

  @Test("clear asks on a terminal, needs --yes without one, and keeps everything on a no")
  func clear() async throws {
    let cli = try CLIHarness(client: LookupRecorder().client)
    #expect(await cli.run(["favorites", "add", "1,2,3", "--no-cache"]) == 0, "\(cli.stderr)")
    #expect(await cli.run(["favorites", "clear"]) == 64)
    #expect(cli.stderr.contains("removes every favourite (3 favourites); give --yes"))
    cli.interactive = true
    cli.typedLine = "n"
    #expect(await cli.run(["favorites", "clear"]) == 0)
    #expect(
      cli.stderr == "tunes: remove every favourite (3 favourites)? [y/N] tunes: nothing removed.\n")
    cli.typedLine = nil
    #expect(await cli.run(["favorites", "clear"]) == 0)
    #expect(cli.stderr.hasSuffix("nothing removed.\n"), "the end of input is a no")
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(Set(ndjsonIDs(cli.stdout)) == [1, 2, 3])
    cli.typedLine = "y"
    #expect(await cli.run(["favorites", "clear"]) == 0)
    #expect(cli.stderr.hasSuffix("tunes: removed 3 favourites; none are left.\n"), "\(cli.stderr)")
    cli.interactive = false
    #expect(await cli.run(["favorites", "add", "5", "--no-cache"]) == 0)
    #expect(await cli.run(["favorites", "clear", "--yes"]) == 0)
    #expect(cli.stderr == "tunes: removed 1 favourite; none are left.\n", "\(cli.stderr)")
    #expect(await cli.run(["favorites", "clear", "-y"]) == 0)
    #expect(cli.stderr == "tunes: no favourites to clear.\n")
  }

  @Test("--demo, after or before the command, says why favourites do not take it")
  func demoRefused() async throws {
    let cli = try CLIHarness(client: LookupRecorder().client)
    for arguments in [["favorites", "add", "1", "--demo"], ["--demo", "favorites"]] {
      #expect(await cli.run(arguments) == 64)
      #expect(cli.stderr.contains("the demo catalogue's are made up"), "\(cli.stderr)")
      #expect(cli.stderr.contains("tunes --demo, then *"), "\(cli.stderr)")
      #expect(!cli.stderr.contains("Unknown option"), "\(cli.stderr)")
    }
  }
}

/// The `id` of each NDJSON line.
private func ndjsonIDs(_ text: String) -> [Int64] {
  text.split(separator: "\n").compactMap { line in
    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"]
      .flatMap { ($0 as? NSNumber)?.int64Value }
  }
}
