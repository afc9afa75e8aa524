import Foundation
import Glibc
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
    #expect(await cli.run(["doctor"]) == 0)
    #expect(cli.stdout.contains("settings     1 problem"), "\(cli.stdout)")
    #expect(cli.stdout.contains("\"columns\" is \"two\""), "\(cli.stdout)")
    #expect(await cli.run(["history", "--format", "json"]) == 0)
    #expect(!cli.stdout.contains("jack johnson"), "history: false was kept: \(cli.stdout)")
  }
}

@Suite("tunes doctor and secrets")
struct DoctorSecretTests {
  @Test("doctor masks the password of an API base")
  func masked() async throws {
    let cli = try CLIHarness(client: .failing())
    cli.environment["TUNES_API_BASE"] = "https://me:s3cret@proxy.example/itunes"
    #expect(await cli.run(["doctor"]) == 0)
    #expect(!cli.stdout.contains("s3cret"), "\(cli.stdout)")
    #expect(cli.stdout.contains("https://me:****@proxy.example/itunes"), "\(cli.stdout)")
  }
}

@Suite("Import files and standard input that are not what they should be")
struct BadInputFileTests {
  @Test("importing [\"str\"] says what is wrong (65) and never advises moving the database")
  func stringItems() async throws {
    let cli = try CLIHarness(client: .failing())
    for (name, text) in [
      ("strings.json", #"["str"]"#), ("numbers.json", "[1, 2]"),
      ("mixed.json", #"[{"id": 1, "title": "a"}, "x"]"#),
    ] {
      let file = cli.home.appendingPathComponent(name)
      try Data(text.utf8).write(to: file)
      #expect(await cli.run(["favorites", "import", file.path]) == 65, "\(name): \(cli.stderr)")
      #expect(cli.stderr.contains("is not a JSON object"), "\(name): \(cli.stderr)")
      #expect(!cli.stderr.contains("move"), "\(name): \(cli.stderr)")
    }
  }

  @Test("an import with a 2 MB title is refused (65) and nothing is imported")
  func hugeTitle() async throws {
    let cli = try CLIHarness(client: .failing())
    let file = cli.home.appendingPathComponent("huge.json")
    let title = String(repeating: "t", count: 2_000_000)
    try Data(
      #"[{"id": 1, "kind": "song", "title": "ok"}, {"id": 2, "kind": "song", "title": "\#(title)"}]"#
        .utf8
    )
    .write(to: file)
    #expect(await cli.run(["favorites", "import", file.path]) == 65, "\(cli.stderr.prefix(200))")
    #expect(cli.stderr.contains("item 2 is larger than tunes keeps"), "\(cli.stderr.prefix(200))")
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty, "all or nothing")
  }

  @Test("standard input past 64 MiB is refused (65) instead of read forever")
  func hugeStdin() async throws {
    let cli = try CLIHarness(client: .failing())
    cli.stdin = Data(repeating: UInt8(ascii: "1"), count: BoundedInput.limit + 1)
    #expect(await cli.run(["lookup", "-"]) == 65)
    #expect(cli.stderr.contains("more than 64 MiB"), "\(cli.stderr.prefix(300))")
  }

  @Test("an import file past the limit is refused before it is read whole")
  func hugeFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tunes-bounded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("big.json")
    try Data(repeating: 0x20, count: 2048).write(to: file)
    #expect(throws: CLIError.self) { try BoundedInput.file(file.path, limit: 1024) }
    #expect(try BoundedInput.file(file.path, limit: 4096).count == 2048)
    #expect(BoundedInput.read(open("/dev/zero", O_RDONLY), limit: 1000).count == 1001)
  }
}
