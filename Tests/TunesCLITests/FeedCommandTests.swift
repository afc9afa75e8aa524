import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

/// A client whose feeds answer from the shared and own recordings by path, and record requests.
final class FeedRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [FeedRequest] = []
  var requests: [FeedRequest] { lock.withLock { seen } }

  func client(_ answer: @escaping @Sendable (FeedRequest) throws -> Data) -> ITunesClient {
    ITunesClient.failing().withFeeds { request in
      self.lock.withLock { self.seen.append(request) }
      return try request.decode(try answer(request))
    }
  }
}

private func own(_ name: String) throws -> Data {
  try Fixtures.ownFile("catalog/charts/" + name)
}

@Suite("tunes charts and tunes genres")
struct FeedCommandTests {
  @Test(
    "Each format of the recorded top songs", arguments: ["table", "json", "ndjson", "csv", "tsv"])
  func chartFormats(format: String) async throws {
    let recorder = FeedRecorder()
    let cli = try CLIHarness(
      client: recorder.client { _ in try Fixtures.shared("rss-v2-most-played-songs-us-100.json") })
    let code = await cli.run(["charts", "songs", "--limit", "3", "--no-cache", "--format", format])
    #expect(code == 0)
    #expect(cli.stderr == "")
    #expect(goldenMismatch(cli.stdout, named: "charts-songs-3.\(format)") == nil)
    #expect(
      recorder.requests.map(\.pathAndQuery) == ["/api/v2/us/music/most-played/3/songs.json"])
  }

  @Test(
    "Every chart name asks for its feed; a genre asks for the legacy one",
    arguments: ChartKind.allCases)
  func chartNames(kind: ChartKind) async throws {
    let recorder = FeedRecorder()
    let cli = try CLIHarness(client: recorder.client { _ in try own("legacy-no-entries.json") })
    #expect(
      await cli.run(["charts", kind.rawValue, "--genre", "7", "--country", "fr", "--no-cache"]) == 0
    )
    #expect(
      recorder.requests.map(\.pathAndQuery) == ["/fr/rss/\(kind.legacyFeed)/limit=25/genre=7/json"])
    #expect(cli.stderr == "tunes: the chart \(kind.title) (FR) is empty.\n")
    #expect(await cli.run(["charts", kind.rawValue, "--no-cache", "--fail-empty"]) == 2)
    #expect(recorder.requests.last?.host == .marketingTools)
  }

  @Test("Bad names, countries and limits are usage errors (64) before any request")
  func usage() async throws {
    let recorder = FeedRecorder()
    let cli = try CLIHarness(client: recorder.client { _ in Data() })
    #expect(await cli.run(["charts", "sngs"]) == 64)
    #expect(cli.stderr.contains("\"sngs\" is not a chart. Did you mean \"songs\"?"))
    #expect(await cli.run(["charts", "--country", "xx"]) == 64)
    #expect(cli.stderr.contains("\"xx\" is not a valid country"))
    #expect(await cli.run(["charts", "--limit", "500"]) == 64)
    #expect(cli.stderr.contains("limit 500 is out of range"))
    #expect(await cli.run(["charts", "--limit", "many"]) == 64)
    #expect(await cli.run(["charts", "songs", "albums"]) == 64)
    #expect(await cli.run(["genres", "films"]) == 64)
    #expect(cli.stderr.contains("\"films\" is not a valid medium"))
    #expect(recorder.requests.isEmpty)
  }

  @Test("Unreadable feeds exit 65 with a clear message; quirks are noted on stderr")
  func badFeeds() async throws {
    let html = try CLIHarness(client: FeedRecorder().client { _ in try own("html-error.html") })
    #expect(await html.run(["charts", "--no-cache"]) == 65)
    #expect(html.stderr.contains("an HTML page came instead of JSON"))
    let empty = try CLIHarness(client: FeedRecorder().client { _ in try own("empty-body.json") })
    #expect(await empty.run(["charts", "albums", "--no-cache"]) == 65)
    #expect(empty.stderr.contains("the body is empty"))
    let skipped = try CLIHarness(
      client: FeedRecorder().client { _ in try own("legacy-entry-without-id.json") })
    #expect(await skipped.run(["charts", "--genre", "1", "--no-cache"]) == 0)
    #expect(skipped.stdout.contains("Upside Down"))
    #expect(skipped.stderr.contains("2 results in the answer could not be read"))
    let control = try CLIHarness(
      client: FeedRecorder().client { _ in try own("v2-raw-control-characters.json") })
    #expect(await control.run(["charts", "podcasts", "--no-cache", "--format", "json"]) == 0)
    #expect(control.stdout.contains("\"author\":\"The New York Times [2J\""))
    #expect(control.stderr.contains("raw control characters"))
    let unknown = try CLIHarness(
      client: FeedRecorder().client { _ in try own("genres-unknown.json") })
    #expect(await unknown.run(["genres", "4242", "--no-cache"]) == 65)
    #expect(unknown.stderr.contains("Apple knows no genre 4242."))
    #expect(unknown.stderr.contains("tunes genres music"))
    let throttled = try CLIHarness(client: .failing(.rateLimited(status: 403)))
    #expect(await throttled.run(["charts", "--no-cache"]) == 75)
  }

  @Test(
    "Genres: each format of the podcasts tree, and the media without a request",
    arguments: ["table", "json", "ndjson", "csv", "tsv"])
  func genreFormats(format: String) async throws {
    let recorder = FeedRecorder()
    let cli = try CLIHarness(
      client: recorder.client { _ in try own("genres-id26-podcasts-small.json") })
    #expect(await cli.run(["genres", "podcasts", "--no-cache", "--format", format]) == 0)
    #expect(cli.stderr == "")
    #expect(goldenMismatch(cli.stdout, named: "genres-podcasts.\(format)") == nil)
    #expect(await cli.run(["genres", "--format", format]) == 0)
    #expect(goldenMismatch(cli.stdout, named: "genres-media.\(format)") == nil)
    #expect(
      recorder.requests.map(\.pathAndQuery) == [
        "/WebObjects/MZStoreServices.woa/ws/genres?id=26&cc=us"
      ])
  }

  @Test("Genres: --depth cuts the recorded music tree; the table indents subgenres")
  func depth() async throws {
    let cli = try CLIHarness(
      client: FeedRecorder().client { _ in try Fixtures.shared("genres-id34-music-tree.json") })
    #expect(await cli.run(["genres", "music", "--depth", "1", "--no-cache"]) == 0)
    let lines = cli.stdout.split(separator: "\n").map(String.init)
    func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }
    #expect(lines.first.map(trimmed)?.hasPrefix("ID  GENRE") == true)
    #expect(lines.first?.hasSuffix("CHARTS") == true)
    #expect(trimmed(lines[1]).hasPrefix("34  Music "))
    #expect(lines[1].hasSuffix("  songs, albums"))
    #expect(trimmed(lines[2]).hasPrefix("2    Blues "))
    #expect(
      lines.count == 2
        + (try Genre.decode(Fixtures.shared("genres-id34-music-tree.json"), id: 34)).subgenres.count
    )
    #expect(!cli.stdout.contains("Chicago Blues"))
    #expect(await cli.run(["genres", "music", "--depth", "-1", "--no-cache"]) == 64)
  }
}
