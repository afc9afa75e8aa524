import Foundation
import ITunesCatalog

/// The demo's chart feeds, in Apple's v2 shape, made from the same records the catalogue serves:
/// each storefront's songs, albums, podcasts, free and paid apps, free books and audiobooks, in
/// the catalogue's order (a stable, made-up ranking). Keyed by the feed path with its limit left
/// out (`FeedPath.limitless`), so a chart answers whatever limit is asked; the client cuts it.
enum DemoFeeds {
  /// One v2 chart: its path parts and which records it lists.
  struct Chart: Sendable {
    var title: String
    var media: String
    var chart: String
    var type: String
    var includes: @Sendable (CatalogRecord) -> Bool
  }

  static let charts: [Chart] = [
    Chart(title: "Top Songs", media: "music", chart: "most-played", type: "songs") {
      $0.kind == .song
    },
    Chart(title: "Top Albums", media: "music", chart: "most-played", type: "albums") {
      $0.kind == .album
    },
    Chart(title: "Top Podcasts", media: "podcasts", chart: "top", type: "podcasts") {
      $0.kind == .podcast
    },
    Chart(title: "Top Free Apps", media: "apps", chart: "top-free", type: "apps") {
      $0.kind == .software && price($0) == 0
    },
    Chart(title: "Top Paid Apps", media: "apps", chart: "top-paid", type: "apps") {
      $0.kind == .software && (price($0) ?? 0) > 0
    },
    Chart(title: "Top Free Books", media: "books", chart: "top-free", type: "books") {
      $0.kind == .ebook
    },
    Chart(title: "Top Audiobooks", media: "audio-books", chart: "top", type: "audio-books") {
      $0.kind == .audiobook
    },
  ]

  /// Every chart of every storefront in `records`, by limitless path.
  static func feeds(records: [CatalogRecord]) -> [String: Data] {
    var byStore: [String: [CatalogRecord]] = [:]
    for record in records { byStore[record.storefront ?? "us", default: []].append(record) }
    var feeds: [String: Data] = [:]
    for (store, records) in byStore {
      for chart in charts {
        let path = "/api/v2/\(store)/\(chart.media)/\(chart.chart)/100/\(chart.type).json"
        guard let key = FeedPath.limitless(path) else { continue }
        let results = records.filter(chart.includes).prefix(100).map { entry($0, type: chart.type) }
        let feed = JSONValue.object([
          (
            "feed",
            .object([
              ("title", .string(chart.title)), ("country", .string(store)),
              ("results", .array(Array(results))),
            ])
          )
        ])
        feeds[key] = Data(JSONWriter.bytes(feed))
      }
    }
    return feeds
  }

  /// A feed entry for `record`, the fields Apple's v2 feeds carry.
  static func entry(_ record: CatalogRecord, type: String) -> JSONValue {
    func field(_ name: String) -> JSONValue? { record.members.first { $0.key == name }?.value }
    var members: [(key: String, value: JSONValue)] = [("id", .string(String(record.id)))]
    if let name = field("trackName") ?? field("collectionName") { members.append(("name", name)) }
    if let artist = field("artistName") { members.append(("artistName", artist)) }
    if let artistID = record.artistID { members.append(("artistId", .string(String(artistID)))) }
    if case .string(let date)? = field("releaseDate") {
      members.append(("releaseDate", .string(String(date.prefix(10)))))
    }
    members.append(("kind", .string(type)))
    if let artwork = field("artworkUrl100") { members.append(("artworkUrl100", artwork)) }
    if case .string(let genre)? = field("primaryGenreName") {
      members.append(("genres", .array([.object([("name", .string(genre))])])))
    }
    if let url = field("trackViewUrl") ?? field("collectionViewUrl") {
      members.append(("url", url))
    }
    return .object(members)
  }

  static func price(_ record: CatalogRecord) -> Double? {
    guard case .number(let number)? = record.members.first(where: { $0.key == "price" })?.value
    else { return nil }
    return Double(number.text)
  }
}
