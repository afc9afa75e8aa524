import Foundation
import ITunesCatalog

/// Turns an HTTP answer into a page or a `ClientError`; pure, so the table is easy to test.
public enum StatusMapping {
  /// What to do with one answer.
  public enum Outcome: Sendable, Equatable {
    /// A decoded page.
    case page(CatalogPage)
    /// A server error worth another attempt (5xx).
    case retry(status: Int)
    /// A final error.
    case failure(ClientError)
  }

  /// The `errorMessage` of a JSON error body, trimmed and cut (`serverText(_:)`); `nil` for any
  /// other body (Apple's 404 is an HTML page).
  static func serverMessage(in body: Data) -> String? {
    guard body.first == UInt8(ascii: "{"), let value = try? JSONParser.parse(Array(body)),
      case .string(let text)? = value["errorMessage"]
    else { return nil }
    return serverText(text)
  }

  /// The most characters of a server's `errorMessage` an error keeps.
  static let serverTextLimit = 200

  /// A server's text trimmed and cut to `serverTextLimit` characters (an ellipsis marks the
  /// cut); `nil` when nothing is left. It is kept otherwise as sent, like every string from the
  /// network: whatever shows it on a terminal sanitizes it there (TerminalUI's `sanitize(_:)`,
  /// which removes escape sequences whole — cleaning here first would leave their residue).
  static func serverText(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    guard trimmed.count > serverTextLimit else { return trimmed }
    return String(trimmed.prefix(serverTextLimit)) + "…"
  }

  /// Interprets a catalogue answer (`table` with `CatalogPage`'s decoder).
  public static func interpret(_ response: TransportResponse) -> Outcome {
    switch table(response, decode: { body throws(CatalogError) in try CatalogPage.decode(body) }) {
    case .success(let page): return .page(page)
    case .retry(let status): return .retry(status: status)
    case .failure(let error): return .failure(error)
    }
  }

  /// The one status table, for catalogue and feed answers alike (`decode` is the request's).
  ///
  /// 200 → decode (Apple's error object → `.invalidRequest`, unreadable or empty → `.decoding`);
  /// 400 with a JSON `errorMessage` → `.invalidRequest` with Apple's text (`serverMessage(in:)`:
  /// cleaned, at most 200 characters), any other 400 (empty, HTML) → `.unexpectedStatus(400)`;
  /// 403/429 → `.rateLimited`; 404 → `.notFound`; 5xx → retry; anything else →
  /// `.unexpectedStatus`.
  static func table<Value>(
    _ response: TransportResponse, decode: (Data) throws(CatalogError) -> Value
  ) -> Exchange.Verdict<Value> {
    switch response.status {
    case 200:
      do {
        return .success(try decode(response.body))
      } catch {
        if case .apple(let message) = error {
          return .failure(.invalidRequest(message: serverText(message) ?? "(no message)"))
        }
        return .failure(.decoding(error))
      }
    case 400:
      if let message = serverMessage(in: response.body) {
        return .failure(.invalidRequest(message: message))
      }
      return .failure(.unexpectedStatus(400))
    case 403, 429:
      return .failure(.rateLimited(status: response.status))
    case 404:
      return .failure(.notFound(message: serverMessage(in: response.body)))
    case 500...599:
      return .retry(status: response.status)
    default:
      return .failure(.unexpectedStatus(response.status))
    }
  }
}
