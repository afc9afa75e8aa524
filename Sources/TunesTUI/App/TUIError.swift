import Foundation

/// The terminal app's own errors (the client, storage and terminal layers have theirs).
package enum TUIError: Error, Equatable, Sendable {
  /// stdin or stdout is not a terminal.
  case notATerminal
}

extension TUIError: LocalizedError {
  /// What happened.
  package var errorDescription: String? {
    switch self {
    case .notATerminal: return "The terminal app needs a terminal: stdin and stdout must be a TTY."
    }
  }

  /// What to do about it.
  package var recoverySuggestion: String? {
    switch self {
    case .notATerminal:
      return "Run `tunes` in a terminal, or use `tunes search …` for output you can pipe."
    }
  }
}
