import Foundation

/// What can stop the terminal app from starting.
public enum TUIError: Error, Equatable, Sendable {
  /// stdin or stdout is not a terminal.
  case notATerminal
  /// The API base URL or timeout was rejected; the text says why.
  case invalidConfiguration(String)
}

extension TUIError: LocalizedError {
  /// What happened.
  public var errorDescription: String? {
    switch self {
    case .notATerminal: return "The terminal app needs a terminal: stdin and stdout must be a TTY."
    case .invalidConfiguration(let reason): return reason
    }
  }

  /// What to do about it.
  public var recoverySuggestion: String? {
    switch self {
    case .notATerminal:
      return "Run `tunes` in a terminal, or use `tunes search …` for output you can pipe."
    case .invalidConfiguration: return "Fix --api-base / TUNES_API_BASE or --timeout and try again."
    }
  }
}
