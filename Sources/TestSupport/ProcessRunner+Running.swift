import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ProcessRunner {
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
    private var watchdog: DispatchWorkItem?
    private var inputClosed = false
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
      // A child that has stopped reading makes the write raise SIGPIPE, which would end the test
      // process: block it on this thread for the write, then discard it if it was raised.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      var previous = sigset_t()
      pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
      try? inputPipe.fileHandleForWriting.write(contentsOf: data)
      var pending = sigset_t()
      if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
        var now = timespec()
        _ = sigtimedwait(&pipeSignal, nil, &now)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Writes UTF-8 text to the child's standard input.
    public func write(_ text: String) { write(Data(text.utf8)) }

    /// Closes the child's standard input, so it reads end-of-file.
    public func closeStandardInput() {
      let handle = lock.withLock { () -> FileHandle? in
        guard !inputClosed else { return nil }
        inputClosed = true
        return inputPipe?.fileHandleForWriting
      }
      try? handle?.close()
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
      // Foundation's pipes are inheritable: a child another thread spawns meanwhile without
      // closing what it inherits (a tmux server lives on) would hold these pipes open, and this
      // child would never read end-of-file, nor we its output's end. Every end is close-on-exec;
      // the child still gets its copies, as dup2 onto 0, 1 and 2 clears the flag.
      let pipes = [inputPipe, outputPipe, errorPipe].compactMap { $0 }
      for pipe in pipes {
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
          _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
      }
      startedAt = clock.now
      try spawnWithDefaultSignalMask()
      // The child has its own copies; closing ours lets the readers see end-of-file.
      try? outputPipe.fileHandleForWriting.close()
      try? errorPipe.fileHandleForWriting.close()
      try? inputPipe?.fileHandleForReading.close()
      drain(outputPipe.fileHandleForReading, intoOutput: true)
      drain(errorPipe.fileHandleForReading, intoOutput: false)
      let seconds =
        Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      let watchdog = DispatchWorkItem { [weak self] in self?.killAfterTimeout() }
      lock.withLock { self.watchdog = watchdog }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    }

    private func killAfterTimeout() {
      lock.withLock {
        guard exit == nil else { return }
        killedByTimeout = true
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
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

    /// Reads a pipe on its own thread until end-of-file, then closes it.
    ///
    /// Descriptors are closed as soon as they are done with: Foundation watches children with
    /// `select()`, which cannot see descriptors numbered 1024 or more, so a test process holding
    /// many would stop hearing about exits.
    private func drain(_ handle: FileHandle, intoOutput: Bool) {
      let descriptor = handle.fileDescriptor
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
        try? handle.close()
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
      let now = clock.now
      let result = Result(
        status: exit.status, signal: exit.signal, timedOut: killedByTimeout,
        standardOutput: output, standardError: errors, duration: now - startedAt, ended: now)
      finished = result
      let resumed = waiters
      waiters = []
      watchdog?.cancel()
      watchdog = nil
      lock.unlock()
      closeStandardInput()
      for waiter in resumed { waiter.resume(returning: result) }
    }
  }
}
