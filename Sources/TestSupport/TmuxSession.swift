import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A detached tmux session on a private server (`tmux -L <unique socket>`), for driving a real
/// terminal program from a test: send keys, read the screen, wait for what it should show.
///
/// The server starts with no user configuration (`-f /dev/null`), a UTF-8 locale and no status
/// line, so the pane is exactly `columns × rows`. Waiting polls the pane (every 20 ms) up to a
/// generous bound and never sleeps a fixed time; a timeout reports the last screen.
///
/// ```swift
/// let tmux = try TmuxSession(command: "sh -c 'tunes; echo EXIT=$?; sleep 30'",
///                            environment: ["HOME": home.path])
/// defer { tmux.kill() }
/// try tmux.type("jack johnson")
/// try tmux.press("Enter")
/// let screen = try await tmux.waitFor("two columns of tiles") { $0.contains("25 results") }
/// ```
public final class TmuxSession: Sendable {
  /// The private server's socket name (`tmux -L`).
  public let socket: String
  /// The session's name.
  public let name: String
  /// The pane's width in cells.
  public let columns: Int
  /// The pane's height in rows.
  public let rows: Int

  /// Whether `tmux` can be found on this machine.
  public static var isAvailable: Bool { executable != nil }

  private static let executable: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// Starts a private tmux server with one detached session running `command` (through
  /// `/bin/sh -c`).
  ///
  /// - Parameters:
  ///   - command: the shell command the pane runs; quote arguments with `shellQuote(_:)`.
  ///   - columns: the pane's width.
  ///   - rows: the pane's height.
  ///   - environment: variables set for the command (on top of the server's minimal
  ///     environment: `PATH`, `LANG=C.UTF-8`, `SHELL=/bin/sh`; tmux sets `TERM`).
  ///   - workingDirectory: where the command starts.
  /// - Throws: `TmuxSessionError.unavailable` without tmux, `.commandFailed` when tmux refuses.
  public init(
    command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:],
    workingDirectory: URL? = nil
  ) throws(TmuxSessionError) {
    guard Self.executable != nil else { throw .unavailable }
    self.socket =
      "tunes-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    self.name = "main"
    self.columns = columns
    self.rows = rows
    var arguments = [
      "-f", "/dev/null", "start-server", ";", "set-option", "-g", "status", "off", ";",
      "set-option", "-g", "history-limit", "0", ";",
      "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
    ]
    if let workingDirectory { arguments += ["-c", workingDirectory.path] }
    for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
      arguments += ["-e", "\(key)=\(value)"]
    }
    arguments.append(command)
    do {
      try run(arguments)
    } catch {
      kill()
      throw error
    }
  }

  /// Sends tmux key names, one key each: `"Enter"`, `"Escape"`, `"Up"`, `"C-c"`, `"q"`.
  public func press(_ keys: String...) throws(TmuxSessionError) {
    try run(["send-keys", "-t", name] + keys)
  }

  /// Types `text` literally (no key-name lookup).
  public func type(_ text: String) throws(TmuxSessionError) {
    try run(["send-keys", "-t", name, "-l", text])
  }

  /// The visible screen as text, one line per row (trailing blanks trimmed by tmux).
  ///
  /// - Parameter escapes: keep the SGR escapes for colours and attributes (`capture-pane -e`).
  public func capture(escapes: Bool = false) throws(TmuxSessionError) -> String {
    try run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
  }

  /// Resizes the window (the program gets SIGWINCH).
  public func resize(columns: Int, rows: Int) throws(TmuxSessionError) {
    try run(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
  }

  /// One tmux format evaluated for the pane, e.g. `"#{alternate_on}"` or `"#{cursor_flag}"`.
  public func display(_ format: String) throws(TmuxSessionError) -> String {
    try run(["display-message", "-p", "-t", name, format])
      .trimmingCharacters(in: .newlines)
  }

  /// Runs any tmux command on this server (`show-options -p …`); its standard output.
  public func command(_ arguments: String...) throws(TmuxSessionError) -> String {
    try run(arguments)
  }

  /// Whether the pane's program has switched to the alternate screen.
  public func isAlternateScreenOn() throws(TmuxSessionError) -> Bool {
    try display("#{alternate_on}") == "1"
  }

  /// Polls the screen until `condition` holds and returns that screen.
  ///
  /// - Parameters:
  ///   - description: what is awaited, for the timeout message.
  ///   - timeout: the bound (generous: a loaded machine is slow, a passing test is not).
  ///   - escapes: capture with SGR escapes.
  ///   - condition: tested on each capture.
  /// - Throws: `TmuxSessionError.timedOut` with the last screen.
  @discardableResult
  public func waitFor(
    _ description: String, timeout: Duration = .seconds(15), escapes: Bool = false,
    _ condition: (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var screen = ""
    while true {
      screen = try capture(escapes: escapes)
      if condition(screen) { return screen }
      if clock.now >= deadline { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TmuxSessionError.timedOut(description, screen: screen)
  }

  /// Polls until the screen contains `text`; returns that screen.
  @discardableResult
  public func waitFor(text: String, timeout: Duration = .seconds(15)) async throws -> String {
    try await waitFor("“\(text)” on screen", timeout: timeout) { $0.contains(text) }
  }

  /// Stops the private server and everything running in it. Safe to call twice.
  public func kill() {
    _ = try? run(["kill-server"])
    // tmux leaves its socket file behind.
    try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
  }

  /// `text` quoted for `/bin/sh` (single quotes, embedded ones escaped).
  public static func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs one tmux client command on this session's server and returns its standard output.
  ///
  /// Spawned with an empty signal mask and default signal handling (a server started from a
  /// test runner's worker thread would otherwise inherit blocked signals, and `kill-server`,
  /// which signals the server itself, would do nothing), without the test process's open files
  /// (a leaked pipe would keep another test waiting for end of file), and with output in files.
  @discardableResult
  private func run(_ arguments: [String]) throws(TmuxSessionError) -> String {
    guard let executable = Self.executable else { throw .unavailable }
    let command = arguments.joined(separator: " ")
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(socket)-\(UUID().uuidString.prefix(8))")
    let outputFile = base.appendingPathExtension("out")
    let errorFile = base.appendingPathExtension("err")
    defer {
      try? FileManager.default.removeItem(at: outputFile)
      try? FileManager.default.removeItem(at: errorFile)
    }
    let argv = [executable.path, "-u", "-L", socket] + arguments
    let environment = [
      "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "SHELL=/bin/sh", "TMUX_TMPDIR=/tmp",
    ]
    let status = ChildProcess.run(
      argv, environment: environment, standardOutput: outputFile.path,
      standardError: errorFile.path)
    let output = (try? Data(contentsOf: outputFile)).map { String(decoding: $0, as: UTF8.self) }
    let message = (try? Data(contentsOf: errorFile)).map { String(decoding: $0, as: UTF8.self) }
    switch status {
    case .failure(let failure):
      throw .commandFailed(command, failure.message)
    case .success(let code) where code != 0:
      throw .commandFailed(
        command,
        (message ?? "").trimmingCharacters(in: .whitespacesAndNewlines) + " (exit \(code))")
    case .success:
      return output ?? ""
    }
  }
}

/// What went wrong driving tmux.
public enum TmuxSessionError: Error, LocalizedError, CustomStringConvertible {
  /// tmux is not installed.
  case unavailable
  /// A tmux command failed: the command and what tmux said.
  case commandFailed(String, String)
  /// The awaited condition never held; the last screen captured.
  case timedOut(String, screen: String)

  /// What happened.
  public var errorDescription: String? {
    switch self {
    case .unavailable: "tmux is not installed."
    case .commandFailed(let command, let message): "tmux \(command) failed: \(message)"
    case .timedOut(let description, let screen):
      "Timed out waiting for \(description). The screen was:\n\(screen)"
    }
  }

  /// What to do about it.
  public var recoverySuggestion: String? {
    switch self {
    case .unavailable: "Install it (apt-get install tmux, or `make deps`)."
    case .commandFailed: "Check that the session is still running (did the program exit?)."
    case .timedOut: "Compare the screen above with what the test waits for."
    }
  }

  /// The message and the screen, for test failure output.
  public var description: String { errorDescription ?? "tmux failed" }
}

/// `posix_spawn` with a clean slate: empty signal mask, default handlers, only stdin (from
/// `/dev/null`), stdout and stderr (to files) open; waits for the exit.
private enum ChildProcess {
  /// The exit code, or why the process could not run.
  static func run(
    _ argv: [String], environment: [String], standardOutput: String, standardError: String
  ) -> Result<Int32, SpawnFailure> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(
      &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
    guard spawned == 0 else {
      return .failure(SpawnFailure(message: String(cString: strerror(spawned))))
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        return .failure(SpawnFailure(message: String(cString: strerror(errno))))
      }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    guard status & 0x7f == 0 else {
      return .failure(SpawnFailure(message: "killed by signal \(status & 0x7f)"))
    }
    return .success((status >> 8) & 0xff)
  }

  /// The descriptors open in this process now (from `/proc/self/fd`).
  private static func openDescriptors() -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.compactMap { Int32($0) }
  }
}

/// Why a child process could not run.
private struct SpawnFailure: Error {
  var message: String
}
