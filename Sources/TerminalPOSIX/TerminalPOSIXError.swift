import Foundation

/// Everything that can go wrong while driving the terminal.
package enum TerminalPOSIXError: Error, Equatable, LocalizedError {
  /// The file descriptor is not a terminal (`tcgetattr` failed).
  case notATerminal(fd: Int32, errno: Int32)
  /// Changing terminal attributes failed.
  case setAttributes(errno: Int32)
  /// Writing to the terminal failed.
  case write(errno: Int32)
  /// Creating the wake-up pipe for the input reader failed.
  case pipe(errno: Int32)

  /// What happened.
  package var errorDescription: String? {
    switch self {
    case .notATerminal(let fd, let code):
      return "File descriptor \(fd) is not a terminal (\(String(cString: strerror(code))))."
    case .setAttributes(let code):
      return "Could not change the terminal's mode (\(String(cString: strerror(code))))."
    case .write(let code):
      return "Could not write to the terminal (\(String(cString: strerror(code))))."
    case .pipe(let code):
      return "Could not create a pipe (\(String(cString: strerror(code))))."
    }
  }

  /// What a person can do about it.
  package var recoverySuggestion: String? {
    switch self {
    case .notATerminal:
      return "Run the app in an interactive terminal, or use the command-line subcommands."
    case .setAttributes, .write:
      return "Check that the terminal is still open; run `reset` if it looks wrong."
    case .pipe:
      return "The process may have run out of file descriptors; close other programs and retry."
    }
  }
}
