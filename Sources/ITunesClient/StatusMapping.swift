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

  /// Interprets `response`.
  ///
  /// 200 → decode (Apple's error object → `.invalidRequest`, unreadable → `.decoding`);
  /// 400 with `errorMessage` → `.invalidRequest` with Apple's text; 403/429 → `.rateLimited`;
  /// 404 → `.notFound`; 5xx → retry; anything else → `.unexpectedStatus`.
  public static func interpret(_ response: TransportResponse) -> Outcome {
    switch response.status {
    case 200:
      do {
        return .page(try CatalogPage.decode(response.body))
      } catch {
        if case .apple(let message) = error { return .failure(.invalidRequest(message: message)) }
        return .failure(.decoding(error))
      }
    case 400:
      if case .failure(.apple(let message)) = Result(catching: { () throws(CatalogError) in
        try CatalogPage.decode(response.body)
      }) {
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
