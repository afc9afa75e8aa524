import Foundation
import ITunesClient
import Testing

@testable import TunesCLI

@Suite("config.json problems on the command line")
struct ConfigNoteTests {
  @Test("a bad value is named on stderr (file, key, value), and history: false still holds")
  func named() async throws {
    let cli = try CLIHarness(
      client: CLIHarness.fixtureClient("song-search-jack-johnson-sorted-keys.json"))
    let file = cli.home.appendingPathComponent(".config/tunes/config.json")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\n  // mine\n  \"history\": false,\n  \"columns\": \"two\"\n}".utf8).write(to: file)
    #expect(await cli.run(["search", "jack johnson", "--no-cache"]) == 0)
    #expect(
      cli.stderr.contains("tunes: note: config: \(file.path): \"columns\" is \"two\": "),
      "\(cli.stderr)")
    #expect(await cli.run(["history", "--format", "json"]) == 0)
    #expect(!cli.stdout.contains("jack johnson"), "history: false was kept: \(cli.stdout)")
  }
}
