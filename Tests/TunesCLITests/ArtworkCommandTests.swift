import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import ITunesReplay
import TestSupport
import Testing

@testable import TunesCLI

/// `tunes artwork` against the replay server on loopback, which draws artwork of the size an
/// Apple-shaped URL asks for.
@Suite("tunes artwork")
struct ArtworkCommandTests {
  /// A replay server answering one lookup with `artworkUrl100`, and a harness pointed at it.
  final class World: @unchecked Sendable {
    let server: ReplayServer
    let cli: CLIHarness

    init(
      artwork: String? =
        "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/cover.jpg/100x100bb.jpg"
    )
      throws
    {
      server = try ReplayServer(directories: [], log: ReplayServer.silentLog)
      try server.start()
      var result = #"{"wrapperType":"track","kind":"song","trackId":42,"trackName":"Tides""#
      if let artwork { result += #","artworkUrl100":"\#(artwork)""# }
      result += "}"
      try server.register(
        request: "/lookup?id=42", body: Data(#"{"resultCount":1,"results":[\#(result)]}"#.utf8))
      try server.register(
        request: "/lookup?id=7", body: Data(#"{"resultCount":0,"results":[]}"#.utf8))
      var configuration = try ClientConfiguration(
        baseURL: server.baseURL.absoluteString, timeoutSeconds: 10)
      configuration.retry = RetryPolicy(
        maxAttempts: 1, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10))
      let limiter = RateLimiter(
        limit: RateLimit(requests: 10_000, period: .seconds(60)), clock: .live)
      cli = try CLIHarness(
        client: ITunesClient.live(configuration: configuration, limiter: limiter))
      cli.environment["TUNES_MEDIA_BASE"] = server.baseURL.absoluteString + "/media"
    }

    deinit { server.stop() }
  }

  /// The width and height of a baseline JPEG (its SOF0 marker).
  static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if marker == 0xC0 || marker == 0xC2 {
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return (width, height)
      }
      index += 2 + length
    }
    return nil
  }

  @Test("--size 3000 -o FILE writes Apple's largest picture, as served, and says so")
  func largestToFile() async throws {
    let world = try World()
    let file = world.cli.home.appendingPathComponent("cover.jpg")
    let code = await world.cli.run(["artwork", "42", "--size", "3000", "-o", file.path])
    #expect(code == 0, "\(world.cli.stderr)")
    let bytes = [UInt8](try Data(contentsOf: file))
    #expect(Self.jpegSize(bytes).map { [$0.0, $0.1] } == [3000, 3000])
    #expect(world.cli.stdout.isEmpty)
    #expect(world.cli.stderr.contains("3000×3000"), "\(world.cli.stderr)")
  }

  @Test("to a pipe: the picture at 600 px by default, the bytes and nothing else on stdout")
  func toStdout() async throws {
    let world = try World()
    let code = await world.cli.run(["artwork", "42"])
    #expect(code == 0, "\(world.cli.stderr)")
    #expect(Self.jpegSize(world.cli.stdoutBytes).map { [$0.0, $0.1] } == [600, 600])
    let small = await world.cli.run(["artwork", "42", "--size", "60", "--output", "-"])
    #expect(small == 0)
    #expect(Self.jpegSize(world.cli.stdoutBytes).map { [$0.0, $0.1] } == [60, 60])
  }

  @Test("a picture is never written to a terminal: 64 before any request")
  func refusesTheTerminal() async throws {
    let world = try World()
    world.cli.terminal = (true, 80)
    let code = await world.cli.run(["artwork", "42"])
    #expect(code == 64)
    #expect(world.cli.stdoutBytes.isEmpty)
    #expect(world.cli.stderr.contains("will not write a picture to the terminal"))
  }

  @Test(
    "bad input is a usage error (64) with a clear message",
    arguments: [
      (["artwork"], "needs an iTunes id"),
      (["artwork", "abc"], "one iTunes id"),
      (["artwork", "42", "43"], "one iTunes id"),
      (["artwork", "42", "--size", "3001"], "from 1 to 3000"),
      (["artwork", "42", "--size", "0"], "from 1 to 3000"),
      (["artwork", "42", "--show", "--images", "film"], "--images must be one of"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let world = try World()
    let code = await world.cli.run(arguments)
    #expect(code == 64, "\(world.cli.stderr)")
    #expect(world.cli.stderr.contains(message), "\(world.cli.stderr)")
  }

  @Test("no such item, or one without artwork: 65, and no file is left")
  func missing() async throws {
    let world = try World()
    let file = world.cli.home.appendingPathComponent("none.jpg")
    #expect(await world.cli.run(["artwork", "7", "-o", file.path]) == 65)
    #expect(world.cli.stderr.contains("No item with id 7"))
    let bare = try World(artwork: nil)
    #expect(await bare.cli.run(["artwork", "42", "-o", file.path]) == 65)
    #expect(bare.cli.stderr.contains("has no artwork"))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test("the artwork server's 404 is 65 naming the size; a folder that is not there is 73")
  func failures() async throws {
    let world = try World()
    try world.server.register(
      request: "/media/image/thumb/Music/v4/aa/bb/cover.jpg/800x800bb.jpg", status: 404,
      body: Data())
    #expect(await world.cli.run(["artwork", "42", "--size", "800"]) == 65)
    #expect(world.cli.stderr.contains("no artwork at 800 px"), "\(world.cli.stderr)")
    let code = await world.cli.run(["artwork", "42", "-o", "/nonexistent-folder/x.jpg"])
    #expect(code == 73, "\(world.cli.stderr)")
    #expect(world.cli.stderr.contains("/nonexistent-folder/x.jpg"))
  }

  @Test("--help describes the sizes, the refusal and the exit codes")
  func help() async throws {
    let world = try World()
    #expect(await world.cli.run(["artwork", "--help"]) == 0)
    for text in ["--size N", "-o, --output FILE", "--show", "3000", "Exit codes"] {
      #expect(world.cli.stdout.contains(text), "\(text)")
    }
  }
}
