import Glibc
import Synchronization
import TerminalUI

/// The tmux pane tunes runs in (`$TMUX` and `$TMUX_PANE`), asked and changed through the `tmux`
/// command, which finds its server by `$TMUX`.
///
/// Images reach the outer terminal only through passthrough, which tmux 3.3 allows per pane
/// (`allow-passthrough`, off by default). ``enablePassthrough()`` turns it on for this pane
/// alone and remembers the pane's own value; ``restorePassthrough()`` puts that back (or
/// unsets it, so the pane inherits again) and runs at most once, from the terminal session's
/// final restore: on quit, on SIGINT, SIGTERM and SIGHUP, and at exit.
package final class TmuxPane: Sendable {
  /// The pane's id (`%3`), or `nil` to let tmux pick the current pane.
  package let paneID: String?
  private let executable: String
  private let socketName: String?
  private let restore = Mutex<[String]?>(nil)
  private let hookMarker = Mutex<String?>(nil)

  /// The pane this process runs in, or `nil` outside tmux.
  package static func current(environment: [String: String]) -> TmuxPane? {
    guard let socket = environment["TMUX"], !socket.isEmpty else { return nil }
    let pane = environment["TMUX_PANE"].flatMap { $0.isEmpty ? nil : $0 }
    return TmuxPane(paneID: pane, executable: environment["TUNES_TMUX"] ?? "tmux")
  }

  /// A pane of the tmux server found by `$TMUX`, or by `socketName` (`tmux -L`, for tests).
  package init(paneID: String?, executable: String = "tmux", socketName: String? = nil) {
    self.paneID = paneID
    self.executable = executable
    self.socketName = socketName
  }

  private var target: [String] { paneID.map { ["-t", $0] } ?? [] }

  /// What tmux says about itself, its client's terminal and the pane.
  package struct Info: Sendable, Equatable {
    /// tmux's version (`3.3a`).
    package var version: String?
    /// The client's terminal type (`client_termname`), empty without a client.
    package var clientTerminal: String?
    /// The client's terminal by its own name (`client_termtype`: `XTerm(379)`).
    package var clientType: String?
    /// The client's cell size in pixels, when it reported one.
    package var cellPixels: PixelSize?
    /// Where the pane's top-left cell is in the client's terminal (status line included).
    package var origin: Position
  }

  /// The format `display-message` is asked for, tab-separated.
  static let infoFormat = [
    "#{version}", "#{client_termname}", "#{client_termtype}", "#{client_cell_width}",
    "#{client_cell_height}", "#{pane_left}", "#{pane_top}", "#{status}", "#{status-position}",
  ].joined(separator: "\t")

  /// Asks tmux (one `display-message`); `nil` when the command fails.
  package func info() -> Info? {
    guard let output = run(["display-message", "-p"] + target + [Self.infoFormat]) else {
      return nil
    }
    return Self.parseInfo(output)
  }

  /// The pane's offset in the client's terminal, asked again (the pane may have moved).
  package func origin() -> Position? {
    info()?.origin
  }

  /// Reads `display-message` output in ``infoFormat``.
  package static func parseInfo(_ output: String) -> Info? {
    let line = output.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 9 else { return nil }
    func text(_ index: Int) -> String? { fields[index].isEmpty ? nil : fields[index] }
    let cell: PixelSize?
    if let width = Int(fields[3]), let height = Int(fields[4]), width > 0, height > 0 {
      cell = PixelSize(width: width, height: height)
    } else {
      cell = nil
    }
    // A status line at the top pushes every pane down by its height (`on` is one line).
    var top = Int(fields[6]) ?? 0
    if fields[8] == "top" {
      switch fields[7] {
      case "off": break
      case "on": top += 1
      default: top += Int(fields[7]) ?? 0
      }
    }
    return Info(
      version: text(0), clientTerminal: text(1), clientType: text(2), cellPixels: cell,
      origin: Position(x: Int(fields[5]) ?? 0, y: top))
  }

  /// How turning passthrough on went.
  package enum Passthrough: Sendable, Equatable {
    /// tunes turned it on for this pane; it is put back on exit.
    case enabled
    /// The pane had it on already.
    case alreadyOn
    /// tmux refused (older than 3.3 has no such option, or the command failed).
    case failed(String)

    /// Whether images can pass.
    package var isOn: Bool {
      if case .failed = self { return false }
      return true
    }

    /// In words, for doctor: "turned on for this pane, put back on exit".
    package var note: String {
      switch self {
      case .enabled: return "turned on for tunes' pane (allow-passthrough), put back on exit"
      case .alreadyOn: return "already on for this pane (allow-passthrough)"
      case .failed(let why): return "could not be turned on (\(why))"
      }
    }
  }

  /// Turns `allow-passthrough` on for this pane, remembering the pane's own value for
  /// ``restorePassthrough()``.
  package func enablePassthrough() -> Passthrough {
    let shown = run(["show-options", "-p"] + target + ["allow-passthrough"])
    // `allow-passthrough on` when the pane has its own value; nothing when it inherits.
    let own = shown?.split(separator: "\n").first.flatMap { line -> String? in
      let parts = line.split(separator: " ")
      return parts.count == 2 && parts[0] == "allow-passthrough" ? String(parts[1]) : nil
    }
    if own == "on" { return .alreadyOn }
    guard run(["set-option", "-p"] + target + ["allow-passthrough", "on"]) != nil else {
      return .failed("tmux set-option -p allow-passthrough on failed; tmux 3.3 or later has it")
    }
    let back =
      own.map { ["set-option", "-p"] + target + ["allow-passthrough", $0] }
      ?? ["set-option", "-p", "-u"] + target + ["allow-passthrough"]
    restore.withLock { $0 = back }
    return .enabled
  }

  /// Puts the pane's `allow-passthrough` back as it was; does nothing the second time or when
  /// tunes did not change it.
  package func restorePassthrough() {
    guard
      let command = restore.withLock({ value -> [String]? in
        defer { value = nil }
        return value
      })
    else { return }
    _ = run(command)
  }

  /// The hooks after which tunes' window may be on screen again (another window was current,
  /// another session, or no client): tmux redraws the pane's text then, but pixels drawn through
  /// passthrough are gone, so tunes is told to draw again.
  package static let returnHooks = [
    "session-window-changed", "client-session-changed", "client-attached",
  ]

  /// Appends hooks to the pane's session that send `pid` SIGWINCH (the app then draws its
  /// screen whole, images included) whenever its window may have come back on screen; they are
  /// removed by ``removeReturnHooks()`` (at the final restore). Returns whether tmux took them.
  package func addReturnHooks(pid: Int32) -> Bool {
    let command = "run-shell -b 'kill -WINCH \(pid) 2>/dev/null || true'"
    var arguments: [String] = []
    for hook in Self.returnHooks {
      if !arguments.isEmpty { arguments.append(";") }
      arguments += ["set-hook", "-a"] + target + [hook, command]
    }
    guard run(arguments) != nil else { return false }
    hookMarker.withLock { $0 = "kill -WINCH \(pid) " }
    return true
  }

  /// Removes the hooks ``addReturnHooks(pid:)`` added (found by their command), once.
  package func removeReturnHooks() {
    guard
      let marker = hookMarker.withLock({ value -> String? in
        defer { value = nil }
        return value
      }), let listed = run(["show-hooks"] + target)
    else { return }
    // `session-window-changed[1] run-shell -b "kill -WINCH 123 2>/dev/null || true"`; the
    // highest index first, so the others keep theirs.
    let ours = listed.split(separator: "\n").filter { $0.contains(marker) }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
      .sorted { index(of: $0) > index(of: $1) }
    var arguments: [String] = []
    for hook in ours {
      if !arguments.isEmpty { arguments.append(";") }
      arguments += ["set-hook", "-u"] + target + [hook]
    }
    if !arguments.isEmpty { _ = run(arguments) }
  }

  private func index(of hook: String) -> Int {
    guard let open = hook.firstIndex(of: "["), let close = hook.firstIndex(of: "]") else {
      return 0
    }
    return Int(hook[hook.index(after: open)..<close]) ?? 0
  }

  /// Closes every descriptor above 2 in the child. A `tmux` command that starts a server leaves
  /// it running with whatever the client inherited, so a pipe of this process held open there
  /// would keep its reader from ever seeing end-of-file.
  private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np"),
      unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3) == 0
    {
      return
    }
    var descriptors: [Int32] = []
    if let directory = opendir("/proc/self/fd") {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if let descriptor = Int32(name), descriptor > 2 { descriptors.append(descriptor) }
      }
      closedir(directory)
    }
    for descriptor in descriptors { posix_spawn_file_actions_addclose(&actions, descriptor) }
  }

  /// Runs `tmux ARGUMENTS` and returns its standard output, or `nil` when it could not start,
  /// failed, or took longer than two seconds (it is then killed).
  package func run(_ arguments: [String]) -> String? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    Self.closeOthers(&actions)
    let socket = socketName.map { ["-L", $0] } ?? []
    let argv = ([executable] + socket + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let code = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    close(fds[1])
    guard code == 0 else {
      close(fds[0])
      return nil
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .seconds(2)
    var timedOut = false
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else {
        timedOut = true
        break
      }
      var pollFD = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      let millis = Int32(max(1, left.components.seconds * 1000 + 1))
      let ready = poll(&pollFD, 1, min(millis, 2000))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = read(fds[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      output.append(contentsOf: buffer[..<count])
    }
    close(fds[0])
    if timedOut { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Exited (low 7 bits zero) with status 0.
    guard !timedOut, status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}
