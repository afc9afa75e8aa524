import Foundation
import ITunesCatalog

/// A decoded feed or genre answer and where it came from.
public struct FeedResponse: Sendable, Equatable {
  /// The decoded document.
  public var document: FeedDocument
  /// The body as received, which the response cache stores.
  public var body: Data
  /// Where the answer came from.
  public var source: CatalogResponse.Source

  /// Makes a response.
  public init(document: FeedDocument, body: Data, source: CatalogResponse.Source = .network) {
    self.document = document
    self.body = body
    self.source = source
  }
}

/// A chart's entries and where they came from.
public struct ChartResponse: Sendable, Equatable {
  /// The chart, cut to the limit asked for.
  public var page: ChartPage
  /// Where the answer came from.
  public var source: CatalogResponse.Source
}

/// A genre tree and where it came from.
public struct GenreResponse: Sendable, Equatable {
  /// The genre asked for, with its subgenres.
  public var genre: Genre
  /// Where the answer came from.
  public var source: CatalogResponse.Source
}

extension ITunesClient {
  /// Fetches a chart. Throws `ClientError`; `.decoding(.notFeed)` when the answer is not a feed.
  public func chart(_ query: ChartQuery) async throws -> ChartResponse {
    let response = try await fetchFeed(query.request)
    guard case .chart(var page) = response.document else {
      throw ClientError.decoding(.notFeed(reason: "a genre list came instead of a chart"))
    }
    if page.items.count > query.limit { page.items = Array(page.items.prefix(query.limit)) }
    return ChartResponse(page: page, source: response.source)
  }

  /// Fetches a genre's tree. Throws `ClientError`; `.decoding(.unknownGenre)` for an id Apple
  /// does not know.
  public func genres(_ query: GenreQuery) async throws -> GenreResponse {
    let response = try await fetchFeed(query.request)
    guard case .genre(let genre) = response.document else {
      throw ClientError.decoding(.notFeed(reason: "a chart came instead of a genre list"))
    }
    return GenreResponse(genre: genre, source: response.source)
  }

  /// A client answering every feed request with `respond`'s document (search and lookup as
  /// `base` does), marked as from the network.
  public func withFeeds(
    _ respond: @escaping @Sendable (_ request: FeedRequest) async throws -> FeedDocument
  ) -> ITunesClient {
    var client = self
    client.fetchFeed = { request in
      FeedResponse(document: try await respond(request), body: Data(), source: .network)
    }
    return client
  }
}
