import ITunesCatalog

/// The lookups a detail screen makes, and how their answers become blocks.
public enum DetailLookups {
  /// The full lookup by id; `nil` for kinds Apple cannot look up by id (podcast episodes).
  public static func details(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard item.kind != .podcastEpisode, item.id > 0 else { return nil }
    return try? LookupQuery(key: .ids([item.id]), country: country)
  }

  /// The tracks of an album (`entity=song`) or the latest episodes of a podcast
  /// (`entity=podcastEpisode`, 10, most recent first); `nil` for other kinds.
  public static func tracks(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard item.id > 0 else { return nil }
    switch item.kind {
    case .album:
      return try? LookupQuery(key: .ids([item.id]), entity: "song", country: country)
    case .podcast:
      return try? LookupQuery(
        key: .ids([item.id]), entity: "podcastEpisode", limit: 10, sort: .recent, country: country)
    case .artist:
      // An artist's page: their songs (Apple answers the artist, then the songs).
      return try? LookupQuery(key: .ids([item.id]), entity: "song", limit: 10, country: country)
    default:
      return nil
    }
  }

  /// The entity of the author's other works for a kind: album for songs and albums, movie for
  /// movies, podcast for podcasts, software for apps, ebook for books, audiobook for audiobooks.
  public static func authorEntity(for kind: ItemKind) -> String? {
    switch kind {
    case .song, .album, .artist: return "album"
    case .musicVideo: return "musicVideo"
    case .featureMovie: return "movie"
    case .podcast, .podcastEpisode: return "podcast"
    case .software: return "software"
    case .macSoftware: return "macSoftware"
    case .ebook: return "ebook"
    case .audiobook: return "audiobook"
    case .tvEpisode, .tvSeason: return "tvSeason"
    case .other: return nil
    }
  }

  /// How many albums an artist page lists (newest first, in rows of five tiles).
  public static let artistAlbumLimit = 20
  /// How many of the developer's other apps an app page lists (in rows of five tiles).
  public static let developerAppLimit = 10

  /// How many other works the author block of `kind` lists: 20 albums on an artist page, 10
  /// apps on an app page, else 5.
  public static func worksLimit(for kind: ItemKind) -> Int {
    switch kind {
    case .artist: return artistAlbumLimit
    case .software, .macSoftware: return developerAppLimit
    default: return 5
    }
  }

  /// `LookupQuery(key: .ids([authorID]), entity: <for the kind>, limit: 6)`: the author and five
  /// works; `nil` when the item has no author id or the kind has no works entity.
  /// An artist is their own author: the artist page lists up to `artistAlbumLimit` albums
  /// (`limit` one more, for the artist's own record). An app page asks for the developer and
  /// `developerAppLimit` + 1 apps (the app itself is among them and left out).
  public static func author(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard let authorID = item.authorID ?? (item.kind == .artist ? item.id : nil), authorID > 0,
      let entity = authorEntity(for: item.kind)
    else { return nil }
    let limit: Int
    switch item.kind {
    case .artist: limit = artistAlbumLimit + 1
    case .software, .macSoftware: limit = developerAppLimit + 1
    default: limit = 6
    }
    return try? LookupQuery(key: .ids([authorID]), entity: entity, limit: limit, country: country)
  }

  /// The artist page of an item's author: an artist record made of what the item knows (id,
  /// name, store link), filled in by the page's lookup by id; `nil` without an author id.
  public static func artistItem(for item: CatalogItem) -> CatalogItem? {
    guard let authorID = item.authorID, authorID > 0 else { return nil }
    var artist = CatalogItem(id: authorID, kind: .artist, title: item.author ?? "Artist")
    artist.storeURLText = item.authorURLText
    artist.country = item.country
    return artist
  }

  /// The album page of a song or music video: an album record made of what the track knows
  /// (collection id and name, artist, artwork), filled in by the page's lookup by id; `nil`
  /// without a collection id.
  public static func albumItem(for item: CatalogItem) -> CatalogItem? {
    guard item.kind == .song || item.kind == .musicVideo, let collectionID = item.collectionID,
      collectionID > 0
    else { return nil }
    var album = CatalogItem(id: collectionID, kind: .album, title: item.collection ?? "Album")
    album.author = item.author
    album.authorID = item.authorID
    album.authorURLText = item.authorURLText
    album.artworkText = item.artworkText
    album.trackCount = item.trackCount
    album.country = item.country
    return album
  }

  /// The item's own record in a lookup answer; `nil` when it is not there.
  public static func detailsItem(in page: CatalogPage, for item: CatalogItem) -> CatalogItem? {
    page.items.first { $0.id == item.id }
  }

  /// The tracks or episodes in a lookup answer (without the collection's own record); a
  /// podcast's episodes newest first (undated ones last, in Apple's order).
  public static func trackItems(in page: CatalogPage, for item: CatalogItem) -> [CatalogItem] {
    let items = page.items.filter { $0.id != item.id }
    return item.kind == .podcast ? newestFirst(items) : items
  }

  /// `items` by release date, newest first; undated ones keep their order, after the dated.
  public static func newestFirst(_ items: [CatalogItem]) -> [CatalogItem] {
    items.enumerated().sorted { a, b in
      switch (a.element.releaseDate, b.element.releaseDate) {
      case (let x?, let y?) where x != y: return x > y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.offset < b.offset
      }
    }.map(\.element)
  }

  /// The author block of a lookup answer: the author's record and up to five works, excluding the
  /// author record and the item itself; `nil` when neither is there. On an artist page: up to
  /// `artistAlbumLimit` albums, newest first; on an app page up to `developerAppLimit` apps.
  public static func authorBlock(in page: CatalogPage, for item: CatalogItem) -> AuthorBlock? {
    let authorID = item.authorID ?? (item.kind == .artist ? item.id : nil)
    let author = page.items.first { $0.id == authorID && $0.kind == .artist }
    let works = page.items.filter { $0.id != authorID && $0.id != item.id }
    guard author != nil || !works.isEmpty else { return nil }
    if item.kind == .artist {
      return AuthorBlock(author: author, works: Array(newestFirst(works).prefix(artistAlbumLimit)))
    }
    return AuthorBlock(author: author, works: Array(works.prefix(worksLimit(for: item.kind))))
  }
}
