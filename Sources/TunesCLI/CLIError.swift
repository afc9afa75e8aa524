import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import TunesStorage

/// How the command line fails: each case has a message for stderr and an exit code.
enum CLIError: Error {
  /// Wrong arguments (exit 64), with the command whose help to point at.
  case usage(String, command: String)
  /// The catalogue refused a value before any request (exit 64).
  case catalog(CatalogError)
  /// The client failed (exit by class: 64, 65, 69 or 75).
  case client(ClientError)
  /// Storage failed (exit 73: cannot create output file / database).
  case storage(StorageError)
  /// A file could not be read or written (exit 66 or 73).
  case file(String, code: Int32)
  /// The answer lacks what the command needs, e.g. an item without a preview (exit 65).
  case data(String)
  /// mpv could not be started or reached (exit 69; a missing mpv prints the install line).
  case playback(PlaybackError)
  /// The preview could not be played (exit 65 when it is not playable audio, else 69).
  case preview(PlaybackFailure)
  /// Anything else (exit 1).
  case other(String)

  /// The process exit code (sysexits.h).
  var exitCode: Int32 {
    switch self {
    case .usage: return ExitCode.usage
    case .catalog(let error):
      switch error {
      case .apple: return ExitCode.usage
      case .malformed, .notITunesDocument, .notFeed, .unknownGenre: return ExitCode.dataError
      default: return ExitCode.usage
      }
    case .client(let error): return ExitCode.of(error)
    case .storage(let error):
      if case .invalidImport = error { return ExitCode.dataError }
      return ExitCode.cannotCreate
    case .file(_, let code): return code
    case .data: return ExitCode.dataError
    case .playback: return ExitCode.unavailable
    case .preview(let failure):
      return failure.kind == .unplayable ? ExitCode.dataError : ExitCode.unavailable
    case .other: return ExitCode.failure
    }
  }

  /// What happened and what to do, for stderr.
  var message: String {
    switch self {
    case .usage(let text, let command):
      return "tunes: \(text)\n" + Self.helpHint(command)
    case .catalog(let error):
      var text = Self.describe(error, suggestion: CLIAdvice.suggestion(for: error))
      if case .invalidValue(_, let value, let allowed) = error,
        let near = Suggest.nearest(value, in: allowed)
      {
        text += "\nDid you mean \"\(near)\"?"
      }
      return text
    case .client(let error):
      return Self.describe(error, suggestion: CLIAdvice.suggestion(for: error))
    case .storage(let error): return Self.describe(error)
    case .file(let text, _): return "tunes: \(text)"
    case .data(let text): return "tunes: \(text)"
    case .playback(let error): return Self.describe(error)
    case .preview(let failure): return "tunes: \(failure.message)"
    case .other(let text): return "tunes: \(text)"
    }
  }

  /// The one way the command line points at its help: `Run 'tunes search --help' for usage.`
  static func helpHint(_ command: String) -> String {
    "Run '" + (command.isEmpty ? "tunes --help" : "tunes \(command) --help") + "' for usage."
  }

  /// The message for stderr when `command` failed: a value the catalogue refused gets the same
  /// pointer at the command's help as a usage error.
  func message(in command: String) -> String {
    guard case .catalog(let error) = self, CLIAdvice.pointsAtHelp(error) else { return message }
    return message + "\n" + Self.helpHint(command)
  }

  /// "tunes: what happened" and, on the next line, what to do (the error's own advice unless
  /// `suggestion` words it for the command line).
  static func describe(_ error: any LocalizedError, suggestion: String? = nil) -> String {
    var text = "tunes: " + (error.errorDescription ?? "\(error)")
    if let advice = suggestion ?? error.recoverySuggestion { text += "\n" + advice }
    return text
  }

  /// Wraps any thrown error.
  static func wrap(_ error: any Error) -> CLIError {
    switch error {
    case let error as CLIError: return error
    case let error as CatalogError: return .catalog(error)
    case let error as ClientError:
      if case .decoding(let catalog) = error, case .apple = catalog { return .client(error) }
      return .client(error)
    case let error as StorageError: return .storage(error)
    case let error as PlaybackError: return .playback(error)
    case let error as PlaybackFailure: return .preview(error)
    default: return .other("\(error)")
    }
  }
}

/// Exit codes (sysexits.h): the command line's own vocabulary, in one place.
enum ExitCode {
  /// The exit code for a client error: 64 for what the user asked wrongly (a bad base URL or
  /// timeout, a request Apple rejected, a 404, any other 4xx), 65 for an unreadable answer, 75 for
  /// throttling, 69 for everything else (network, server, cache).
  static func of(_ error: ClientError) -> Int32 {
    switch error {
    case .invalidBaseURL, .invalidTimeout, .invalidTransport, .invalidRequest: return usage
    case .unexpectedStatus(let status) where (400..<500).contains(status): return usage
    // A 404 is a 4xx like the others: what was asked does not exist there (README: 4xx → 64).
    case .notFound: return usage
    case .decoding: return dataError
    case .rateLimited, .rateLimitWait: return rateLimited
    case .cannotConnect, .hostNotFound, .offline, .timedOut, .truncated, .tooLarge, .cancelled,
      .transport, .serverError, .unexpectedStatus, .offlineCacheMiss:
      return unavailable
    }
  }

  static let success: Int32 = 0
  static let failure: Int32 = 1
  /// `--fail-empty` and nothing was found (the style guide's "2 no results").
  static let empty: Int32 = 2
  static let usage: Int32 = 64
  static let dataError: Int32 = 65
  static let noInput: Int32 = 66
  static let unavailable: Int32 = 69
  static let cannotCreate: Int32 = 73
  /// Output could not be written (a full disk, `/dev/full`, a closed stdout).
  static let ioError: Int32 = 74
  static let rateLimited: Int32 = 75
  /// Stopped by Ctrl-C (128 + SIGINT), with what was done kept.
  static let interrupted: Int32 = 130
}
