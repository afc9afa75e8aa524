import Foundation
import ITunesCatalog

extension ITunesClient {
  /// Fetches one genre's chart (its legacy feed), cut to `limit` entries.
  ///
  /// Throws `CatalogError` for a country, limit or genre the request refuses, else `ClientError`:
  /// `.decoding(.notFeed)` when the answer is not a chart.
  public func chart(_ chart: GenreChart, genre: Int, country: String?, limit: Int) async throws
    -> ChartResponse
  {
    let request = try chart.request(genre: genre, country: country, limit: limit)
    let response = try await fetchFeed(request)
    guard case .chart(var page) = response.document else {
      throw ClientError.decoding(.notFeed(reason: "a genre list came instead of a chart"))
    }
    if page.items.count > limit { page.items = Array(page.items.prefix(limit)) }
    return ChartResponse(page: page, source: response.source)
  }
}
