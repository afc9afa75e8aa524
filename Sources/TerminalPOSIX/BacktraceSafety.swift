import Glibc

/// Keeps Swift's crash backtracer from waiting for a key press on a terminal.
///
/// `SWIFT_BACKTRACE` is read when the process starts, so setting it later has no effect; the
/// process re-executes itself once with it set.
package enum BacktraceSafety {
  /// When standard input is a terminal and `SWIFT_BACKTRACE` is unset, sets
  /// `SWIFT_BACKTRACE=interactive=no` and re-executes `/proc/self/exe` with `arguments`.
  ///
  /// Returns normally when nothing needs doing or when `execv` fails.
  /// - Parameter arguments: the process arguments, `CommandLine.arguments` by default.
  package static func reexecIfNeeded(arguments: [String] = CommandLine.arguments) {
    let isTerminal = isatty(STDIN_FILENO) == 1
    guard shouldReexec(stdinIsTerminal: isTerminal, backtraceSetting: getenv("SWIFT_BACKTRACE"))
    else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    _ = execv("/proc/self/exe", &argv)
    for pointer in argv { free(pointer) }
  }

  /// Whether to re-execute: only on a terminal and only when `SWIFT_BACKTRACE` is unset (so
  /// the re-executed process, which has it set, never loops).
  package static func shouldReexec(stdinIsTerminal: Bool, backtraceSetting: UnsafePointer<CChar>?)
    -> Bool
  {
    stdinIsTerminal && backtraceSetting == nil
  }
}
