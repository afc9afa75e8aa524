import Foundation

/// Test video for the video preview tests: ffmpeg's test pattern (`lavfi testsrc`) with a 440 Hz
/// tone, H.264 and AAC in an `.m4v` with the moov atom first, small (160×120, 15 frames a second:
/// about 60 KB for 3 s).
public enum PreviewVideo {
  /// Writes a `seconds`-long test video to `url` with ffmpeg.
  /// - Throws: `PreviewAudio.Failure` when ffmpeg is missing or fails (`make deps` installs it).
  public static func make(at url: URL, seconds: Int = 3) async throws {
    let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let ffmpeg else {
      throw PreviewAudio.Failure(description: "ffmpeg is missing: run make deps")
    }
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: ffmpeg), environment: ["PATH": "/usr/bin:/bin"],
      timeout: .seconds(60))
    let result = try await runner.run([
      "-nostdin", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=15:duration=\(seconds)",
      "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      "-shortest", "-movflags", "+faststart", "-f", "mp4", url.path,
    ])
    guard result.exited(0) else {
      throw PreviewAudio.Failure(description: "ffmpeg failed: \(result)")
    }
  }
}
