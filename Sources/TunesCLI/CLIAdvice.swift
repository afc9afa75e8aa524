import ITunesCatalog
import ITunesClient

/// The command line's advice for library errors: the same situations as the libraries'
/// `recoverySuggestion`, worded with the flags a person types here. The libraries' own texts
/// name no flag, so the app can show them too.
enum CLIAdvice {
  /// What to do about a client error, in command-line terms.
  static func suggestion(for error: ClientError) -> String? {
    switch error {
    case .invalidBaseURL:
      return "Use an https:// URL, or http:// only for 127.0.0.1, ::1 or localhost "
        + "(--api-base or TUNES_API_BASE)."
    case .invalidTimeout:
      return "Give --timeout a number of seconds greater than 0, e.g. --timeout 15."
    case .cannotConnect:
      return "Check --api-base or TUNES_API_BASE; if it points at a replay server, start it."
    case .hostNotFound, .offline:
      return "Check the network connection, or use --offline to answer from the cache."
    case .timedOut:
      return "Try again, or allow more time with --timeout SECONDS."
    case .tooLarge:
      return "Ask for fewer results with --limit."
    case .notFound(.some):
      return "The server at --api-base has no answer for this request; a replay server answers "
        + "only what it recorded."
    case .notFound(nil):
      return "Check that --api-base points at the iTunes API."
    case .offlineCacheMiss:
      return "Run it once online or drop --offline."
    case .rateLimitWait(let seconds):
      return "Run it again in \(seconds) s, or give --wait \(max(seconds, 60)) to wait for it."
    case .decoding(let catalog):
      return suggestion(for: catalog)
    case .unexpectedStatus(let status) where (400..<500).contains(status):
      return "The server refused this request; retrying it will not help. Check the options."
    case .invalidTransport, .truncated, .transport, .serverError, .unexpectedStatus, .cancelled,
      .rateLimited, .invalidRequest:
      return error.recoverySuggestion
    }
  }

  /// Whether the error is a value the user typed wrongly, whose message ends by pointing at
  /// the command's help.
  static func pointsAtHelp(_ error: CatalogError) -> Bool {
    switch error {
    case .invalidValue, .outOfRange, .notValidForMedia, .invalidLookup: return true
    default: return false
    }
  }

  /// What to do about a catalogue error, in command-line terms.
  static func suggestion(for error: CatalogError) -> String? {
    switch error {
    case .emptyTerm:
      return "Give a word to search for, e.g. `tunes search jack johnson`."
    case .invalidValue, .outOfRange, .notValidForMedia, .invalidLookup:
      // The pointer at the command's help follows (``CLIError/message(in:)``).
      return "Correct the value and try again."
    case .malformed, .notITunesDocument, .notFeed:
      return "Try again later; if it persists, check --api-base points at the iTunes API."
    case .unknownGenre:
      return "`tunes genres MEDIUM` lists the genre ids, e.g. `tunes genres music`."
    case .apple:
      return error.recoverySuggestion
    }
  }
}
