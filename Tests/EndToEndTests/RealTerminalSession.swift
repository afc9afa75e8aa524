import Foundation
import ITunesReplay
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The real `tunes` binary in a real terminal emulator (xterm, as a VT340 for sixel, or kitty)
/// on a private Xvfb display, against an in-test replay server whose artwork is generated
/// (`TUNES_MEDIA_BASE` points artwork URLs at it). Keys go in through `xdotool` (XTEST), the
/// screen comes back through `xwd`, and the app's `TUNES_LOG` says what it chose and drew.
///
/// The app searches with limit 25 (`{"filters":{"limit":25}}` in its config), which the shared
/// recordings answer.
final class RealTerminalSession: Sendable {
  /// The terminals driven.
  enum Kind: String, Sendable, CustomStringConvertible {
    /// xterm as a VT340 (`-ti vt340`, 256 colour registers): sixel.
    case xtermVT340 = "xterm-vt340"
    /// xterm as it starts by default (a VT420: no sixel).
    case xterm
    /// kitty (Debian's 0.26.5: the graphics protocol, placements with ids).
    case kitty

    var executable: URL? { self == .kitty ? X11Tools.kitty : X11Tools.xterm }
    /// The window class `xdotool search --class` finds the window by.
    var windowClass: String { self == .kitty ? "kitty" : "xterm" }
    var description: String { rawValue }
  }

  /// An image the app says it drew (`image drawn PROTOCOL at X,Y WxH SOURCE` in the log).
  struct DrawnImage: Equatable, Sendable, CustomStringConvertible {
    var graphicsProtocol: String
    var column: Int
    var row: Int
    var columns: Int
    var rows: Int
    var source: String
    /// For a picture cut by its view (`of WxH+X+Y`): the whole picture's cells and where the
    /// drawn part lies in them; `nil` when all of it shows.
    var whole: (columns: Int, rows: Int, x: Int, y: Int)? = nil

    /// Parses one log line; `nil` for any other line.
    init?(logLine line: Substring) {
      guard let range = line.range(of: "image drawn ") else { return nil }
      let words = line[range.upperBound...].split(separator: " ")
      guard words.count == 5 || (words.count == 7 && words[5] == "of"), words[1] == "at" else {
        return nil
      }
      let at = words[2].split(separator: ",").compactMap { Int($0) }
      let size = words[3].split(separator: "x").compactMap { Int($0) }
      guard at.count == 2, size.count == 2 else { return nil }
      graphicsProtocol = String(words[0])
      (column, row, columns, rows) = (at[0], at[1], size[0], size[1])
      source = String(words[4])
      if words.count == 7 {
        let numbers = words[6].split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap {
          Int($0)
        }
        guard numbers.count == 4 else { return nil }
        whole = (numbers[0], numbers[1], numbers[2], numbers[3])
      }
    }

    static func == (a: DrawnImage, b: DrawnImage) -> Bool {
      a.graphicsProtocol == b.graphicsProtocol && a.column == b.column && a.row == b.row
        && a.columns == b.columns && a.rows == b.rows && a.source == b.source
        && a.whole?.columns == b.whole?.columns && a.whole?.rows == b.whole?.rows
        && a.whole?.x == b.whole?.x && a.whole?.y == b.whole?.y
    }

    /// Its pixels in the window, for cells of `cell` pixels.
    func rect(cell: (width: Int, height: Int)) -> PixelRect {
      PixelRect(
        x: column * cell.width, y: row * cell.height, width: columns * cell.width,
        height: rows * cell.height)
    }

    var description: String { "\(columns)×\(rows) cells at \(column),\(row) (\(source))" }
  }

  let kind: Kind
  /// Inside tmux: the private server's socket name (`tmux -L`); `nil` when tunes runs in the
  /// terminal itself.
  let tmuxSocket: String?
  let directory: TemporaryDirectory
  let server: ReplayServer
  let display: XvfbServer
  private let terminal: ProcessRunner.Running
  private let logFile: URL
  private let pidFile: URL

