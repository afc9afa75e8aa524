/// The charts tunes shows and `tunes charts` prints: each one Apple feed, v2 where Apple has it.
public enum ChartKind: String, CaseIterable, Hashable, Sendable {
  case songs, albums, podcasts
  case freeApps = "free-apps"
  case paidApps = "paid-apps"
  case freeBooks = "free-books"
  case audiobooks

  /// The chart's title: "Top Songs", "Top Free Apps" …
  public var title: String {
    switch self {
    case .songs: return "Top Songs"
    case .albums: return "Top Albums"
    case .podcasts: return "Top Podcasts"
    case .freeApps: return "Top Free Apps"
    case .paidApps: return "Top Paid Apps"
    case .freeBooks: return "Top Free Books"
    case .audiobooks: return "Top Audiobooks"
    }
  }

  /// The kind of the chart's entries.
  public var itemKind: ItemKind {
    switch self {
    case .songs: return .song
    case .albums: return .album
    case .podcasts: return .podcast
    case .freeApps, .paidApps: return .software
    case .freeBooks: return .ebook
    case .audiobooks: return .audiobook
    }
  }

  /// The v2 feed's `media`, `chart` and `type` path parts; `nil` where v2 has no such chart
  /// (every chart tunes shows has one today; a genre always needs the legacy feed).
  public var v2Path: (media: String, chart: String, type: String)? {
    switch self {
    case .songs: return ("music", "most-played", "songs")
    case .albums: return ("music", "most-played", "albums")
    case .podcasts: return ("podcasts", "top", "podcasts")
    case .freeApps: return ("apps", "top-free", "apps")
    case .paidApps: return ("apps", "top-paid", "apps")
    case .freeBooks: return ("books", "top-free", "books")
    case .audiobooks: return ("audio-books", "top", "audio-books")
    }
  }

  /// The legacy feed's name, e.g. `topsongs` (used with a genre, and where v2 has no chart).
  public var legacyFeed: String {
    switch self {
    case .songs: return "topsongs"
    case .albums: return "topalbums"
    case .podcasts: return "toppodcasts"
    case .freeApps: return "topfreeapplications"
    case .paidApps: return "toppaidapplications"
    case .freeBooks: return "topfreeebooks"
    case .audiobooks: return "topaudiobooks"
    }
  }

  /// The chart whose legacy feed is named `feed` (any case), if tunes knows it.
  public init?(legacyFeed feed: String) {
    let lower = feed.lowercased()
    guard let kind = Self.allCases.first(where: { $0.legacyFeed == lower }) else { return nil }
    self = kind
  }

  /// The medium's top genre id: music 34, podcasts 26, apps 36, books 38, audiobooks 50000024.
  public var rootGenre: Int {
    switch self {
    case .songs, .albums: return 34
    case .podcasts: return 26
    case .freeApps, .paidApps: return 36
    case .freeBooks: return 38
    case .audiobooks: return 50_000_024
    }
  }
}
