import Foundation
import ITunesCatalog

/// A decoded answer and where it came from.
public struct CatalogResponse: Sendable, Equatable {
  /// Where an answer came from.
  public enum Source: Sendable, Equatable {
    /// Fetched from the API just now.
    case network
    /// Read from the response cache, fetched at `fetchedAt`.
    ///
    /// `stale` is true when it is older than the freshness window; `because` is the error that
    /// made the cache answer instead of the network (nil for a fresh hit or `--offline`).
    case cache(fetchedAt: Date, stale: Bool, because: ClientError?)
  }

  /// The decoded page.
  public var page: CatalogPage
  /// The body as received, which the response cache stores.
  public var body: Data
  /// Where the answer came from.
  public var source: Source

  /// Makes a response.
  public init(page: CatalogPage, body: Data, source: Source = .network) {
    self.page = page
    self.body = body
    self.source = source
  }

  /// Whether the answer came from the cache.
  public var isFromCache: Bool {
    if case .cache = source { return true }
    return false
  }
}
