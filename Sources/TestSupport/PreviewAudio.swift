import Foundation

/// Test audio for the preview tests: a short sine tone encoded as AAC in an m4a with the moov
/// atom first (`-movflags +faststart`), made by ffmpeg.
public enum PreviewAudio {
  /// Why the audio could not be made.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// Writes a `seconds`-long 440 Hz m4a to `url` with ffmpeg.
  /// - Throws: `Failure` when ffmpeg is missing or fails (`make deps` installs it).
  public static func make(at url: URL, seconds: Int = 3) async throws {
    let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let ffmpeg else { throw Failure(description: "ffmpeg is missing: run make deps") }
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: ffmpeg), environment: ["PATH": "/usr/bin:/bin"],
      timeout: .seconds(60))
    let result = try await runner.run([
      "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=\(seconds)", "-c:a", "aac", "-movflags", "+faststart", url.path,
    ])
    guard result.exited(0) else { throw Failure(description: "ffmpeg failed: \(result)") }
  }
}
