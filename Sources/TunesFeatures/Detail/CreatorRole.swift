import ITunesCatalog

/// Who a creator's page (`A`) is for: a music artist, a book author, a TV show, an app's
/// developer, a film maker or a podcaster. Each has its own heading and its own kinds of works,
/// as Apple's lookup relates them (`lookup?id=AUTHOR&entity=ebook` for an author's books).
public enum CreatorRole: Equatable, Sendable {
  /// A music artist: top songs and albums.
  case artist
  /// A book author (or narrator): books and audiobooks.
  case author
  /// A TV show: its seasons and episodes.
  case show
  /// An app's developer: their apps.
  case developer
  /// A film maker or studio: their movies.
  case movieArtist
  /// A podcast's host: their podcasts.
  case podcaster

  /// The role of whoever made an item of `kind`.
  public init(creatorOf kind: ItemKind) {
    switch kind {
    case .ebook, .audiobook: self = .author
    case .tvEpisode, .tvSeason: self = .show
    case .software, .macSoftware: self = .developer
    case .featureMovie: self = .movieArtist
    case .podcast, .podcastEpisode: self = .podcaster
    default: self = .artist
    }
  }

  /// The role an artist record names (`artistType`: `Author`, `TV Show`, `Software Artist`,
  /// `Movie Artist`, `Podcast Artist`; anything else is a music artist).
  public init(artistType: String?) {
    switch artistType?.lowercased() {
    case "author"?, "audiobook author"?, "narrator"?: self = .author
    case "tv show"?: self = .show
    case "software artist"?, "developer"?: self = .developer
    case "movie artist"?, "studio"?: self = .movieArtist
    case "podcast artist"?: self = .podcaster
    default: self = .artist
    }
  }

  /// The role of a creator page for `item` (an artist record), from its `artistType`.
  public init(page item: CatalogItem) {
    self.init(artistType: item.artistType)
  }

  /// Apple's `artistType` for the role (what a page made before its lookup carries).
  public var artistType: String {
    switch self {
    case .artist: return "Artist"
    case .author: return "Author"
    case .show: return "TV Show"
    case .developer: return "Software Artist"
    case .movieArtist: return "Movie Artist"
    case .podcaster: return "Podcast Artist"
    }
  }

  /// The page's badge and the kind the author block names: `Artist`, `Author`, `Show`,
  /// `Developer`, `Film maker`, `Podcaster`.
  public var title: String {
    switch self {
    case .artist: return "Artist"
    case .author: return "Author"
    case .show: return "Show"
    case .developer: return "Developer"
    case .movieArtist: return "Film maker"
    case .podcaster: return "Podcaster"
    }
  }

  /// The entity of the works shown as tiles: albums, books, seasons, apps, movies, podcasts.
  public var worksEntity: String {
    switch self {
    case .artist: return "album"
    case .author: return "ebook"
    case .show: return "tvSeason"
    case .developer: return "software"
    case .movieArtist: return "movie"
    case .podcaster: return "podcast"
    }
  }

  /// The kinds of items the works tiles keep (Apple mixes others in).
  public func isWork(_ kind: ItemKind) -> Bool {
    switch self {
    case .artist: return kind == .album
    case .author: return kind == .ebook
    case .show: return kind == .tvSeason
    case .developer: return kind == .software || kind == .macSoftware
    case .movieArtist: return kind == .featureMovie
    case .podcaster: return kind == .podcast
    }
  }

  /// The heading of the works tiles: `Albums`, `Books`, `Seasons`, `Apps`, `Movies`,
  /// `Podcasts`.
  public var worksTitle: String {
    switch self {
    case .artist: return "Albums"
    case .author: return "Books"
    case .show: return "Seasons"
    case .developer: return "Apps"
    case .movieArtist: return "Movies"
    case .podcaster: return "Podcasts"
    }
  }

  /// The entity of the list under the header (top songs, audiobooks, episodes); `nil` for roles
  /// with only tiles.
  public var listEntity: String? {
    switch self {
    case .artist: return "song"
    case .author: return "audiobook"
    case .show: return "tvEpisode"
    case .developer, .movieArtist, .podcaster: return nil
    }
  }

  /// The kinds the list keeps: songs only on an artist's top songs (Apple's answer may carry
  /// albums and music videos too).
  public func isListed(_ kind: ItemKind) -> Bool {
    switch self {
    case .artist: return kind == .song
    case .author: return kind == .audiobook
    case .show: return kind == .tvEpisode
    case .developer, .movieArtist, .podcaster: return false
    }
  }

  /// The heading of the list: `Top songs`, `Audiobooks`, `Episodes`.
  public var listTitle: String {
    switch self {
    case .artist: return "Top songs"
    case .author: return "Audiobooks"
    case .show: return "Episodes"
    case .developer, .movieArtist, .podcaster: return "Works"
    }
  }

  /// The most items the list shows: ten top songs, twenty audiobooks or episodes.
  public var listLimit: Int { self == .artist ? 10 : 20 }

  /// What the page says when Apple lists none of the works in this storefront.
  public func noWorks(_ title: String, by name: String) -> String {
    "Apple lists no \(title.lowercased()) by \(name) in this storefront."
  }
}
