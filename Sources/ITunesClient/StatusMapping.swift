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

  /// The `errorMessage` of a JSON error body, cleaned of control characters and cut to 200
  /// characters; `nil` for any other body (Apple's 404 is an HTML page).
  static func serverMessage(in body: Data) -> String? {
    guard body.first == UInt8(ascii: "{"), let value = try? JSONParser.parse(Array(body)),
      case .string(let text)? = value["errorMessage"]
    else { return nil }
    let clean = String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
    let trimmed = clean.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
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
        if case .apple(let message) = error { return .failure(.invalidRequest(message: message)) }
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
