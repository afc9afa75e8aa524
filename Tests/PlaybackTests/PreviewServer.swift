import Foundation
import ITunesReplay
import Synchronization
import TestSupport

/// A replay server on 127.0.0.1 serving a generated 3-second m4a under `/media/`, and the bad
/// answers the failure tests need: a missing file, an HTML page, a truncated m4a and a file that
/// is not audio at all.
final class PreviewServer: Sendable {
  let directory: TemporaryDirectory
  let server: ReplayServer
  private let recorded = LogLines()

  /// The server's log so far, one line a request, for failure messages.
  var log: String { recorded.lines.withLock { $0.joined(separator: "\n") } }

  private final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
  }

  /// - Parameter video: also make `clip.m4v`, a 3-second test pattern with sound.
  init(video: Bool = false) async throws {
    directory = try TemporaryDirectory(prefix: "tunes-playback")
    let files = try directory.subdirectory("recordings/files")
    let good = files.appendingPathComponent("tone.m4a")
    try await PreviewAudio.make(at: good)
    if video { try await PreviewVideo.make(at: files.appendingPathComponent("clip.m4v")) }
    let bytes = try Data(contentsOf: good)
    try bytes.prefix(bytes.count / 2).write(to: files.appendingPathComponent("truncated.m4a"))
    try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
      .write(to: files.appendingPathComponent("noise.m4a"))
    try Data("file\tstatus\trequest\n".utf8)
      .write(to: directory.appending("recordings/index.tsv"))
    let recorded = self.recorded
    server = try ReplayServer(
      directory: directory.appending("recordings"),
      log: { entry in recorded.lines.withLock { $0.append(entry.line) } })
    try server.register(
      request: "/page.m4a",
      body: Data("<!doctype html><html><body><h1>Not here</h1></body></html>".utf8),
      headers: ["Content-Type": "text/html; charset=utf-8"])
    try server.start()
  }

  /// `http://127.0.0.1:PORT/PATH`.
  func url(_ path: String) -> URL {
    server.baseURL.appendingPathComponent(path)
  }

  /// The 3-second test video (with `video: true`).
  var clip: URL { url("media/itunes-assets/Video126/v4/clip.m4v") }

  /// The 3-second tone.
  var tone: URL { url("media/itunes-assets/AudioPreview/tone.m4a") }

  func close() {
    server.stop()
    directory.remove()
  }
}
