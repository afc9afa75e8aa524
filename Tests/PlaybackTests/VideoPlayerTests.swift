import Foundation
import Playback
import TestSupport
import Testing

@testable import PlaybackLive

#if canImport(Glibc)
  import Glibc
#endif

/// Video previews with a real mpv: in a window on a private X server (Xvfb), drawn as text into
/// a file standing in for the terminal (`--vo=tct`), and as sound only.
@Suite("Video previews (real mpv)", .serialized)
struct VideoPlayerTests {
  typealias Rig = LivePlayerTests.Rig

  /// mpv's command line, from `/proc`.
  static func commandLine(_ pid: pid_t) -> [String] {
    let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Asks the running mpv for a property.
  static func property(_ name: String, of engine: PlaybackEngine) async throws -> IPCMessage {
    let session = try #require(engine.state.withLock { $0.session })
    return try await session.connection.request(
      ["get_property", .string(name)], deadline: .seconds(10))
  }

  @Test("a video opens an mpv window on the display, and the window closes at the end")
  func window() async throws {
    let display = try await VirtualDisplay.start()
    let server = try await PreviewServer(video: true)
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { $0.environment["DISPLAY"] = display.name }
    let clock = ContinuousClock()
    // A figure, not a bound: the song's first position with mpv running is the baseline.
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitForState { $0.phase == .playing && $0.position > 0 })
    try await rig.player.stop()
    var start = clock.now
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitForState { $0.phase == .playing && $0.position > 0 })
    let song = clock.now - start
    try await rig.player.stop()
    start = clock.now
    try await rig.player.playMedia(server.clip, .window)
    #expect(
      await rig.log.waitUntil { $0.contains(.video(true)) }, "\(rig.log.all)\n\(server.log)")
    let firstFrame = clock.now - start
    print(
      "video preview: window configured after \(firstFrame), a song's first position after "
        + "\(song) (mpv running, same run): ratio \(firstFrame / song)")
    #expect(try await Self.property("vo-configured", of: rig.engine).flag == true)
    #expect(await windowCount(display) == 1, "no mpv window on the display")
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.last == .ended, "\(rig.log.all)")
    let closed = await eventually(within: 30) { await windowCount(display) == 0 }
    #expect(closed, "the window stays open after the preview ended")
    let pid = try #require(rig.engine.mpvPID)
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    await display.stop()
  }

  @Test("stop closes the window at once and mpv stays for the next preview")
  func stopClosesWindow() async throws {
    let display = try await VirtualDisplay.start()
    let server = try await PreviewServer(video: true)
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { $0.environment["DISPLAY"] = display.name }
    try await rig.player.playMedia(server.clip, .window)
    #expect(
      await rig.log.waitUntil { $0.contains(.video(true)) }, "\(rig.log.all)\n\(server.log)")
    let pid = try #require(rig.engine.mpvPID)
    try await rig.player.stop()
    #expect(await eventually(within: 30) { await windowCount(display) == 0 })
    // A song after the video plays with no window (vid=no again).
    try await rig.player.play(server.tone)
    #expect(await rig.log.waitForState { $0.phase == .playing && $0.position > 0.3 })
    #expect(await windowCount(display) == 0, "a song opened a window")
    #expect(rig.engine.mpvPID == pid)
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    await display.stop()
  }

  @Test("audio only: a video with a display plays as sound, with no window (--no-video, vid=no)")
  func audioOnly() async throws {
    let display = try await VirtualDisplay.start()
    let server = try await PreviewServer(video: true)
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { $0.environment["DISPLAY"] = display.name }
    try await rig.player.playMedia(server.clip, .none)
    #expect(await rig.log.waitForState { $0.phase == .playing && $0.position > 0.5 })
    let pid = try #require(rig.engine.mpvPID)
    #expect(Self.commandLine(pid).contains("--no-video"), "\(Self.commandLine(pid))")
    #expect(try await Self.property("vid", of: rig.engine).flag == false)
    #expect(try await Self.property("vo-configured", of: rig.engine).flag == false)
    #expect(await windowCount(display) == 0, "audio-only mode opened a window")
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.last == .ended)
    #expect(!rig.log.all.contains(.video(true)))
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    await display.stop()
  }

  @Test("in the terminal: mpv draws half blocks (--vo=tct) within the area it was given")
  func terminal() async throws {
    let server = try await PreviewServer(video: true)
    defer { server.close() }
    let screen = server.directory.appending("screen.out")
    _ = FileManager.default.createFile(atPath: screen.path, contents: nil)
    let handle = try FileHandle(forWritingTo: screen)
    defer { try? handle.close() }
    let rig = Rig(["--ao=null"]) { $0.terminalOutput = handle.fileDescriptor }
    let area = TerminalVideo(driver: .tct, columns: 40, rows: 11)
    try await rig.player.playMedia(server.clip, .terminal(area))
    #expect(
      await rig.log.waitUntil { $0.contains(.video(true)) }, "\(rig.log.all)\n\(server.log)")
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    #expect(rig.log.all.last == .ended)
    let pid = try #require(rig.engine.mpvPID)
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    let text = String(decoding: try Data(contentsOf: screen), as: UTF8.self)
    #expect(text.contains("▄"), "no half blocks: \(text.prefix(200).debugDescription)")
    #expect(text.contains("\u{1B}[48;2;"), "no true-colour background")
    // Every cursor move of mpv stays inside the 40×11 area (rows and columns from 0 or 1).
    let moves = try Regex(#"\x1B\[(\d+);(\d+)f"#)
    var rows: Set<Int> = []
    for match in text.matches(of: moves) {
      let row = Int(match.output[1].substring ?? "") ?? 0
      let column = Int(match.output[2].substring ?? "") ?? 0
      rows.insert(row)
      #expect(row <= 11 && column <= 40, "mpv moved to \(row);\(column)")
    }
    #expect(rows.count >= 5, "mpv drew \(rows.count) rows")
  }

  @Test(
    "a video that cannot be loaded (404) or is not a video fails with one clear message",
    arguments: [
      ("media/missing.m4v", PlaybackFailure.Kind.unavailable, "could not be loaded"),
      ("media/noise.m4a", .unplayable, "mpv can play"),
    ])
  func badVideo(path: String, kind: PlaybackFailure.Kind, words: String) async throws {
    let display = try await VirtualDisplay.start()
    let server = try await PreviewServer()
    defer { server.close() }
    let rig = Rig(["--ao=null"]) { $0.environment["DISPLAY"] = display.name }
    try await rig.player.playMedia(server.url(path), .window)
    #expect(await rig.log.waitUntil(EventLog.finished), "\(rig.log.all)\n\(server.log)")
    let failure = try #require(rig.log.failure, "\(rig.log.all)\n\(server.log)")
    #expect(failure.kind == kind, "\(failure)")
    #expect(failure.message.contains(words), "\(failure.message)")
    #expect(!rig.log.all.contains(.video(true)))
    #expect(await windowCount(display) == 0)
    let pid = try #require(rig.engine.mpvPID)
    await rig.player.shutdown()
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    await display.stop()
  }
}

/// How many top-level mpv windows the display has (mpv names its window class "mpv").
private func windowCount(_ display: VirtualDisplay) async -> Int {
  await display.windows(containing: "(\"mpv\" \"mpv\")").count
}
