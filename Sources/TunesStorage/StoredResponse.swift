import Foundation

/// A cached response body and when it was fetched.
public struct StoredResponse: Sendable, Equatable {
  /// The response body exactly as received.
  public let body: Data
  /// When it was fetched from the network.
  public let fetchedAt: Date

  /// Creates a cached response.
  public init(body: Data, fetchedAt: Date) {
    self.body = body
    self.fetchedAt = fetchedAt
  }
}
