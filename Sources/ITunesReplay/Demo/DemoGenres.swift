import Foundation
import ITunesCatalog

/// The demo's genre service and its genres' legacy chart feeds, made from the same records the
/// catalogue serves: for each medium (music 34, podcasts 26, apps 36, books 38, movies 33, TV 32,
/// music videos 31, audiobooks 50000024) a tree whose subgenres are the `primaryGenreName`s of
/// the medium's records, and for every genre of it the charts its `rssUrls` name, listing the
/// records of that genre (the medium's top genre: all of them) in the catalogue's order.
enum DemoGenres {
  /// The genre service's path.
  static let servicePath = "/WebObjects/MZStoreServices.woa/ws/genres"

  /// A legacy chart of a medium: the feed, the `rssUrls` key, and which records it lists.
  struct Chart: Sendable {
    var feed: String
    var key: String
    var title: String
    var includes: @Sendable (CatalogRecord) -> Bool
  }

  /// A medium: its top genre and its charts.
  struct Medium: Sendable {
    var id: Int
    var name: String
    var charts: [Chart]
  }

  static let media: [Medium] = [
    Medium(
      id: 34, name: "Music",
      charts: [
        Chart(feed: "topsongs", key: "topSongs", title: "Top Songs") { $0.kind == .song },
        Chart(feed: "topalbums", key: "topAlbums", title: "Top Albums") { $0.kind == .album },
      ]),
    Medium(
      id: 26, name: "Podcasts",
      charts: [
        Chart(feed: "toppodcasts", key: "topPodcasts", title: "Top Podcasts") {
          $0.kind == .podcast
        }
      ]),
    Medium(
      id: 36, name: "App Store",
      charts: [
        Chart(feed: "topfreeapplications", key: "topFreeApplications", title: "Top Free Apps") {
          $0.kind == .software && DemoFeeds.price($0) == 0
        },
        Chart(feed: "toppaidapplications", key: "topPaidApplications", title: "Top Paid Apps") {
          $0.kind == .software && (DemoFeeds.price($0) ?? 0) > 0
        },
      ]),
    Medium(
      id: 38, name: "Books",
      charts: [
        Chart(feed: "topfreeebooks", key: "topFreeEbooks", title: "Top Free Books") {
          $0.kind == .ebook && DemoFeeds.price($0) == 0
        },
        Chart(feed: "toppaidebooks", key: "topPaidEbooks", title: "Top Paid Books") {
          $0.kind == .ebook && (DemoFeeds.price($0) ?? 0) > 0
        },
      ]),
    Medium(
      id: 33, name: "Movies",
      charts: [
        Chart(feed: "topmovies", key: "topMovies", title: "Top Movies") { $0.kind == .movie }
      ]),
    Medium(
      id: 32, name: "TV Shows",
      charts: [
        Chart(feed: "toptvepisodes", key: "topTvEpisodes", title: "Top TV Episodes") {
          $0.kind == .tvEpisode
        },
        Chart(feed: "toptvseasons", key: "topTvSeasons", title: "Top TV Seasons") {
          $0.kind == .tvSeason
        },
      ]),
    Medium(
      id: 31, name: "Music Videos",
      charts: [
        Chart(feed: "topmusicvideos", key: "topMusicVideos", title: "Top Music Videos") {
          $0.kind == .musicVideo
        }
      ]),
    Medium(
      id: 50_000_024, name: "Audiobooks",
      charts: [
        Chart(feed: "topaudiobooks", key: "topAudiobooks", title: "Top Audiobooks") {
          $0.kind == .audiobook
        }
      ]),
  ]

  /// What the demo serves for genres: the genre service's answers by storefront and id, and the
  /// legacy genre feeds by limitless path.
  struct Served: Sendable {
    var trees: [String: Data] = [:]
    var feeds: [String: Data] = [:]

    /// The key of a genre service answer: `us/34`.
    static func treeKey(country: String, id: Int) -> String { "\(country)/\(id)" }
  }

  /// Every storefront's trees and genre feeds.
  static func make(records: [CatalogRecord]) -> Served {
    var byStore: [String: [CatalogRecord]] = [:]
    for record in records { byStore[record.storefront ?? "us", default: []].append(record) }
    var served = Served()
    for (store, records) in byStore {
      for (mediumIndex, medium) in media.enumerated() {
        let listed = records.filter { record in medium.charts.contains { $0.includes(record) } }
        let names = Array(Set(listed.compactMap(genreName))).sorted()
        // Made-up ids, the same in every storefront (names are too), apart from Apple's.
        let subgenres = names.enumerated().map { index, name in
          (id: 900_000 + mediumIndex * 1_000 + index + 1, name: name)
        }
        var children: [(key: String, value: JSONValue)] = []
        for subgenre in subgenres {
          let node = genreNode(id: subgenre.id, name: subgenre.name, medium: medium, store: store)
          children.append((String(subgenre.id), node))
          served.trees[Served.treeKey(country: store, id: subgenre.id)] = Data(
            JSONWriter.bytes(.object([(String(subgenre.id), node)])))
          for chart in medium.charts {
            let entries = listed.filter { chart.includes($0) && genreName($0) == subgenre.name }
            served.feeds[feedKey(store, chart.feed, subgenre.id)] = feed(
              entries, title: "\(chart.title) in \(subgenre.name)", store: store)
          }
        }
        var root = genreNode(id: medium.id, name: medium.name, medium: medium, store: store)
        if case .object(var members) = root {
          members.append(("subgenres", .object(children)))
          root = .object(members)
        }
        served.trees[Served.treeKey(country: store, id: medium.id)] = Data(
          JSONWriter.bytes(.object([(String(medium.id), root)])))
        for chart in medium.charts {
          served.feeds[feedKey(store, chart.feed, medium.id)] = feed(
            listed.filter(chart.includes), title: chart.title, store: store)
        }
      }
    }
    return served
  }

