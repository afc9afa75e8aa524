import Foundation
import ITunesReplay
import Playback
import TestSupport
import Testing

@testable import PlaybackLive

#if canImport(Glibc)
  import Glibc
#endif

/// The live player against a real mpv and a real replay server on 127.0.0.1.
@Suite("Live player (real mpv)", .serialized)
struct LivePlayerTests {
  /// A live player, its engine (for mpv's pid) and its events.
  struct Rig {
    let engine: PlaybackEngine
    let player: Player
    let log: EventLog

    init(_ options: [String], configure: (inout PlayerConfiguration) -> Void = { _ in }) {
      // A loaded machine can keep the in-process server from answering for a while: allow mpv
      // a minute (tests of a stalling server pass a shorter timeout after this one).
      var configuration = PlayerConfiguration(
        environment: testEnvironment(), extraOptions: ["--network-timeout=60"] + options)
      configure(&configuration)
      engine = PlaybackEngine(configuration: configuration)
      player = Player.live(engine: engine)
      log = EventLog(player)
    }
  }

  @Test("the tone plays to its end through --ao=pcm, and the PCM file holds about 3 s of audio")
  func pcmLength() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let pcm = server.directory.appending("out.wav")
    let rig = Rig([
      "--ao=pcm", "--ao-pcm-file=\(pcm.path)", "--audio-format=s16", "--audio-channels=stereo",
      "--audio-samplerate=44100",
    ])
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.last == .ended, "\(rig.log.all)\n\(server.log)")
    await rig.player.shutdown()
    let bytes = try Data(contentsOf: pcm)
    let expected = 3 * 44_100 * 2 * 2
    let data = bytes.count - 44
    #expect(
      abs(data - expected) < expected / 20, "PCM data is \(data) bytes, expected ~\(expected)")
  }

  @Test("progress, pause and seek reach the event stream (--ao=null, real time)")
  func pauseSeekProgress() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    defer { Task { await rig.player.shutdown() } }
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitForState { $0.phase == .playing && $0.position > 0.2 })
    #expect(rig.log.state.duration.map { abs($0 - 3) < 0.2 } == true, "\(rig.log.state)")
    try await rig.player.togglePause()
    #expect(await rig.log.waitUntil { $0.contains(.paused(true)) }, "\(rig.log.all)\n\(server.log)")
    let pausedAt = rig.log.state.position
    try await rig.player.seek(by: 1.5)
    #expect(
      await rig.log.waitForState { $0.position >= pausedAt + 1.3 }, "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.state.paused)
    try await rig.player.togglePause()
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.contains(.paused(false)))
    #expect(rig.log.all.last == .ended, "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.state.progressText == "▶ 0:03 / 0:03")
  }

  @Test("playFrom starts at the position and reports nothing before it (a volume set first)")
  func playFromPosition() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    try await rig.player.setVolume(40)
    try await rig.player.playFrom(server.tone, 1.5)
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    let positions = rig.log.all.compactMap { event -> Double? in
      if case .position(let seconds) = event { return seconds }
      return nil
    }
    #expect(positions.first == 1.5, "\(positions)")
    #expect(positions.allSatisfy { $0 >= 1.0 }, "\(positions)")
    #expect(rig.log.all.last == .ended, "\(rig.log.all)")
    await rig.player.shutdown()
  }

  @Test("stop ends the preview and keeps mpv for the next one")
  func stopKeepsMPV() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil { $0.contains(.started) }, "\(rig.log.all)\n\(server.log)")
    let pid = try #require(rig.engine.mpvPID)
    try await rig.player.stop()
    #expect(rig.log.all.last == .stopped)
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.engine.mpvPID == pid)
    await rig.player.shutdown()
  }

  @Test("shutdown ends mpv (checked by pid), removes its socket and ends the streams")
  func shutdownEndsMPV() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil { $0.contains(.started) }, "\(rig.log.all)\n\(server.log)")
    let pid = try #require(rig.engine.mpvPID)
    let socket = try #require(rig.engine.state.withLock { $0.session?.socketPath })
    #expect(ProcessProbe.isAlive(pid))
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    #expect(!FileManager.default.fileExists(atPath: socket))
    var ended = false
    for await _ in rig.player.events() {}
    ended = true
    #expect(ended)
    await #expect(throws: PlaybackError.shutDown) { try await rig.player.play(server.tone) }
  }

  @Test("mpv killed with SIGKILL mid-play is restarted and resumes where it was")
  func killedMidPlay() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitForState { $0.position > 0.5 })
    try await rig.player.togglePause()
    #expect(await rig.log.waitUntil { $0.contains(.paused(true)) })
    let at = rig.log.state.position
    let first = try #require(rig.engine.mpvPID)
    kill(first, SIGKILL)
    #expect(
      await rig.log.waitUntil { $0.contains { if case .restarted = $0 { true } else { false } } })
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(first) })
    let second = try #require(rig.engine.mpvPID)
    #expect(second != first)
    let restartIndex = try #require(
      rig.log.all.firstIndex { if case .restarted = $0 { true } else { false } })
    #expect(
      await rig.log.waitUntil { events in
        events[restartIndex...].contains { event in
          if case .position(let seconds) = event { return seconds >= at - 0.2 && seconds > 0 }
          return false
        }
      }, "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.state.paused, "the restarted preview stays paused")
    try await rig.player.togglePause()
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.last == .ended, "\(rig.log.all)\n\(server.log)")
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(second) })
  }

  @Test("mpv that stops answering (SIGSTOP) is killed by the watchdog and restarted")
  func hungMPV() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { configuration in
      configuration.pingInterval = .milliseconds(200)
      configuration.answerDeadline = .seconds(1)
    }
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil { $0.contains(.started) }, "\(rig.log.all)\n\(server.log)")
    try await rig.player.togglePause()
    #expect(await rig.log.waitUntil { $0.contains(.paused(true)) })
    let first = try #require(rig.engine.mpvPID)
    kill(first, SIGSTOP)
    #expect(
      await rig.log.waitUntil { events in
        events.contains { event in
          if case .restarted(let text) = event { return text.contains("stopped answering") }
          return false
        }
      }, "\(rig.log.all)\n\(server.log)")
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(first) })
    await rig.player.shutdown()
  }

  @Test("mpv that keeps dying gives up after the allowed restarts with a clear failure")
  func givesUp() async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { $0.maxRestarts = 1 }
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitUntil { $0.contains(.started) }, "\(rig.log.all)\n\(server.log)")
    try await rig.player.togglePause()
    let first = try #require(rig.engine.mpvPID)
    kill(first, SIGKILL)
    #expect(await ProcessRunner.waitUntil { (rig.engine.mpvPID ?? first) != first })
    let second = try #require(rig.engine.mpvPID)
    kill(second, SIGKILL)
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    let failure = try #require(rig.log.failure)
    #expect(failure.kind == .player)
    #expect(failure.message.contains("giving up"), "\(failure.message)")
    await rig.player.shutdown()
  }

  @Test(
    "a URL that cannot be played gives one clear failure event",
    arguments: [
      ("media/missing.m4a", PlaybackFailure.Kind.unavailable),
      ("page.m4a", .unplayable),
      ("media/truncated.m4a", .unplayable),
      ("media/noise.m4a", .unplayable),
    ])
  func badMedia(path: String, kind: PlaybackFailure.Kind) async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"])
    try await rig.player.play(server.url(path))
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    let failure = try #require(rig.log.failure, "\(rig.log.all)\n\(server.log)")
    #expect(failure.kind == kind, "\(failure)")
    #expect(!failure.message.isEmpty)
    await rig.player.shutdown()
  }

  // Only a stall: a server that cuts every answer short but honours Range lets mpv fetch the
  // rest piece by piece, so whether it plays or fails depends on timing. A file that is itself
  // cut short is tested above, deterministically.
  @Test(
    "a server that stalls gives a clear failure",
    arguments: [(ReplayFault.hang, PlaybackFailure.Kind.unavailable)])
  func stallingServer(fault: ReplayFault, kind: PlaybackFailure.Kind) async throws {
    let server = try await PreviewServer()
    defer { server.close() }
    server.server.injectFault(fault, matching: "/media/faulty/")
    let rig = Rig(["--ao=null", "--network-timeout=2"])
    try await rig.player.play(server.url("media/faulty/tone.m4a"))
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    let failure = try #require(rig.log.failure, "\(rig.log.all)\n\(server.log)")
    #expect(failure.kind == kind, "\(failure)")
    await rig.player.shutdown()
  }
}
