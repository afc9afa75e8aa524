import Foundation
import ITunesReplay
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The real `tunes` binary running as the terminal app in a private tmux pane, with its own
/// HOME and XDG directories and `TUNES_API_BASE` pointing at an in-test replay server.
/// `SWIFT_BACKTRACE` is left unset, as for a person, so tunes takes its backtrace-safety re-exec.
///
/// The pane runs a wrapper that records the terminal modes (`stty -g`) before and after tunes,
/// prints tunes's exit code, then stays open so the test can read the restored screen:
///
/// ```sh
/// echo WRAPPER-START; stty -g > before; sh -c 'echo $$ > pid; exec tunes'; echo EXIT=$?;
/// stty -g > after; echo WRAPPER-DONE; sleep 600
/// ```
final class TUIAppSession: Sendable {
  /// Printed by the wrapper before tunes starts (hidden while the alternate screen is on).
  static let startMarker = "WRAPPER-START"
  /// Printed by the wrapper once tunes has exited and the modes were recorded.
  static let doneMarker = "WRAPPER-DONE"
  /// The query box's placeholder: on screen once the app has drawn its first frame.
  static let queryPlaceholder = "songs, albums, artists, movies, podcasts, apps, books"

  /// Everything this session writes lives below this directory.
  let directory: URL
  /// The replay server `TUNES_API_BASE` points at.
  let server: ReplayServer
  /// The tmux pane.
  let tmux: TmuxSession

