import Foundation
import Glibc
import Playback
import TestSupport
import Testing

@testable import PlaybackLive

#if canImport(Glibc)
  import Glibc
#endif

/// Starting mpv fails clearly: not installed, a socket path too long, an mpv that exits at once or
/// never opens its socket.
@Suite("Starting mpv")
struct StartFailureTests {
  private static let url = URL(test: "http://127.0.0.1:9/media/x.m4a")

  @Test("no mpv on PATH gives the install line")
  func mpvMissing() async throws {
    let empty = try TemporaryDirectory(prefix: "tunes-nompv")
    defer { empty.remove() }
    let player = Player.live(
      configuration: PlayerConfiguration(environment: testEnvironment(["PATH": empty.path])))
    await #expect(throws: PlaybackError.mpvMissing) { try await player.play(Self.url) }
    #expect(
      PlaybackError.mpvMissing.localizedDescription
        == "Install mpv to play previews: apt-get install mpv")
    await player.shutdown()
  }

  @Test("a socket path longer than 107 bytes is refused before mpv starts")
  func socketPathTooLong() async throws {
    let base = try TemporaryDirectory(prefix: "tunes-long")
    defer { base.remove() }
    let long = try base.subdirectory(String(repeating: "d", count: 100))
    let player = Player.live(
      configuration: PlayerConfiguration(
        environment: testEnvironment(["XDG_RUNTIME_DIR": long.path])))
    do {
      try await player.play(Self.url)
      Issue.record("play should have thrown")
    } catch let error as PlaybackError {
      guard case .socketPathTooLong(let path, let limit) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(limit == 107)
      #expect(path.hasPrefix(long.path))
      #expect(error.localizedDescription.contains("longer than the 107"))
    }
    await player.shutdown()
  }

  @Test("without XDG_RUNTIME_DIR the socket goes in a private 0700 folder, removed at shutdown")
  func privateFolder() throws {
    let location = try SocketLocation.make(environment: ["TMPDIR": NSTemporaryDirectory()])
    #expect(location.isPrivate)
    let attributes = try FileManager.default.attributesOfItem(atPath: location.folder)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    location.remove()
    #expect(!FileManager.default.fileExists(atPath: location.folder))
  }

  @Test("sockets and private folders left by killed tunes processes are swept; live ones stay")
  func sweep() throws {
    let runtime = try TemporaryDirectory(prefix: "tunes-sweep")
    defer { runtime.remove() }
    let dead = "tunes-mpv-99999999-1.sock"
    let live = "tunes-mpv-\(getpid())-7.sock"
    let other = "tunes-mpv-notes.txt"
    for name in [dead, live] { #expect(Self.bindSocket(at: runtime.appending(name).path)) }
    #expect(FileManager.default.createFile(atPath: runtime.appending(other).path, contents: Data()))
    // A regular file with a socket's name is not a socket: never swept.
    let impostor = "tunes-mpv-99999998-1.sock"
    #expect(
      FileManager.default.createFile(atPath: runtime.appending(impostor).path, contents: Data()))
    let stale = try runtime.subdirectory("tunes-mpv-AbC123")
    #expect(Self.bindSocket(at: stale.appendingPathComponent(dead).path))
    let starting = try runtime.subdirectory("tunes-mpv-XyZ789")
    let location = try SocketLocation.make(environment: ["XDG_RUNTIME_DIR": runtime.path])
    #expect(!location.isPrivate)
    #expect(!FileManager.default.fileExists(atPath: runtime.appending(dead).path))
    #expect(FileManager.default.fileExists(atPath: runtime.appending(live).path))
    #expect(FileManager.default.fileExists(atPath: runtime.appending(other).path))
    #expect(FileManager.default.fileExists(atPath: runtime.appending(impostor).path))
    #expect(FileManager.default.fileExists(atPath: stale.path), "folders only in TMPDIR")
    let fallback = try SocketLocation.make(environment: ["TMPDIR": runtime.path])
    defer { fallback.remove() }
    #expect(fallback.isPrivate)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(
      FileManager.default.fileExists(atPath: starting.path), "an empty folder may be starting")
  }

  @Test("another user's stale socket is left alone, even when root sweeps (needs root)")
  func otherUsersSocket() throws {
    guard getuid() == 0 else { try Test.cancel("needs root to make another user's socket") }
    let runtime = try TemporaryDirectory(prefix: "tunes-sweep")
    defer { runtime.remove() }
    let theirs = runtime.appending("tunes-mpv-99999997-1.sock").path
    #expect(Self.bindSocket(at: theirs))
    #expect(chown(theirs, 65534, 65534) == 0)
    _ = try SocketLocation.make(environment: ["XDG_RUNTIME_DIR": runtime.path])
    #expect(FileManager.default.fileExists(atPath: theirs))
  }

  /// Leaves a Unix socket file at `path` (bound, then closed), as a killed mpv does.
  static func bindSocket(at path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    return result == 0
  }

  @Test("two players sharing XDG_RUNTIME_DIR get sockets of their own")
  func twoPlayers() async throws {
    let runtime = try TemporaryDirectory(prefix: "tunes-runtime")
    defer { runtime.remove() }
    let server = try await PreviewServer()
    defer { server.close() }
    let configuration = PlayerConfiguration(
      environment: testEnvironment(["XDG_RUNTIME_DIR": runtime.path]), extraOptions: ["--ao=null"])
    let first = PlaybackEngine(configuration: configuration)
    let second = PlaybackEngine(configuration: configuration)
    try await first.play(server.tone)
    try await second.play(server.tone)
    let paths = [first, second].compactMap { $0.state.withLock { $0.session?.socketPath } }
    #expect(paths.count == 2 && paths[0] != paths[1], "\(paths)")
    #expect(paths.allSatisfy { $0.hasPrefix(runtime.path + "/") })
    #expect(first.mpvPID != second.mpvPID)
    await first.shutdown()
    await second.shutdown()
  }

  /// A folder with an executable `mpv` shell script.
  private static func fakeMPV(_ script: String) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory(prefix: "tunes-fakempv")
    let file = folder.appending("mpv")
    try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    return folder
  }

  @Test("an mpv that exits at once is reported with its status and last error line")
  func exitsAtOnce() async throws {
    let folder = try Self.fakeMPV("echo 'Error parsing option ao (option not found)' >&2; exit 1")
    defer { folder.remove() }
    let player = Player.live(
      configuration: PlayerConfiguration(
        environment: testEnvironment(["PATH": folder.path + ":/usr/bin:/bin"])))
    do {
      try await player.play(Self.url)
      Issue.record("play should have thrown")
    } catch let error as PlaybackError {
      #expect(
        error
          == .exitedAtStart(
            status: "exit status 1", detail: "Error parsing option ao (option not found)"))
    }
    await player.shutdown()
  }

  @Test("an mpv that never opens its socket fails after the bounded wait and is killed")
  func neverOpensSocket() async throws {
    // It would sleep for ten minutes: a wait bounded only by mpv's exit could not pass.
    let folder = try Self.fakeMPV("echo $$ > \"$(dirname \"$0\")/pid\"; exec sleep 600")
    defer { folder.remove() }
    let player = Player.live(
      configuration: PlayerConfiguration(
        environment: testEnvironment(["PATH": folder.path + ":/usr/bin:/bin"]),
        socketWait: .milliseconds(500)))
    let clock = ContinuousClock()
    let started = clock.now
    do {
      try await player.play(Self.url)
      Issue.record("play should have thrown")
    } catch let error as PlaybackError {
      guard case .socketTimeout(_, let seconds) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(seconds == 0.5)
      #expect(error.localizedDescription.contains("did not open its IPC socket"))
    }
    // Generous: the suite's first seconds keep both cores busy, and this task waits its turn.
    #expect(clock.now - started < .seconds(120))
    let text = try String(contentsOf: folder.appending("pid"), encoding: .utf8)
    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(await ProcessRunner.waitUntil { !ProcessProbe.isAlive(pid) })
    await player.shutdown()
  }
}
