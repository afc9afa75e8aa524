import Foundation

/// A legacy chart feed of one genre, as the genre service names it (`rssUrls`): top songs, top
/// albums, top podcasts, top free apps, top movies, top TV episodes …
///
/// `ChartKind` is the home screen's seven charts; a genre of any medium may list feeds beyond
/// those (`topmovies`, `toptvepisodes`, `toppaidebooks` …), so a genre's charts are named by
/// their legacy feed: `/{cc}/rss/{feed}/limit=N/genre=G/json`.
public struct GenreChart: Hashable, Sendable {
  /// The legacy feed's name, lower-case ASCII letters only, e.g. `topsongs`.
  public var feed: String
  /// What the feed's entries are when the feed does not say (`nil`: unknown).
  public var itemKind: ItemKind?

  /// The charts tunes knows by name: the feed, its title and the kind of its entries.
  static let known: [(feed: String, title: String, kind: ItemKind)] = [
    ("topsongs", "Top Songs", .song),
    ("topalbums", "Top Albums", .album),
    ("topmusicvideos", "Top Music Videos", .musicVideo),
    ("toppodcasts", "Top Podcasts", .podcast),
    ("topfreeapplications", "Top Free Apps", .software),
    ("toppaidapplications", "Top Paid Apps", .software),
    ("topgrossingapplications", "Top Grossing Apps", .software),
    ("topfreeipadapplications", "Top Free iPad Apps", .software),
    ("toppaidipadapplications", "Top Paid iPad Apps", .software),
    ("topgrossingipadapplications", "Top Grossing iPad Apps", .software),
    ("newapplications", "New Apps", .software),
    ("newfreeapplications", "New Free Apps", .software),
    ("newpaidapplications", "New Paid Apps", .software),
    ("topfreemacapps", "Top Free Mac Apps", .macSoftware),
    ("toppaidmacapps", "Top Paid Mac Apps", .macSoftware),
    ("topgrossingmacapps", "Top Grossing Mac Apps", .macSoftware),
    ("topfreeebooks", "Top Free Books", .ebook),
    ("toppaidebooks", "Top Paid Books", .ebook),
    ("topaudiobooks", "Top Audiobooks", .audiobook),
    ("topmovies", "Top Movies", .featureMovie),
    ("topvideorentals", "Top Movie Rentals", .featureMovie),
    ("toptvepisodes", "Top TV Episodes", .tvEpisode),
    ("toptvseasons", "Top TV Seasons", .tvSeason),
  ]

  /// A chart of feed `feed` (any case).
  ///
  /// - Returns: `nil` when the name is empty, longer than 64 characters or holds anything but
  ///   ASCII letters (it becomes a path segment).
  public init?(feed: String) {
    let lower = feed.lowercased()
    guard !lower.isEmpty, lower.count <= 64,
      lower.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
    else { return nil }
    self.feed = lower
    self.itemKind = Self.known.first { $0.feed == lower }?.kind
  }

  /// The chart named by one of the genre service's `rssUrls`: the URL's `/rss/{feed}/` part,
  /// else the key (`topAlbums`).
  public init?(_ genreFeed: GenreFeed) {
    let parts = genreFeed.urlText.split(separator: "/")
    if let rss = parts.firstIndex(of: "rss"), rss + 1 < parts.count,
      let chart = GenreChart(feed: String(parts[rss + 1]))
    {
      self = chart
    } else if let chart = GenreChart(feed: genreFeed.name) {
      self = chart
    } else {
      return nil
    }
  }

  /// The chart's title: "Top Songs", "Top Movies"; an unknown feed's name spelled out
  /// (`topwidgets` → "Topwidgets").
  public var title: String {
    if let known = Self.known.first(where: { $0.feed == feed }) { return known.title }
    return feed.prefix(1).uppercased() + feed.dropFirst()
  }

  /// The place of a known chart in `known` (unknown ones last), for a stable order.
  var rank: Int { Self.known.firstIndex { $0.feed == feed } ?? Self.known.count }

  /// The charts of `genre`: the feeds its `rssUrls` name, known ones first in tunes' order
  /// (songs before albums …), each feed once; when it names none, the medium's defaults.
  public static func charts(of genre: Genre, medium: GenreMedium?) -> [GenreChart] {
    var seen: Set<String> = []
    let listed = genre.feeds.compactMap(GenreChart.init).filter { seen.insert($0.feed).inserted }
    if listed.isEmpty { return medium?.charts ?? [] }
    return listed.enumerated().sorted {
      ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset)
    }
    .map(\.element)
  }

  /// The legacy feed of this chart for genre `genre`:
  /// `/{cc}/rss/{feed}/limit={n}/genre={g}/json` on `itunes.apple.com`.
  ///
  /// - Throws: `CatalogError.invalidValue` for a country that is not an ISO 3166-1 code,
  ///   `.outOfRange` for a limit outside 1–100 or a genre id below 1.
  public func request(genre: Int, country: String? = nil, limit: Int = ChartQuery.defaultLimit)
    throws(CatalogError) -> FeedRequest
  {
    var code = Country.appleDefault
    if let country {
      guard let normalized = Country.normalized(country) else {
        throw .invalidValue(parameter: "country", value: country, allowed: Country.codes.sorted())
      }
      code = normalized.lowercased()
    }
    guard (1...ChartQuery.maximumLimit).contains(limit) else {
      throw .outOfRange(parameter: "limit", value: limit, range: 1...ChartQuery.maximumLimit)
    }
    guard genre >= 1 else {
      throw .outOfRange(parameter: "genre", value: genre, range: 1...Int(Int32.max))
    }
    return FeedRequest(
      host: .itunes, path: "/\(code)/rss/\(feed)/limit=\(limit)/genre=\(genre)/json",
      document: .chart(expected: itemKind))
  }
}

/// A medium of the store whose genres can be browsed: its name (as `tunes genres` takes it),
/// its top genre id, its title and the charts a genre of it has when the service lists none.
public struct GenreMedium: Hashable, Sendable, Identifiable {
  /// The name `tunes genres` takes, e.g. `music-videos`.
  public var name: String
  /// The medium's top genre id, e.g. 34 for music.
  public var id: Int
  /// The title shown, e.g. "Music Videos".
  public var title: String
  /// The charts a genre of this medium has when the genre service names none.
  public var charts: [GenreChart]

  /// Every medium, in `GenreQuery.media`'s order.
  public static let all: [GenreMedium] = GenreQuery.media.map { medium in
    let (title, feeds): (String, [String]) =
      switch medium.name {
      case "music": ("Music", ["topsongs", "topalbums"])
      case "podcasts": ("Podcasts", ["toppodcasts"])
      case "apps": ("Apps", ["topfreeapplications", "toppaidapplications"])
      case "books": ("Books", ["topfreeebooks", "toppaidebooks"])
      case "movies": ("Movies", ["topmovies"])
      case "tv": ("TV", ["toptvepisodes", "toptvseasons"])
      case "music-videos": ("Music Videos", ["topmusicvideos"])
      case "audiobooks": ("Audiobooks", ["topaudiobooks"])
      default: (medium.name.capitalized, [])
      }
    return GenreMedium(
      name: medium.name, id: medium.id, title: title, charts: feeds.compactMap(GenreChart.init))
  }

  /// Makes a medium.
  public init(name: String, id: Int, title: String, charts: [GenreChart]) {
    self.name = name
    self.id = id
    self.title = title
    self.charts = charts
  }

  /// The medium whose top genre is `id`, if any.
  public static func withRoot(_ id: Int) -> GenreMedium? { all.first { $0.id == id } }
}
