import Foundation
import ITunesCatalog
import ITunesClient

/// What went wrong in the app, as state a screen can draw: what happened (`title`) and what to do
/// (`suggestion`).
public enum FeatureError: Error, Equatable, Sendable {
  /// Apple throttled the request at clock instant `at`; requests may be sent again after
  /// `retryAfter`.
  case rateLimited(retryAfter: Duration, at: Duration)
  /// The iTunes client failed.
  case client(ClientError)
  /// The filters do not make a valid query.
  case invalidFilters(CatalogError)
  /// Local storage (history, favourites, settings) failed; the text is the cause.
  case storage(String)
  /// Opening a link was refused or failed; the text says why.
  case link(String)
  /// Any other failure, described.
  case other(String)

  /// Wraps any error: `ClientError`, `CatalogError` and `FeatureError` keep their meaning.
  public init(_ error: any Error) {
    switch error {
    case let feature as FeatureError: self = feature
    case let client as ClientError: self = .client(client)
    case let catalog as CatalogError: self = .client(.decoding(catalog))
    default: self = .other(error.localizedDescription)
    }
  }

  /// The most characters `title` holds: text from a server (its `errorMessage`) or a file is
  /// cut there, with an ellipsis, so one message cannot fill the screen.
  public static let titleLimit = 300

  /// What happened, in one sentence (at most `titleLimit` characters).
  public var title: String {
    let full = fullTitle
    guard full.count > Self.titleLimit else { return full }
    return String(full.prefix(Self.titleLimit - 1)) + "…"
  }

  private var fullTitle: String {
    switch self {
    case .rateLimited:
      return "Apple is throttling requests (about 20 a minute are allowed)."
    case .client(let error):
      return error.errorDescription ?? "The request failed."
    case .invalidFilters(let error):
      return error.errorDescription ?? "The filters do not make a valid search."
    case .storage(let cause):
      return "Local storage failed: \(cause)"
    case .link(let reason):
      return reason
    case .other(let description):
      return description
    }
  }

  /// What a person can do about it.
  public var suggestion: String {
    switch self {
    case .rateLimited:
      return "Wait for the countdown to end, then press r to retry."
    case .client(let error):
      return Self.suggestion(for: error)
    case .invalidFilters:
      return "Press f and change the filters."
    case .storage:
      return "Check that the data folder (~/.local/share/tunes) is writable."
    case .link:
      return "Copy the link from the detail screen instead."
    case .other:
      return "Try again in a moment."
    }
  }

  /// The app's advice for a client error, in a person's words: never a command-line flag, and
  /// never "press r": the panels that show it end with their own keys line (`r retries`).
  static func suggestion(for error: ClientError) -> String {
    switch error {
    case .cannotConnect, .hostNotFound, .offline:
      return "Check the network connection."
    case .timedOut:
      return "The timeout is set when tunes starts."
    case .tooLarge:
      return "Press f and lower the limit, then search again."
    case .notFound(.some):
      return "The server has no answer for this request: search for something else, or press f "
        + "and change the filters."
    case .notFound(nil):
      return "The server tunes was started with does not answer searches."
    case .offlineCacheMiss:
      return "tunes was started offline: only answers cached earlier can be shown."
    case .rateLimited, .rateLimitWait:
      return "Wait for the countdown to end, then press r to retry."
    case .invalidRequest:
      return "Press f and change the filters; Apple's message names the value it did not accept."
    case .decoding:
      return "If it keeps failing, the server is not the iTunes API."
    case .serverError, .truncated, .transport, .unexpectedStatus:
      return "Apple's servers may be busy: try again in a moment."
    case .invalidBaseURL, .invalidTimeout, .invalidTransport:
      return "Check the API base, timeout and transport tunes was started with."
    case .cancelled:
      return "Run it again."
    }
  }

  /// Whether this is Apple's throttling.
  public var isRateLimited: Bool {
    switch self {
    case .rateLimited: return true
    case .client(.rateLimited), .client(.rateLimitWait): return true
    default: return false
    }
  }

  /// How long to wait before the next request, when throttled.
  public var retryAfter: Duration? {
    if case .rateLimited(let retryAfter, _) = self { return retryAfter }
    return nil
  }
}

extension FeatureError: LocalizedError {
  /// The title.
  public var errorDescription: String? { title }
  /// The suggestion.
  public var recoverySuggestion: String? { suggestion }
}