  private static func feedKey(_ store: String, _ feed: String, _ genre: Int) -> String {
    FeedPath.limitless("/\(store)/rss/\(feed)/limit=100/genre=\(genre)/json") ?? ""
  }

  /// A genre as the service describes one: name, id, store page, `rssUrls` (leaves: no
  /// `subgenres`).
  private static func genreNode(id: Int, name: String, medium: Medium, store: String)
    -> JSONValue
  {
    let feeds = medium.charts.map { chart -> (key: String, value: JSONValue) in
      (chart.key, .string("https://itunes.apple.com/\(store)/rss/\(chart.feed)/genre=\(id)/json"))
    }
    return .object([
      ("name", .string(name)), ("id", .string(String(id))),
      ("url", .string("https://itunes.apple.com/\(store)/genre/id\(id)")),
      ("rssUrls", .object(feeds)),
    ])
  }

  /// The record's genre: `primaryGenreName`, else the first of its `genres` that is not a
  /// medium's own name (the demo's ebooks carry only `genres`).
  static func genreName(_ record: CatalogRecord) -> String? {
    func field(_ name: String) -> JSONValue? { record.members.first { $0.key == name }?.value }
    if case .string(let name)? = field("primaryGenreName"), !name.isEmpty { return name }
    guard case .array(let names)? = field("genres") else { return nil }
    for case .string(let name) in names where !name.isEmpty && !rootNames.contains(name) {
      return name
    }
    return nil
  }

  /// Genre names that name a medium, not a genre of it.
  static let rootNames: Set<String> = ["Books", "Podcasts", "Music", "Audiobooks", "App Store"]

  /// A legacy feed (`feed.entry[]`, every value in `label`/`attributes`) of `records`.
  private static func feed(_ records: [CatalogRecord], title: String, store: String) -> Data {
    let entries = records.prefix(100).map(entry)
    return Data(
      JSONWriter.bytes(
        .object([
          (
            "feed",
            .object([
              ("title", .object([("label", .string("iTunes Store: \(title)"))])),
              ("entry", .array(Array(entries))),
            ])
          )
        ])))
  }

  /// A legacy feed entry for `record`.
  static func entry(_ record: CatalogRecord) -> JSONValue {
    func field(_ name: String) -> JSONValue? { record.members.first { $0.key == name }?.value }
    func label(_ value: JSONValue) -> JSONValue { .object([("label", value)]) }
    let url = field("trackViewUrl") ?? field("collectionViewUrl") ?? .string("")
    var members: [(key: String, value: JSONValue)] = []
    if let name = field("trackName") ?? field("collectionName") {
      members.append(("im:name", label(name)))
    }
    if let artwork = field("artworkUrl100") {
      members.append(
        (
          "im:image",
          .array([
            .object([("label", artwork), ("attributes", .object([("height", .string("100"))]))])
          ])
        )
      )
    }
    if let artist = field("artistName") {
      var artistMembers: [(key: String, value: JSONValue)] = [("label", artist)]
      if let link = field("artistViewUrl") {
        artistMembers.append(("attributes", .object([("href", link)])))
      }
      members.append(("im:artist", .object(artistMembers)))
    }
    if case .number(let amount)? = field("trackPrice") ?? field("collectionPrice") ?? field("price"),
      case .string(let currency)? = field("currency")
    {
      members.append(
        (
          "im:price",
          .object([
            ("label", .string(amount.text)),
            (
              "attributes",
              .object([("amount", .string(amount.text)), ("currency", .string(currency))])
            ),
          ])
        ))
    }
    members.append(
      (
        "id",
        .object([("label", url), ("attributes", .object([("im:id", .string(String(record.id)))]))])
      ))
    members.append(
      ("link", .object([("attributes", .object([("rel", .string("alternate")), ("href", url)]))])))
    if let genre = genreName(record) {
      members.append(
        (
          "category",
          .object([("attributes", .object([("term", .string(genre)), ("label", .string(genre))]))])
        ))
    }
    if let date = field("releaseDate") { members.append(("im:releaseDate", label(date))) }
    return .object(members)
  }
}
