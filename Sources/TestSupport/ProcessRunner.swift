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
/// process's own, so variables such as `COLUMNS` or `NO_COLOR` cannot leak in.
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

  /// A started child process: its output so far, standard input, signals, and its result.
  public final class Running: @unchecked Sendable {
    private let process: Process
    private let inputPipe: Pipe?
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let lock = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var openStreams = 2
    private var exit: (status: Int32, signal: Int32?)?
    private var killedByTimeout = false
    private var spawnError: (any Error)?
    private var finished: Result?
    private var waiters: [CheckedContinuation<Result, Never>] = []
    private let clock = ContinuousClock()
    private var startedAt = ContinuousClock().now

    init(process: Process, standardInput: Bool) {
      self.process = process
      inputPipe = standardInput ? Pipe() : nil
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Standard output received so far, as text.
    public var standardOutputSoFar: String {
      lock.withLock { String(decoding: output, as: UTF8.self) }
    }

    /// Standard error received so far, as text.
    public var standardErrorSoFar: String {
      lock.withLock { String(decoding: errors, as: UTF8.self) }
    }

    /// Whether the child has exited (its output may still be draining).
    public var hasExited: Bool { lock.withLock { exit != nil } }

    /// Writes to the child's standard input (started with `standardInput: true`); errors such as
    /// a closed pipe are ignored.
    public func write(_ data: Data) {
      guard let inputPipe else { return }
      try? inputPipe.fileHandleForWriting.write(contentsOf: data)
    }

    /// Writes UTF-8 text to the child's standard input.
    public func write(_ text: String) { write(Data(text.utf8)) }

    /// Closes the child's standard input, so it reads end-of-file.
    public func closeStandardInput() {
      try? inputPipe?.fileHandleForWriting.close()
    }

    /// Sends `signal` (e.g. `SIGTERM`, `SIGKILL`) to the child, unless it has already exited.
    public func send(_ signal: Int32) {
      lock.withLock {
        if exit == nil { _ = Glibc.kill(process.processIdentifier, signal) }
      }
    }

    /// Waits for the child to exit and its output to drain (the runner's timeout still applies).
    public func result() async -> Result {
      await withCheckedContinuation { continuation in
        lock.lock()
        if let finished {
          lock.unlock()
          continuation.resume(returning: finished)
        } else {
          waiters.append(continuation)
          lock.unlock()
        }
      }
    }

    func launch(timeout: Duration) throws {
      process.standardOutput = outputPipe
      process.standardError = errorPipe
      process.standardInput = inputPipe ?? FileHandle.nullDevice
      process.terminationHandler = { [self] child in
        let signalled = child.terminationReason == .uncaughtSignal
        lock.withLock {
          exit = (child.terminationStatus, signalled ? child.terminationStatus : nil)
        }
        finishIfDone()
      }
      startedAt = clock.now
      try spawnWithDefaultSignalMask()
      // The child has its own copies; closing ours lets the readers see end-of-file.
      try? outputPipe.fileHandleForWriting.close()
      try? errorPipe.fileHandleForWriting.close()
      try? inputPipe?.fileHandleForReading.close()
      drain(outputPipe.fileHandleForReading.fileDescriptor, intoOutput: true)
      drain(errorPipe.fileHandleForReading.fileDescriptor, intoOutput: false)
      let pid = process.processIdentifier
      let seconds =
        Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        lock.withLock {
          guard exit == nil else { return }
          killedByTimeout = true
          _ = Glibc.kill(pid, SIGKILL)
        }
      }
    }

    /// Starts the child from a fresh thread whose signal mask is empty.
    ///
    /// Swift concurrency runs on Dispatch worker threads, which block most signals; `posix_spawn`
    /// passes the calling thread's mask on, so a child started there would never see SIGINT or
    /// SIGTERM (they stay pending). A shell starts programs with nothing blocked; so does this.
    private func spawnWithDefaultSignalMask() throws {
      let done = DispatchSemaphore(value: 0)
      let thread = Thread { [self] in
        var empty = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, nil)
        do {
          try process.run()
        } catch {
          lock.withLock { spawnError = error }
        }
        done.signal()
      }
      thread.start()
      done.wait()
      if let error = lock.withLock({ spawnError }) { throw error }
    }

    /// Reads a pipe on its own thread until end-of-file.
    private func drain(_ descriptor: Int32, intoOutput: Bool) {
      Thread.detachNewThread { [self] in
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = buffer.withUnsafeMutableBytes {
            Glibc.read(descriptor, $0.baseAddress, $0.count)
          }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
          lock.withLock {
            if intoOutput {
              output.append(contentsOf: buffer[0..<count])
            } else {
              errors.append(contentsOf: buffer[0..<count])
            }
          }
        }
        lock.withLock { openStreams -= 1 }
        finishIfDone()
      }
    }

    private func finishIfDone() {
      lock.lock()
      guard finished == nil, openStreams == 0, let exit else {
        lock.unlock()
        return
      }
      let result = Result(
        status: exit.status, signal: exit.signal, timedOut: killedByTimeout,
        standardOutput: output, standardError: errors, duration: clock.now - startedAt)
      finished = result
      let resumed = waiters
      waiters = []
      lock.unlock()
      for waiter in resumed { waiter.resume(returning: result) }
    }
  }
}