  /// Makes the directories, starts the replay server (the shared recordings plus `extra`
  /// answers) and launches tunes in tmux.
  ///
  /// - Parameters:
  ///   - extra: request → recorded file name in the shared fixtures, served in addition.
  ///   - columns: the pane's width.
  ///   - rows: the pane's height.
  ///   - environment: more variables for tunes (e.g. `NO_COLOR`).
  ///   - media: a recordings folder (an `index.tsv` and `files/`) whose files the server serves
  ///     under `/media/`; with it `TUNES_MEDIA_BASE` points there and mpv plays with `--ao=null`.
  ///   - arguments: the command line after `tunes` (e.g. `--demo`).
  ///   - before: runs with tunes's environment and the server before tunes starts (to put
  ///     favourites in its database, or choose what the server answers).
  init(
    extra: [String: String] = [:], columns: Int = 120, rows: Int = 40,
    environment more: [String: String] = [:], media: URL? = nil, arguments: [String] = [],
    artwork: Bool = false,
    before: (([String: String], ReplayServer) throws -> Void)? = nil
  ) throws {
    let binary = try Self.binary()
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tunes-tui-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
    let home = directory.appendingPathComponent("home", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    server = try ReplayServer(
      directories: [Fixtures.sharedITunes] + (media.map { [$0] } ?? []),
      log: ReplayServer.silentLog)
    for (request, file) in extra.sorted(by: { $0.key < $1.key }) {
      try server.register(request: request, body: Fixtures.shared(file))
    }
    try server.start()
    let mediaVariables =
      media == nil
      ? [:]
      : [
        "TUNES_MEDIA_BASE": server.baseURL.absoluteString + "/media",
        "TUNES_MPV_OPTIONS": "--ao=null",
      ]
    let environment = [
      "HOME": home.path,
      "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
      "TUNES_API_BASE": server.baseURL.absoluteString,
      "TUNES_LOG": directory.appendingPathComponent("tunes.log").path,
    ].merging(mediaVariables) { _, new in new }.merging(more) { _, new in new }
      // Artwork from the replay server, which draws an image for every `…/WxHbb.jpg` path.
      .merging(artwork ? ["TUNES_MEDIA_BASE": server.baseURL.absoluteString] : [:]) { _, new in
        new
      }
    do {
      try before?(environment, server)
    } catch {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
    let quotedBinary = TmuxSession.shellQuote(binary.path)
    let wrapper = [
      "echo \(Self.startMarker)",
      "stty -g > before",
      "sh -c 'echo $$ > pid; exec \"$0\" \"$@\"' \(quotedBinary) "
        + arguments.map(TmuxSession.shellQuote).joined(separator: " "),
      "echo EXIT=$?",
      "stty -g > after",
      "echo \(Self.doneMarker)",
      "sleep 600",
    ].joined(separator: "; ")
    do {
      tmux = try TmuxSession(
        command: wrapper, columns: columns, rows: rows, environment: environment,
        workingDirectory: directory)
    } catch {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  /// Waits for the app's first frame (the empty query box); fails early, with the screen,
  /// when tunes exits instead (e.g. the app is not wired into the CLI).
  @discardableResult
  func waitForApp() async throws -> String {
    let screen: String
    do {
      screen = try await tmux.waitFor("the app's query box (or tunes exiting)") {
        $0.contains(Self.queryPlaceholder) || $0.contains(Self.doneMarker)
      }
    } catch {
      throw TUIAppFailure(
        "\(error)\nLog:\n\(log())\n(An empty log means TunesApp.run never started: is the CLI's "
          + "main thread blocked while the @MainActor app waits for it?)")
    }
    if screen.contains(Self.doneMarker) {
      throw TUIAppFailure(
        "tunes exited instead of opening the app (is AppLauncher.launch wired?). Screen:\n"
          + screen + "\nLog:\n" + log())
    }
    return screen
  }

  /// Waits until the wrapper has printed tunes's exit code and recorded the modes; returns the
  /// code.
  func waitForExit() async throws -> Int32 {
    let screen = try await tmux.waitFor("tunes to exit and the wrapper to finish") {
      $0.contains(Self.doneMarker)
    }
    let line = screen.split(separator: "\n").first { $0.hasPrefix("EXIT=") }
    guard let line, let code = Int32(line.dropFirst("EXIT=".count)) else {
      throw TUIAppFailure("no EXIT= line on the screen:\n\(screen)")
    }
    return code
  }

  /// The terminal modes the wrapper recorded before tunes started and after it exited.
  func modes() throws -> (before: String, after: String) {
    (try recordedModes("before"), try recordedModes("after"))
  }

  /// The modes the wrapper wrote to `before` or `after`.
  func recordedModes(_ name: String) throws -> String {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pid of the tunes process (written by the wrapper just before `exec`).
  func pid() async throws -> pid_t {
    let file = directory.appendingPathComponent("pid")
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(15))
    while clock.now < deadline {
      if let data = try? Data(contentsOf: file),
        let pid = pid_t(
          String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TUIAppFailure("the wrapper never wrote the pid file")
  }

  /// The pane terminal's modes as `stty -g` prints them, read from outside (`stty -F`), e.g.
  /// while tunes is stopped.
  func paneModes() throws -> String {
    let tty = try tmux.display("#{pane_tty}")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/stty")
    process.arguments = ["-F", tty, "-g"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TUIAppFailure("stty -F \(tty) failed") }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls `condition` (every 20 ms, up to 15 s).
  func poll(_ description: String, _ condition: () throws -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(15))
    while try !condition() {
      guard clock.now < deadline else {
        throw TUIAppFailure("timed out waiting for \(description); screen:\n\(try tmux.capture())")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The process state letter from `/proc/PID/status` (`S` sleeping, `T` stopped …).
  static func state(of pid: pid_t) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("State:") }
    return line?.dropFirst("State:".count).trimmingCharacters(in: .whitespaces).first.map(
      String.init)
  }

  /// The app's diagnostics log (`TUNES_LOG`), for failure messages.
  func log() -> String {
    let data = FileManager.default.contents(
      atPath: directory.appendingPathComponent("tunes.log").path)
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "(no log)"
  }

  /// Stops tmux (and tunes with it) and the server, and deletes every file.
  func close() {
    tmux.kill()
    server.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// The `tunes` executable: `TUNES_BINARY`, else `.build/debug/tunes` in the package (built by
  /// `swift build`).
  static func binary() throws -> URL {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["TUNES_BINARY"], !path.isEmpty {
      candidates.append(URL(fileURLWithPath: path))
    }
    candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/tunes"))
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw TUIAppFailure(
        "tunes was not found at \(candidates.map(\.path).joined(separator: ", ")); "
          + "run `swift build` first or set TUNES_BINARY.")
    }
    return found
  }
}

/// A failed expectation about the app session, with what was on screen.
struct TUIAppFailure: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String
  init(_ description: String) { self.description = description }
}
