import Foundation
import ITunesCatalog

/// Everything that can go wrong while asking the iTunes API, grouped by phase.
///
/// A throttled, failed or unreadable answer is always one of these errors, never an empty page.
public enum ClientError: Error, Equatable, Sendable {
  // MARK: Request (before anything is sent)

  /// The API base URL is unusable; `reason` says why.
  case invalidBaseURL(String, reason: String)
  /// The timeout is not a positive number of seconds.
  case invalidTimeout(String)
  /// `TUNES_HTTP_TRANSPORT` names no known transport.
  case invalidTransport(String)

  /// The rate limiter (shared by every tunes on the machine) allows the next request only after
  /// `seconds`, later than the caller was willing to wait; nothing was sent.
  case rateLimitWait(seconds: Int)

  // MARK: Transport (no complete HTTP answer)

  /// Nothing listens at the host and port (connection refused).
  case cannotConnect(host: String)
  /// The host name does not resolve.
  case hostNotFound(host: String)
  /// The machine has no network connection.
  case offline
  /// No complete answer within the overall deadline.
  case timedOut(seconds: Double)
  /// The connection closed before the whole body arrived; `receivedBytes` did.
  case truncated(receivedBytes: Int)
  /// The body is larger than the cap.
  case tooLarge(limit: Int)
  /// The request was cancelled (a newer search replaced it, or the user quit).
  case cancelled
  /// Any other transport failure, with the system's description (TLS problems land here).
  case transport(String)

  // MARK: Status (an HTTP answer that is not a page)

  /// Apple throttled the request: HTTP 403 or 429 with an empty body.
  case rateLimited(status: Int)
  /// Apple rejected the request with its error object (HTTP 400).
  case invalidRequest(message: String)
  /// HTTP 404: the endpoint does not exist at the API base; `message` is the server's own
  /// `errorMessage` when its body carried one (a replay server says which request it lacks).
  case notFound(message: String?)
  /// HTTP 5xx on every one of `attempts` tries.
  case serverError(status: Int, attempts: Int)
  /// Any other status.
  case unexpectedStatus(Int)

  // MARK: Decoding (a 200 whose body is not a usable page)

  /// The body could not be read as an iTunes document.
  case decoding(CatalogError)

  // MARK: Cache

  /// `--offline` was given and the cache holds no answer for this request.
  case offlineCacheMiss
}

extension ClientError {
  /// The phase an error belongs to.
  public enum Phase: String, Sendable {
    /// Before anything was sent.
    case request
    /// No complete HTTP answer.
    case transport
    /// An HTTP answer that is not a page.
    case status
    /// A 200 whose body is not a usable page.
    case decoding
    /// The response cache could not answer.
    case cache
  }

  /// The phase this error belongs to.
  public var phase: Phase {
    switch self {
    case .invalidBaseURL, .invalidTimeout, .invalidTransport, .rateLimitWait: return .request
    case .cannotConnect, .hostNotFound, .offline, .timedOut, .truncated, .tooLarge, .cancelled,
      .transport:
      return .transport
    case .rateLimited, .invalidRequest, .notFound, .serverError, .unexpectedStatus: return .status
    case .decoding: return .decoding
    case .offlineCacheMiss: return .cache
    }
  }

  /// Whether a cached answer may stand in for this failure (network trouble or throttling).
  public var allowsStaleFallback: Bool {
    switch self {
    case .cannotConnect, .hostNotFound, .offline, .timedOut, .truncated, .transport, .rateLimited,
      .serverError, .unexpectedStatus, .rateLimitWait:
      return true
    case .invalidBaseURL, .invalidTimeout, .invalidTransport, .tooLarge, .cancelled,
      .invalidRequest, .notFound,
      .decoding, .offlineCacheMiss:
      return false
    }
  }
}

extension ClientError: LocalizedError {
  /// What happened, in one sentence.
  public var errorDescription: String? {
    switch self {
    case .invalidBaseURL(let text, let reason):
      return "The API base URL \"\(text)\" cannot be used: \(reason)."
    case .invalidTimeout(let text):
      return "The timeout \"\(text)\" is not a positive number of seconds."
    case .invalidTransport(let name):
      return "TUNES_HTTP_TRANSPORT=\(name) names no HTTP transport."
    case .rateLimitWait(let seconds):
      return "Apple's rate limit allows the next request in \(seconds) s "
        + "(about 20 a minute, shared by every tunes on this computer)."
    case .cannotConnect(let host):
      return "Could not connect to \(host): the connection was refused."
    case .hostNotFound(let host):
      return "The host \(host) could not be found."
    case .offline:
      return "This computer is not connected to the internet."
    case .timedOut(let seconds):
      return "The iTunes API did not answer within \(Self.seconds(seconds))."
    case .truncated(let received):
      return "The answer was cut short: the connection closed after \(received) bytes."
    case .tooLarge(let limit):
      return "The answer is larger than the \(limit / 1_048_576) MiB limit."
    case .cancelled:
      return "The request was cancelled."
    case .transport(let description):
      return "The request failed: \(description)"
    case .rateLimited(let status):
      return
        "Apple is throttling requests (HTTP \(status)). Apple allows about 20 requests a minute."
    case .invalidRequest(let message):
      return "Apple rejected the request: \(message)"
    case .notFound(let message?):
      return "The server answered 404 Not Found: \(message)"
    case .notFound(nil):
      return "The iTunes API answered 404 Not Found."
    case .serverError(let status, let attempts):
      return "The iTunes server failed (HTTP \(status)) "
        + (attempts == 1 ? "on the only attempt." : "on all \(attempts) attempts.")
    case .unexpectedStatus(let status):
      return "The iTunes API answered with unexpected HTTP status \(status)."
    case .decoding(let error):
      return error.errorDescription
    case .offlineCacheMiss:
      return "No cached answer for this request."
    }
  }

  /// What a person can do about it, in words any front end can show (no command-line flags or
  /// keys: the command line and the app each add their own advice).
  public var recoverySuggestion: String? {
    switch self {
    case .invalidBaseURL:
      return "Use an https:// URL, or http:// only for 127.0.0.1, ::1 or localhost."
    case .invalidTimeout:
      return "Give a number of seconds greater than 0, e.g. 15."
    case .invalidTransport:
      return "Set TUNES_HTTP_TRANSPORT to urlsession or curl, or unset it."
    case .rateLimitWait(let seconds):
      return "Try again in \(seconds) s."
    case .cannotConnect:
      return "Check the API base URL; if it points at a replay server, start it."
    case .hostNotFound, .offline:
      return "Check the network connection, or answer from the local cache."
    case .timedOut:
      return "Try again, or allow more time."
    case .truncated, .transport, .serverError, .unexpectedStatus:
      return "Try again in a moment."
    case .tooLarge:
      return "Ask for fewer results."
    case .cancelled:
      return "Run the request again."
    case .rateLimited:
      return "Wait a minute and try again."
    case .invalidRequest:
      return "Check the ids and options; Apple's message names the value it did not accept."
    case .notFound:
      return "Check that the API base URL points at the iTunes API."
    case .decoding(let error):
      return error.recoverySuggestion
    case .offlineCacheMiss:
      return "Run it once online first."
    }
  }

  private static func seconds(_ value: Double) -> String {
    let whole = value == value.rounded() && abs(value) < 1e15
    let text = whole ? String(Int(value)) : String(format: "%.1f", value)
    return text + (value == 1 ? " second" : " seconds")
  }
}