  /// Starts the server, the display and the terminal running tunes with `arguments`.
  ///
  /// - Parameters:
  ///   - kind: the terminal.
  ///   - arguments: arguments for tunes (e.g. `--images symbols`).
  ///   - environment: more variables for the terminal and tunes (e.g. `COLORTERM`).
  ///   - insideTmux: run tunes in tmux (a private server, status line at the top) in the
  ///     terminal; when tunes ends, the pane records its `allow-passthrough` and hooks in
  ///     `after-tunes.txt` and stays open.
  init(
    kind: Kind, arguments: [String] = [], environment more: [String: String] = [:],
    insideTmux: Bool = false
  ) async throws {
    guard let executable = kind.executable else { throw X11Failure("\(kind) is not installed") }
    let binary = try TunesBinary.located.get()
    self.kind = kind
    tmuxSocket = insideTmux ? "tunes-x11-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" : nil
    directory = try TemporaryDirectory(prefix: "tunes-x11-\(kind)\(insideTmux ? "-tmux" : "")")
    logFile = directory.appending("tunes.log")
    pidFile = directory.appending("pid")
    let config = try directory.subdirectory("config/tunes")
    try Data(#"{"filters":{"limit":25}}"#.utf8).write(
      to: config.appendingPathComponent("config.json"))
    try directory.subdirectory("home")
    server = try ReplayServer(directories: [Fixtures.sharedITunes], log: ReplayServer.silentLog)
    do {
      try server.start()
      display = try await XvfbServer()
    } catch {
      server.stop()
      directory.remove()
      throw error
    }
    var environment = [
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "HOME": directory.appending("home").path,
      "XDG_DATA_HOME": directory.appending("data").path,
      "XDG_CACHE_HOME": directory.appending("cache").path,
      "XDG_CONFIG_HOME": directory.appending("config").path,
      "TMPDIR": directory.path,
      "DISPLAY": display.display,
      "TUNES_API_BASE": server.baseURL.absoluteString,
      "TUNES_MEDIA_BASE": server.baseURL.absoluteString,
      "TUNES_LOG": logFile.path,
      "SWIFT_BACKTRACE": "enable=no",
    ]
    if kind == .kitty {
      // Software OpenGL, on one thread: a frame costs kitty more time, the rest of the run less.
      environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
      environment["LP_NUM_THREADS"] = "1"
    }
    environment.merge(more) { _, new in new }
    // The wrapper writes tunes's pid, so close() can make sure it is gone.
    var command = [
      "/bin/sh", "-c", "echo $$ > \(TmuxSession.shellQuote(pidFile.path)); exec \"$0\" \"$@\"",
      binary.path,
    ]
    var tunesArguments = arguments
    if let tmuxSocket {
      // The status line on top moves the pane one row down in the terminal: the images must
      // be placed at that offset.
      let config = directory.appending("tmux.conf")
      // An empty status line (no clock) keeps screenshots of the same screen equal.
      try Data(
        ("set -g status-position top\nset -g history-limit 0\nset -g status-left ''\n"
          + "set -g status-right ''\nset -g window-status-format ''\n"
          + "set -g window-status-current-format ''\n").utf8
      ).write(to: config)
      let after = TmuxSession.shellQuote(directory.appending("after-tunes.txt").path)
      let pane =
        [
          "sh -c 'echo $$ > \(TmuxSession.shellQuote(pidFile.path)); exec \"$0\" \"$@\"'",
          TmuxSession.shellQuote(binary.path),
        ].joined(separator: " ") + " "
        + arguments.map(TmuxSession.shellQuote).joined(separator: " ")
        + "; { echo exit=$?; tmux show-options -p allow-passthrough; tmux show-hooks; } > \(after)"
        + "; sleep 600"
      command = [
        "/usr/bin/tmux", "-L", tmuxSocket, "-f", config.path, "new-session", "-s", "main", pane,
      ]
      tunesArguments = []
    }
    let terminalArguments: [String]
    switch kind {
    case .xterm, .xtermVT340:
      // xterm drops COLORTERM from the child's environment, and Debian has no xterm-direct
      // terminfo without ncurses-term: 256 colours is what an xterm user gets.
      let vt340 =
        kind == .xtermVT340
        ? [
          "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
          "XTerm*numColorRegisters: 256",
        ] : []
      terminalArguments =
        vt340 + [
          "-tn", "xterm-256color", "-fa", "Monospace", "-fs", "11", "-b", "0", "-bw", "0",
          "-geometry", "120x40+0+0", "-xrm", "XTerm*cursorBlink: false", "-e",
        ]
    case .kitty:
      terminalArguments = [
        "--config", "NONE", "-o", "linux_display_server=x11",
        "-o", "initial_window_width=120c", "-o", "initial_window_height=40c",
        "-o", "remember_window_size=no", "-o", "placement_strategy=top-left",
        "-o", "window_padding_width=0", "-o", "cursor_blink_interval=0",
        "-o", "enable_audio_bell=no",
      ]
    }
    // At a lower priority (`nice` execs the terminal, and tunes inherits it): kitty renders
    // in software, and tests with tighter wall-clock bounds run beside this one.
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/nice"), environment: environment,
      timeout: .seconds(900), workingDirectory: directory.url)
    do {
      terminal = try runner.start(
        ["-n", "10", executable.path] + terminalArguments + command + tunesArguments)
    } catch {
      await display.stop()
      server.stop()
      directory.remove()
      throw error
    }
  }

  // MARK: tmux

  /// Runs `tmux -L SOCKET ARGUMENTS` against the session's server; its standard output.
  @discardableResult
  func tmux(_ arguments: String...) async throws -> String {
    guard let tmuxSocket else { throw X11Failure("tunes does not run inside tmux here") }
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/tmux"), timeout: .seconds(30))
    let result = try await runner.run(["-L", tmuxSocket] + arguments)
    guard result.exited(0) else { throw X11Failure("tmux \(arguments) failed: \(result)") }
    return result.stdout
  }

  /// What the pane recorded after tunes ended (`exit=N`, its `allow-passthrough`, the
  /// session's hooks), once it has.
  func afterTunes(within seconds: Double = 30) async throws -> String {
    let url = directory.appending("after-tunes.txt")
    var text = ""
    let written = await eventually(within: seconds) {
      text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      return text.contains("session-window-changed")
    }
    guard written else { throw X11Failure("the pane recorded nothing after tunes: \(text)") }
    return text
  }

  // MARK: The log

  /// The app's diagnostics so far.
  func log() -> String {
    (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
  }

  /// Waits (up to `seconds`) until the log satisfies `condition`; returns that log.
  @discardableResult
  func waitForLog(
    _ description: String, within seconds: Double = 60, _ condition: (String) -> Bool
  ) async throws -> String {
    // Polled every 50 ms (the log is read and parsed each time).
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    var held = condition(log())
    while !held, !terminal.hasExited, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      held = condition(log())
    }
    let text = log()
    guard held, condition(text) else {
      throw X11Failure(
        "timed out waiting for \(description) in \(kind)"
          + (terminal.hasExited
            ? " (the terminal exited: \(terminal.standardErrorSoFar.suffix(800)))" : "")
          + ". Log:\n\(text.suffix(3000))")
    }
    return text
  }

  /// The images drawn according to the log, in order.
  func drawnImages() -> [DrawnImage] {
    log().split(separator: "\n").compactMap(DrawnImage.init(logLine:))
  }

  /// The protocol line (`images sixel: …; cell 11x22 version …`): the protocol, the cell size
  /// the app sized images for, and the whole line.
  func graphicsChoice() async throws -> (
    graphicsProtocol: String, cell: (width: Int, height: Int), line: String
  ) {
    let text = try await waitForLog("the app's choice of image protocol") {
      $0.contains(" images ") && $0.contains(" start ")
    }
    guard let line = text.split(separator: "\n").first(where: { $0.contains(" images ") }),
      let name = line.split(separator: " ").dropFirst(2).first?.dropLast(),
      let cellRange = line.range(of: "; cell ")
    else { throw X11Failure("no images line in the log:\n\(text)") }
    let size = line[cellRange.upperBound...].prefix { $0 != " " }.split(separator: "x")
      .compactMap { Int($0) }
    guard size.count == 2 else { throw X11Failure("no cell size in “\(line)”") }
    return (String(name), (size[0], size[1]), String(line))
  }

  // MARK: Keys

  /// The terminal's window id and its rectangle on the screen.
  func window() async throws -> (id: String, rect: PixelRect) {
    var id = ""
    let found = await eventually(within: 30) {
      let output = try? await self.display.xdotool(
        "search", "--onlyvisible", "--class", self.kind.windowClass)
      id = output?.split(separator: "\n").first.map(String.init) ?? ""
      return !id.isEmpty
    }
    guard found else { throw X11Failure("no \(kind) window appeared") }
    let shell = try await display.xdotool("getwindowgeometry", "--shell", id)
    var values: [String: Int] = [:]
    for line in shell.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"],
      let height = values["HEIGHT"]
    else { throw X11Failure("no geometry for window \(id): \(shell)") }
    return (id, PixelRect(x: x, y: y, width: width, height: height))
  }

  /// Gives the window the keyboard focus (there is no window manager) and moves the pointer
  /// off it, so neither hover nor the pointer's shape are in the screenshots.
  func focus(_ id: String) async throws {
    try await display.xdotool("windowfocus", id)
    let focused = await eventually(within: 10) {
      (try? await self.display.xdotool("getwindowfocus"))?
        .trimmingCharacters(in: .whitespacesAndNewlines) == id
    }
    guard focused else { throw X11Failure("the \(kind) window did not take the focus") }
    try await display.xdotool("mousemove", String(display.width - 1), String(display.height - 1))
  }

  /// Types `text` into the focused window.
  func type(_ text: String) async throws {
    try await display.xdotool("type", "--delay", "20", text)
  }

  /// Presses one key by its X name (`Return`, `Escape`, `question`).
  func press(_ key: String) async throws {
    try await display.xdotool("key", key)
  }

  // MARK: The screen

  /// The window's pixels now.
  func screenshot(_ window: PixelRect) async throws -> Screenshot {
    try await display.screenshot(window)
  }

  /// Waits until the screen shows the same pixels for at least `quiet` seconds with nothing
  /// new in the app's log (up to `seconds`), and returns the window's part. With `unlike`, the
  /// settled screen must also differ from that picture by more than `tolerance` pixels (an
  /// overlay opened). Dumps are compared undecoded (one is decoded at the end), every 200 ms.
  func settledScreen(
    _ window: PixelRect, _ description: String, unlike reference: Screenshot? = nil,
    tolerance: Int = 0, quiet: Double = 0.8, within seconds: Double = 60
  ) async throws -> Screenshot {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    var last = try await display.dump()
    var lastLog = log()
    var since = clock.now
    var rejected: Data?
    while clock.now < deadline {
      try await Task.sleep(for: .milliseconds(200))
      let dump = try await display.dump()
      let text = log()
      guard dump == last && text == lastLog else {
        (last, lastLog, since) = (dump, text, clock.now)
        continue
      }
      guard clock.now - since >= .seconds(quiet), dump != rejected else { continue }
      let shot = try await display.decode(dump, window)
      guard let reference else { return shot }
      let differing = await DedicatedThread.run { shot.difference(from: reference).count }
      if differing > tolerance { return shot }
      rejected = dump
    }
    throw X11Failure("the \(kind) screen never settled (\(description)) within \(seconds) s")
  }

  /// Writes `shot` as `NAME.png` in the session's directory (encoded on a thread of its own)
  /// and returns the path.
  @discardableResult
  func save(_ shot: Screenshot, as name: String) async -> String {
    let url = directory.appending("\(name).png")
    await DedicatedThread.run { try? shot.png()?.write(to: url) }
    return url.path
  }

  /// Appends a line to `measurements.txt` in the session's directory (kept with a failure).
  func note(_ line: String) {
    let url = directory.appending("measurements.txt")
    let data = Data((line + "\n").utf8)
    if let handle = try? FileHandle(forWritingTo: url) {
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: data)
      try? handle.close()
    } else {
      try? data.write(to: url)
    }
  }

  // MARK: The end

  /// Stops the terminal (and tunes with it), the display and the server; deletes the files
  /// unless `keep` (a failed test keeps its screenshots and log).
  func close(keep: Bool) async {
    if tmuxSocket != nil { _ = try? await tmux("kill-server") }
    terminal.send(SIGTERM)
    if !(await eventually(within: 10) { self.terminal.hasExited }) { terminal.send(SIGKILL) }
    if let text = try? String(contentsOf: pidFile, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      if !(await eventually(within: 10) { !ProcessProbe.isAlive(pid) }) { kill(pid, SIGKILL) }
    }
    await display.stop()
    _ = await terminal.result()
    server.stop()
    if !keep { directory.remove() }
  }
}
