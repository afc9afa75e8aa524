import Foundation
import ITunesCatalog
import Testing

@testable import TunesLive

@Suite("Live playback wiring: mpv options and TUNES_MEDIA_BASE")
struct LivePlaybackTests {
  private func configFile(_ json: String) throws -> (URL, () -> Void) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("config.json")
    try Data(json.utf8).write(to: url)
    return (url, { try? FileManager.default.removeItem(at: directory) })
  }

  @Test(
    "mpvOptions (a string or a list) come first, then TUNES_MPV_OPTIONS",
    arguments: [
      #"{"mpvOptions": "--volume=50  --ao=null"}"#,
      #"{"mpvOptions": ["--volume=50", "--ao=null"]}"#,
    ])
  func options(json: String) throws {
    let (url, remove) = try configFile(json)
    defer { remove() }
    let configuration = LivePlayback.configuration(
      environment: ["TUNES_MPV_OPTIONS": "--ao=pcm --ao-pcm-file=/tmp/x.wav"], configFile: url)
    #expect(
      configuration.extraOptions == [
        "--volume=50", "--ao=null", "--ao=pcm", "--ao-pcm-file=/tmp/x.wav",
      ])
  }

  @Test("no config file and no variable: no extra options")
  func none() {
    let url = URL(fileURLWithPath: "/nonexistent/tunes/config.json")
    #expect(LivePlayback.configuration(environment: [:], configFile: url).extraOptions == [])
  }

  @Test("the preview URL moves to TUNES_MEDIA_BASE when it is set")
  func previewURL() throws {
    var item = CatalogItem(id: 1, kind: .song, title: "x")
    #expect(LivePlayback.previewURL(for: item, environment: [:]) == nil)
    item.previewURL = URL(string: "https://audio-ssl.itunes.apple.com/a/p.m4a")
    #expect(LivePlayback.previewURL(for: item, environment: [:]) == item.previewURL)
    let moved = LivePlayback.previewURL(
      for: item, environment: ["TUNES_MEDIA_BASE": "http://127.0.0.1:9/media"])
    #expect(moved?.absoluteString == "http://127.0.0.1:9/media/a/p.m4a")
  }
}
