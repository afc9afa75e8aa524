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
      return .failure(.notFound)
    case 500...599:
      return .retry(status: response.status)
    default:
      return .failure(.unexpectedStatus(response.status))
    }
  }
}
