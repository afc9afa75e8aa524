import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a real program as a child process (Foundation `Process`) for end-to-end tests: arguments,
/// an exact environment, standard input, captured standard output and error, the exit status, and
/// a timeout after which the child is killed, so a hung program fails a test instead of the run.
///
/// ```swift
/// let runner = ProcessRunner(executable: binary, environment: ["HOME": home.path])
/// let result = try await runner.run(["search", "jack johnson"])
/// #expect(result.status == 0, "\(result)")
/// #expect(result.stdout.contains("Jack Johnson"))
/// ```
///
/// The child gets exactly `environment` (merged with the per-call extras), never the test
/// process's own, so variables such as `COLUMNS` or `NO_COLOR` cannot leak in. It starts with no
/// signals blocked, as from a shell (see `Running`).
///
/// Limitation: Foundation reports a child's exit only once every process holding its descriptors
/// has closed them, so a program that leaves a background process behind (`sh -c "sleep 9 &"`)
/// keeps `result()` waiting until that process ends, and the timeout cannot cut it short.
public struct ProcessRunner: Sendable {
  /// The program to run.
  public var executable: URL
  /// The child's whole environment.
  public var environment: [String: String]
  /// How long a child may run before it is killed with SIGKILL (`Result.timedOut` is then set).
  public var timeout: Duration
  /// The child's working directory; `nil` keeps the test process's.
  public var workingDirectory: URL?

  /// Makes a runner.
  ///
  /// - Parameters:
  ///   - executable: the program to run.
  ///   - environment: the child's whole environment.
  ///   - timeout: generous bound after which a child is killed; 60 seconds by default.
  ///   - workingDirectory: the child's working directory, if not the test process's.
  public init(
    executable: URL, environment: [String: String] = [:], timeout: Duration = .seconds(60),
    workingDirectory: URL? = nil
  ) {
    self.executable = executable
    self.environment = environment
    self.timeout = timeout
    self.workingDirectory = workingDirectory
  }

  /// Runs the program to completion and returns what it printed and how it exited.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - stdin: bytes written to standard input, which is then closed; `nil` gives `/dev/null`.
  ///   - environment: variables added to (or replacing) the runner's environment for this run.
  /// - Throws: when the program cannot be started (missing, not executable).
  public func run(
    _ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]
  ) async throws -> Result {
    let running = try start(arguments, environment: extra, standardInput: stdin != nil)
    if let stdin {
      Thread.detachNewThread {
        running.write(stdin)
        running.closeStandardInput()
      }
    }
    return await running.result()
  }

  /// Starts the program and returns at once; read its output while it runs, signal it, then
  /// `await result()`.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - environment: variables added to (or replacing) the runner's environment for this run.
  ///   - standardInput: `true` for a pipe the test writes with `write(_:)`; `false` for `/dev/null`.
  /// - Throws: when the program cannot be started.
  public func start(
    _ arguments: [String], environment extra: [String: String] = [:], standardInput: Bool = false
  ) throws -> Running {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment.merging(extra) { _, new in new }
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    let running = Running(process: process, standardInput: standardInput)
    try running.launch(timeout: timeout)
    return running
  }

  /// Polls `condition` every `interval` until it holds or `timeout` has passed; returns whether it
  /// held. Use it instead of sleeping to wait for something a child process does.
  ///
  /// - Parameters:
  ///   - timeout: the bound, 10 seconds by default.
  ///   - interval: the pause between checks, 10 ms by default.
  ///   - condition: the check; it is evaluated at least once, and once more at the deadline.
  public static func waitUntil(
    timeout: Duration = .seconds(10), interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
  ) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      if try condition() { return true }
      if clock.now >= deadline { return false }
      try? await Task.sleep(for: interval)
    }
  }
}

extension ProcessRunner {
  /// How a finished child exited, and everything it printed.
  public struct Result: Sendable, CustomStringConvertible {
    /// The exit status, or the signal number when `signal` is set.
    public var status: Int32
    /// The signal that ended the child, if one did (e.g. `SIGKILL` after a timeout).
    public var signal: Int32?
    /// Whether the runner killed the child because it outlived the timeout.
    public var timedOut: Bool
    /// Everything written to standard output.
    public var standardOutput: Data
    /// Everything written to standard error.
    public var standardError: Data
    /// Wall time from start to exit.
    public var duration: Duration
    /// When the runner saw the child end, timed on the runner's own threads: a test measuring
    /// "from the signal to the exit" with it is not thrown off when its own task waits its turn.
    public var ended: ContinuousClock.Instant

    /// Standard output as UTF-8 text (invalid bytes replaced).
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text (invalid bytes replaced).
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }
    /// Whether the child exited normally with `code`.
    public func exited(_ code: Int32) -> Bool { signal == nil && !timedOut && status == code }

    /// A summary for failure messages: status, duration and the start of both streams.
    public var description: String {
      let how =
        timedOut
        ? "killed after the timeout" : signal.map { "killed by signal \($0)" } ?? "exit \(status)"
      return "\(how) after \(duration)\n--- stdout (\(standardOutput.count) bytes):\n"
        + String(stdout.prefix(1500)) + "\n--- stderr (\(standardError.count) bytes):\n"
        + String(stderr.prefix(1500))
    }
  }
}
