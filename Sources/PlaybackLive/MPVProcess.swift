import Foundation
import Playback

#if canImport(Glibc)
  import Glibc
#endif

/// One running mpv: its pid, its exit status once reaped, and the end of what it wrote to
/// standard error.
///
/// It is started as `setpriv --pdeathsig KILL -- /bin/sh -c GUARD OURPID mpv OPTIONS…`: setpriv
/// asks the kernel to SIGKILL the child when tunes' spawning thread (and so tunes) ends, however
/// it ends (SIGKILL and crashes included), and the guard execs mpv only if tunes is still its
/// parent, which closes the gap where tunes died before the signal was armed. The three share one
/// pid, so `pid` is mpv's. mpv gets its own process group (a Ctrl-C at the terminal reaches tunes,
/// which then decides), default signal actions, `/dev/null` for input, and for output too unless
/// it is given the terminal to draw videos in (`PlayerConfiguration.terminalOutput`).
final class MPVProcess: @unchecked Sendable {
  /// mpv's process id.
  let pid: pid_t
  private let condition = NSCondition()
  private var waitStatus: Int32?
  private var errorTail: [UInt8] = []
  private var errorClosed = false

  private init(pid: pid_t) { self.pid = pid }

  /// The guard script: exec mpv only while tunes is still the parent. SIGTTOU is ignored so that
  /// mpv, in a process group of its own, may draw a terminal video even where the terminal has
  /// `tostop` set (an ignored SIGTTOU lets a background write through; exec keeps it ignored).
  static let guardScript = "[ \"$PPID\" = \"$0\" ] || exit 97; trap '' TTOU; exec \"$@\""

  /// Starts mpv on the spawner thread.
  /// - Parameters:
  ///   - mpv: the absolute path of mpv.
  ///   - options: mpv's options.
  ///   - environment: mpv's environment.
  ///   - onExit: called once, on a thread of its own, after mpv exited and was reaped.
  /// - Throws: `PlaybackError.helperMissing` or `.spawnFailed`.
  static func launch(
    mpv: String, options: [String], environment: [String: String], terminalOutput: Int32? = nil,
    onExit: @escaping @Sendable (MPVProcess) -> Void
  ) async throws(PlaybackError) -> MPVProcess {
    guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: isExecutable) else {
      throw .helperMissing("setpriv")
    }
    guard isExecutable("/bin/sh") else { throw .helperMissing("/bin/sh") }
    let arguments =
      [setpriv, "--pdeathsig", "KILL", "--", "/bin/sh", "-c", guardScript, String(getpid()), mpv]
      + options
    let result = await SpawnerThread.shared.run { () -> Result<MPVProcess, PlaybackError> in
      Result { () throws(PlaybackError) -> MPVProcess in
        try spawn(arguments, environment: environment, terminalOutput: terminalOutput)
      }
    }
    let process = try result.get()
    process.watch(onExit: onExit)
    return process
  }

  private static func isExecutable(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  private static func spawn(
    _ arguments: [String], environment: [String: String], terminalOutput: Int32?
  ) throws(PlaybackError) -> MPVProcess {
    // A socket pair rather than pipe(): it can be made close-on-exec atomically, so no other
    // child started meanwhile inherits it.
    var errorPipe: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &errorPipe) == 0 else {
      throw .spawnFailed(arguments[0], errno: errno)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let terminalOutput {
      posix_spawn_file_actions_adddup2(&actions, terminalOutput, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    closeOthers(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    close(errorPipe[1])
    guard code == 0 else {
      close(errorPipe[0])
      throw .spawnFailed(arguments[0], errno: code)
    }
    let process = MPVProcess(pid: pid)
    let readEnd = errorPipe[0]
    Thread.detachNewThread { process.drainErrors(readEnd) }
    return process
  }

  /// Makes the child close every descriptor from 3 up: one it inherited (such as the one
  /// Foundation's Process uses to notice a child's exit) would keep things open after tunes ends.
  /// Uses glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+, looked up at run time since
  /// Swift does not import it), else a close action for each descriptor open now.
  private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32)
      -> Int32
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      if closeFrom(&actions, 3) == 0 { return }
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  private func watch(onExit: @escaping @Sendable (MPVProcess) -> Void) {
    Thread.detachNewThread { [self] in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      condition.withLock {
        waitStatus = status
        condition.broadcast()
      }
      onExit(self)
    }
  }

  private func drainErrors(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      condition.withLock {
        errorTail.append(contentsOf: buffer[0..<count])
        if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
      }
    }
    close(descriptor)
    condition.withLock {
      errorClosed = true
      condition.broadcast()
    }
  }

  /// Whether mpv has exited and been reaped.
  var hasExited: Bool { condition.withLock { waitStatus != nil } }

  /// How mpv ended ("exit status 1", "signal 9"), or `nil` while it runs.
  var exitDescription: String? {
    condition.withLock { waitStatus.map(Self.describe) }
  }

  /// The last line mpv wrote to standard error (waits briefly for the pipe to close).
  var lastErrorLine: String {
    condition.withLock {
      let deadline = Date().addingTimeInterval(1)
      while !errorClosed, condition.wait(until: deadline) {}
      let text = String(decoding: errorTail, as: UTF8.self)
      let lines = text.split(whereSeparator: \.isNewline).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return lines.last(where: { !$0.isEmpty }) ?? ""
    }
  }

  /// Sends SIGKILL unless mpv has already been reaped.
  func kill() {
    condition.withLock {
      if waitStatus == nil { _ = Glibc.kill(pid, SIGKILL) }
    }
  }

  /// Waits until mpv has been reaped or `timeout` has passed; returns whether it was reaped.
  func waitForExit(timeout: Duration) -> Bool {
    let deadline = Date().addingTimeInterval(timeout.seconds)
    return condition.withLock {
      while waitStatus == nil, condition.wait(until: deadline) {}
      return waitStatus != nil
    }
  }

  private static func describe(_ status: Int32) -> String {
    let signal = status & 0x7f
    if signal == 0 { return "exit status \((status >> 8) & 0xff)" }
    return "signal \(signal)"
  }
}
