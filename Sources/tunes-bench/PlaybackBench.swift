import Foundation
import ITunesReplay
import Playback

#if canImport(Glibc)
  import Glibc
#endif

/// Previews: from `play` to the first reported position above 0 (the first preview starts mpv,
/// later ones reuse it), and tunes' own CPU while a preview plays. Needs mpv and ffmpeg; skipped
/// with a note when either is missing.
enum PlaybackBench {
  static func run(work: URL) async {
    let files = work.appendingPathComponent("preview/files", isDirectory: true)
    let tone = files.appendingPathComponent("tone.m4a")
    do {
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try Data("file\tstatus\trequest\n".utf8).write(
        to: work.appendingPathComponent("preview/index.tsv"))
      let ffmpeg = Process()
      ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      ffmpeg.arguments = [
        "ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=10",
        "-c:a", "aac", "-movflags", "+faststart", tone.path,
      ]
      try ffmpeg.run()
      ffmpeg.waitUntilExit()
      guard ffmpeg.terminationStatus == 0 else { throw BenchError.unexpected("ffmpeg failed") }
    } catch {
      print("previews: skipped (\(error); needs ffmpeg)")
      return
    }
    do {
      let server = try ReplayServer(
        directory: work.appendingPathComponent("preview"), log: ReplayServer.silentLog)
      try server.start()
      defer { server.stop() }
      let url = server.baseURL.appendingPathComponent("media/tone.m4a")
      let player = Player.live(
        configuration: PlayerConfiguration(
          environment: ProcessInfo.processInfo.environment, extraOptions: ["--ao=null"]))
      var firsts: [Double] = []
      for _ in 0..<6 {
        firsts.append(try await untilFirstPosition(player, url))
        try await player.stop()
      }
      // CPU of this process (not mpv's) over 3 s of playing, from getrusage.
      let events = player.events()
      try await player.play(url)
      let before = cpuSeconds()
      let start = ContinuousClock.now
      var positions = 0
      for await event in events {
        if case .position = event { positions += 1 }
        if ContinuousClock.now - start >= .seconds(3) { break }
      }
      let used = cpuSeconds() - before
      let wall = Double((ContinuousClock.now - start).components.seconds)
      try await player.stop()
      await player.shutdown()
      let warm = Array(firsts.dropFirst()).sorted()
      print(
        "previews, play to the first position > 0 (replay server on loopback, --ao=null): first"
          + " (starts mpv) \(Bench.ms(firsts[0])) ms, then median \(Bench.ms(warm[warm.count / 2]))"
          + " ms (goal <= 300 ms); tunes' own CPU while playing: "
          + String(format: "%.2f", 100 * used / max(wall, 1)) + " % of a core over \(Int(wall)) s"
          + " (goal <= 1 %), \(positions) position events")
    } catch {
      print("previews: skipped (\(error.localizedDescription))")
    }
  }

  private static func untilFirstPosition(_ player: Player, _ url: URL) async throws -> Double {
    let events = player.events()
    let start = ContinuousClock.now
    try await player.play(url)
    for await event in events {
      if case .position(let seconds) = event, seconds > 0 { break }
      if case .failed(let failure) = event { throw BenchError.unexpected("\(failure)") }
    }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
  }

  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }
}
