import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import Synchronization
import TestSupport
import Testing

@testable import TunesCLI

/// `tunes preview` in-process, with an in-memory player (the real mpv runs in the end-to-end
/// and Playback tests).
@Suite("tunes preview")
struct PreviewCommandTests {
  static let preview = URL(
    test: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview122/v4/2d/tone.m4a")

  static func client(preview: URL? = Self.preview) -> ITunesClient {
    ITunesClient.mock { _ in
      var item = CatalogItem(id: 42, kind: .song, title: "A 440")
      item.author = "Test \u{1B}[31mTones"
      item.previewURL = preview
      return CatalogPage(items: [item])
    }
  }

  @Test("without a terminal it prints playing and finished, and exits 0")
  func plain() async throws {
    let cli = try CLIHarness(client: Self.client())
    let double = InMemoryPlayer(duration: 3, outcome: .ended)
    cli.player = double.player
    #expect(await cli.run(["preview", "42", "--no-cache"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout == "playing \"A 440\" by Test Tones\nfinished\n")
    #expect(double.commands == [.play(Self.preview), .shutdown])
  }

  @Test("TUNES_MEDIA_BASE moves the preview to the replay server")
  func mediaBase() async throws {
    let cli = try CLIHarness(client: Self.client())
    cli.environment["TUNES_MEDIA_BASE"] = "http://127.0.0.1:8123/media"
    let double = InMemoryPlayer(outcome: .ended)
    cli.player = double.player
    #expect(await cli.run(["preview", "42", "--no-cache"]) == 0)
    let moved = try #require(
      URL(string: "http://127.0.0.1:8123/media/itunes-assets/AudioPreview122/v4/2d/tone.m4a"))
    #expect(double.commands.first == .play(moved))
  }

  @Test("an item without a preview exits 65 and says so")
  func noPreview() async throws {
    let cli = try CLIHarness(client: Self.client(preview: nil))
    let double = InMemoryPlayer()
    cli.player = double.player
    #expect(await cli.run(["preview", "42", "--no-cache"]) == 65)
    #expect(cli.stderr == "tunes: \"A 440\" has no preview.\n")
    #expect(double.commands.isEmpty)
  }

  @Test("an album plays its first track that has a preview, and says so")
  func albumPlaysFirstTrack() async throws {
    let client = ITunesClient.mock { request in
      let entity = request.parameters.first { $0.name == "entity" }?.value
      var album = CatalogItem(id: 7, kind: .album, title: "Tones")
      album.author = "Test Tones"
      guard entity == "song" else { return CatalogPage(items: [album]) }
      let silent = CatalogItem(id: 41, kind: .song, title: "Silence")
      var first = CatalogItem(id: 42, kind: .song, title: "A 440")
      first.previewURL = Self.preview
      return CatalogPage(items: [album, silent, first])
    }
    let cli = try CLIHarness(client: client)
    let double = InMemoryPlayer(duration: 3, outcome: .ended)
    cli.player = double.player
    #expect(await cli.run(["preview", "7", "--no-cache"]) == 0, "\(cli.stderr)")
    #expect(cli.stderr == "tunes: \"Tones\" plays its first track.\n")
    #expect(cli.stdout.hasPrefix("playing \"A 440\""), "\(cli.stdout)")
    #expect(double.commands == [.play(Self.preview), .shutdown])
  }

  @Test("mpv missing exits 69 with the install line")
  func mpvMissing() async throws {
    let cli = try CLIHarness(client: Self.client())
    cli.player = InMemoryPlayer(failure: .mpvMissing).player
    #expect(await cli.run(["preview", "42", "--no-cache"]) == 69)
    #expect(cli.stderr == "tunes: Install mpv to play previews: apt-get install mpv\n")
  }

  @Test(
    "a preview that fails exits 65 when it is not audio, 69 when it cannot be loaded",
    arguments: [(PlaybackFailure.Kind.unplayable, Int32(65)), (.unavailable, 69), (.player, 69)])
  func failure(kind: PlaybackFailure.Kind, code: Int32) async throws {
    let cli = try CLIHarness(client: Self.client())
    let failure = PlaybackFailure(kind, "The preview is not audio mpv can play.")
    cli.player = InMemoryPlayer(outcome: .failed(failure)).player
    #expect(await cli.run(["preview", "42", "--no-cache"]) == code)
    #expect(cli.stderr == "tunes: The preview is not audio mpv can play.\n")
  }

