import Foundation
import Glibc
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

/// What a hostile server sends, and whether any of it reaches the terminal as a control.
enum Hostile {
  /// A title or message holding what a terminal obeys: CSI 2J (clear), OSC 0 (window title),
  /// OSC 52 (clipboard), SGR, a C1 CSI and bidi overrides.
  static let text =
    "Evil\u{1B}[2J\u{1B}]0;pwned\u{7}\u{1B}]52;c;cm0gLXJmIH4=\u{7}\u{1B}[31mTitle\u{9B}1m"
    + "\u{202E}\u{2066}\u{200F}\u{061C}"

  /// `text` as a JSON string body's content (escaped).
  static var json: String {
    String(decoding: JSONWriter.bytes(.string(text)), as: UTF8.self)
  }

  /// A client over a real pipeline whose every request gets `status` and `body`.
  static func client(status: Int = 200, body: Data) -> ITunesClient {
    ITunesClient.pipeline(
      transport: HTTPTransport { _ in TransportResponse(status: status, body: body) },
      limiter: RateLimiter(
        limit: RateLimit(requests: 1000, period: .seconds(60)), clock: .immediate),
      clock: .immediate)
  }

  /// The controls found in `bytes`: ESC, BEL, other C0 but LF (and CR LF / tab when allowed),
  /// DEL, C1 and the bidi controls.
  static func controls(in bytes: [UInt8], allowTab: Bool = false, allowCR: Bool = false)
    -> [UInt32]
  {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value).filter { v in
      if v == 0x0A || (allowTab && v == 0x09) || (allowCR && v == 0x0D) { return false }
      return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
        || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
  }
}

@Suite("Hostile text never reaches the terminal")
struct HostileOutputTests {
  @Test(
    "a server's errorMessage reaches stderr without a control, as text",
    arguments: [
      ["search", "x"], ["lookup", "1"], ["charts", "songs"], ["genres", "music"],
      ["favorites", "add", "1"], ["preview", "1"],
    ])
  func errorMessage(arguments: [String]) async throws {
    for status in [200, 400] {
      let body = Data(#"{"errorMessage":\#(Hostile.json)}"#.utf8)
      let cli = try CLIHarness(client: Hostile.client(status: status, body: body))
      let code = await cli.run(arguments + ["--no-cache"])
      #expect(code != 0)
      let stderr = Array(cli.stderr.utf8)
      #expect(Hostile.controls(in: stderr).isEmpty, "\(arguments) \(status): \(cli.stderr)")
      #expect(cli.stderr.contains("EvilTitle"), "\(arguments) \(status): \(cli.stderr)")
    }
  }

  @Test("every thrown error is sanitized on stderr, whatever its kind")
  func anyError() async throws {
    for error in [
      ClientError.invalidRequest(message: Hostile.text), .notFound(message: Hostile.text),
      .transport(Hostile.text), .decoding(.malformed(reason: Hostile.text)),
    ] {
      let cli = try CLIHarness(client: .failing(error))
      #expect(await cli.run(["search", "x", "--no-cache"]) != 0)
      #expect(Hostile.controls(in: Array(cli.stderr.utf8)).isEmpty, "\(error): \(cli.stderr)")
    }
  }

  @Test("favourites export and list as CSV and TSV hold no control from stored network data")
  func favoritesExport() async throws {
    var item = CatalogItem(id: 9, kind: .song, title: Hostile.text)
    item.author = "=HYPERLINK(\"http://evil\")"
    let page = CatalogPage(items: [item])
    let cli = try CLIHarness(client: .mock { _ in page })
    #expect(await cli.run(["favorites", "add", "9", "--no-cache"]) == 0)
    for arguments in [
      ["favorites", "export", "--format", "csv"], ["favorites", "list", "--format", "csv"],
      ["favorites", "list", "--format", "tsv"], ["favorites", "list"],
    ] {
      #expect(await cli.run(arguments) == 0, "\(arguments): \(cli.stderr)")
      let found = Hostile.controls(
        in: cli.stdoutBytes, allowTab: arguments.last == "tsv", allowCR: arguments.last == "csv")
      #expect(found.isEmpty, "\(arguments): \(cli.stdout)")
      #expect(cli.stdout.contains("EvilTitle"), "\(arguments): \(cli.stdout)")
    }
  }

  @Test("bidi controls are escaped in JSON and removed in tables, CSV and TSV")
  func bidiInOutput() async throws {
    let item = CatalogItem(id: 7, kind: .song, title: "abc\u{202E}gpj.exe\u{2066}\u{200E}")
    let cli = try CLIHarness(client: .mock { _ in CatalogPage(items: [item]) })
    for format in ["table", "csv", "tsv", "json", "ndjson"] {
      #expect(await cli.run(["search", "x", "--no-cache", "--format", format]) == 0)
      let found = Hostile.controls(
        in: cli.stdoutBytes, allowTab: format == "tsv", allowCR: format == "csv")
      #expect(found.isEmpty, "\(format): \(cli.stdout)")
    }
    #expect(cli.stdout.contains(#"abc\u202egpj.exe\u2066\u200e"#))
  }
}

@Suite("Output that cannot be written")
struct OutputFailureTests {
  @Test("a failed write to stdout exits 74 with the cause on stderr; EPIPE (| head) is no error")
  func stdoutFails() async throws {
    let cli = try CLIHarness(
      client: CLIHarness.fixtureClient("song-search-jack-johnson-sorted-keys.json"))
    cli.stdoutFailure = ENOSPC
    #expect(await cli.run(["search", "jack johnson", "--no-cache"]) == 74)
    #expect(cli.stderr.contains("could not write to standard output: "))
    #expect(cli.stderr.contains("(ENOSPC)"))
    cli.stdoutFailure = EPIPE
    #expect(await cli.run(["search", "jack johnson", "--no-cache"]) == 0)
    #expect(cli.stderr == "")
    cli.stdoutFailure = nil
    #expect(await cli.run(["search", "jack johnson", "--no-cache"]) == 0)
  }

  @Test("a write to a closed descriptor or /dev/full reports its errno")
  func fileOutput() throws {
    #expect(FileOutput.write(Array("x".utf8), to: -1) == EBADF)
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    #expect(FileOutput.write(Array("x".utf8), to: full) == ENOSPC)
    let null = open("/dev/null", O_WRONLY)
    defer { close(null) }
    #expect(FileOutput.write(Array(repeating: 0x41, count: 1 << 20), to: null) == nil)
  }
}
