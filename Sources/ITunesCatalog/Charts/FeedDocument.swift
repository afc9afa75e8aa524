import Foundation

/// A decoded answer of a feed request: a chart page or a genre tree.
public enum FeedDocument: Hashable, Sendable {
  /// A chart feed.
  case chart(ChartPage)
  /// A genre and its subgenres.
  case genre(Genre)
}

extension FeedRequest {
  /// Decodes an answer to this request as what it asked for.
  ///
  /// - Throws: `CatalogError` as `ChartPage.decode(_:expected:)` and `Genre.decode(_:id:)` do.
  public func decode(_ body: Data) throws(CatalogError) -> FeedDocument {
    switch document {
    case .chart(let expected): return .chart(try ChartPage.decode(body, expected: expected))
    case .genres(let id): return .genre(try Genre.decode(body, id: id))
    }
  }
}