  @Test("usage errors exit 64", arguments: [[], ["x"], ["1", "y"], ["-5"]])
  func usage(arguments: [String]) async throws {
    let cli = try CLIHarness(client: Self.client())
    cli.player = InMemoryPlayer().player
    #expect(await cli.run(["preview"] + arguments) == 64)
    #expect(cli.stderr.contains("tunes preview --help"))
  }

  @Test("several ids play in order, one lookup for all; one without a preview is skipped, noted")
  func list() async throws {
    let asked = Mutex<[String]>([])
    let client = ITunesClient.mock { request in
      asked.withLock { $0.append(request.parameters.first { $0.name == "id" }?.value ?? "") }
      return CatalogPage(
        items: ([1, 2, 3] as [Int64]).map { id in
          var item = CatalogItem(id: id, kind: .song, title: "Song \(id)")
          if id != 2 {
            item.previewURL = URL(string: "https://audio-ssl.itunes.apple.com/\(id).m4a")
          }
          return item
        })
    }
    let cli = try CLIHarness(client: client)
    let double = InMemoryPlayer(duration: 3, outcome: .ended)
    cli.player = double.player
    let code = await cli.run(["preview", "3", "1", "2", "--no-cache"])
    #expect(code == 0, "\(cli.stderr)")
    #expect(asked.withLock { $0 } == ["3,1,2"])
    #expect(cli.stdout == "playing \"Song 3\"\nfinished\nplaying \"Song 1\"\nfinished\n")
    #expect(cli.stderr == "tunes: note: \"Song 2\" has no preview; skipped.\n")
    #expect(
      double.commands == [
        .play(try #require(URL(string: "https://audio-ssl.itunes.apple.com/3.m4a"))),
        .play(try #require(URL(string: "https://audio-ssl.itunes.apple.com/1.m4a"))), .shutdown,
      ])
  }

  @Test("an id the store does not know exits 65")
  func unknown() async throws {
    let cli = try CLIHarness(client: ITunesClient.mock { _ in CatalogPage(items: []) })
    cli.player = InMemoryPlayer().player
    #expect(await cli.run(["preview", "7", "--no-cache"]) == 65)
    #expect(cli.stderr == "tunes: Apple knows no item with id 7 in the US store.\n")
  }

  @Test("the progress line is redrawn only on change, at most every 250 ms")
  func progressLine() {
    var line = ProgressLine()
    let start = ContinuousClock.now
    #expect(line.offer("▶ 0:00 / 0:03", now: start) == "▶ 0:00 / 0:03")
    #expect(line.offer("▶ 0:00 / 0:03", now: start + .milliseconds(300)) == nil)
    #expect(line.offer("▶ 0:01 / 0:03", now: start + .milliseconds(400)) == "▶ 0:01 / 0:03")
    #expect(line.offer("⏸ 0:01 / 0:03", now: start + .milliseconds(450)) == nil)
    #expect(line.wake == start + .milliseconds(650))
    #expect(line.flush(now: start + .milliseconds(600)) == nil)
    #expect(line.flush(now: start + .milliseconds(650)) == "⏸ 0:01 / 0:03")
    #expect(line.wake == nil)
  }

  @Test(
    "keys: Space and p pause, arrows and h/l seek, q and Ctrl-C stop",
    arguments: [
      ([0x20], RawKeys.Key.togglePause), ([0x70], .togglePause), ([0x1B, 0x5B, 0x44], .back),
      ([0x1B, 0x5B, 0x43], .forward), ([0x1B, 0x4F, 0x43], .forward), ([0x68], .back),
      ([0x71], .quit), ([0x03], .quit),
    ])
  func keys(bytes: [UInt8], key: RawKeys.Key) {
    var decoder = RawKeys.Decoder()
    let keys = bytes.compactMap { decoder.feed($0) }
    #expect(keys == [key])
  }
}
