import Glibc

/// Keeps Swift's crash backtracer from waiting for a key press on a terminal.
///
/// `SWIFT_BACKTRACE` is read when the process starts, so setting it later has no effect; the
/// process re-executes itself once with it set.
public enum BacktraceSafety {
  /// When standard input is a terminal and `SWIFT_BACKTRACE` is unset, sets
  /// `SWIFT_BACKTRACE=interactive=no` and re-executes `/proc/self/exe` with `arguments`.
  ///
  /// Returns normally when nothing needs doing or when `execv` fails.
  /// - Parameter arguments: the process arguments, `CommandLine.arguments` by default.
  public static func reexecIfNeeded(arguments: [String] = CommandLine.arguments) {
    guard isatty(STDIN_FILENO) == 1, getenv("SWIFT_BACKTRACE") == nil else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    _ = execv("/proc/self/exe", &argv)
    for pointer in argv { free(pointer) }
  }
}
