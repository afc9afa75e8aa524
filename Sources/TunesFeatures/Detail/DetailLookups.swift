import ITunesCatalog

/// The lookups a detail screen makes, and how their answers become blocks.
public enum DetailLookups {
  /// The full lookup by id; `nil` for kinds Apple cannot look up by id (podcast episodes).
  public static func details(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard item.kind != .podcastEpisode, item.id > 0 else { return nil }
    return try? LookupQuery(key: .ids([item.id]), country: country)
  }

  /// The tracks of an album (`entity=song`), the episodes of a TV season (`entity=tvEpisode`),
  /// the movies of a movie collection (`entity=movie`) or the latest episodes of a podcast
  /// (`entity=podcastEpisode`, 10, most recent first); on a creator's page the list its role
  /// shows (an artist's top songs, an author's audiobooks, a show's episodes); `nil` for other
  /// kinds.
  public static func tracks(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard item.id > 0 else { return nil }
    switch item.kind {
    case .album:
      return try? LookupQuery(key: .ids([item.id]), entity: "song", country: country)
    case .tvSeason:
      return try? LookupQuery(key: .ids([item.id]), entity: "tvEpisode", country: country)
    case .other(let raw) where raw == movieCollectionKind:
      return try? LookupQuery(key: .ids([item.id]), entity: "movie", country: country)
    case .podcast:
      return try? LookupQuery(
        key: .ids([item.id]), entity: "podcastEpisode", limit: 10, sort: .recent, country: country)
    case .artist:
      // A creator's page: the list its role shows (Apple answers the creator, then the list).
      let role = CreatorRole(page: item)
      guard let entity = role.listEntity else { return nil }
      return try? LookupQuery(
        key: .ids([item.id]), entity: entity, limit: role.listLimit, country: country)
    default:
      return nil
    }
  }

  /// The kind of a movie collection's page (Apple's bundles such as "4 Film Favorites"), which
  /// `c` opens from one of its movies.
  public static let movieCollectionKind = "movie-collection"

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
  /// A creator's page asks for the works its role shows (an author's books, a show's seasons,
  /// a developer's apps).
  public static func author(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    let entity =
      item.kind == .artist ? CreatorRole(page: item).worksEntity : authorEntity(for: item.kind)
    guard let authorID = creatorID(of: item), authorID > 0, let entity else { return nil }
    let limit: Int
    switch item.kind {
    case .artist: limit = artistAlbumLimit + 1
    case .software, .macSoftware: limit = developerAppLimit + 1
    default: limit = 6
    }
    return try? LookupQuery(key: .ids([authorID]), entity: entity, limit: limit, country: country)
  }

  /// Whose works the author block lists: the item's author; an artist's own id on their page;
  /// a movie without an `artistId` its collection's artist (`collectionArtistId`, the studio).
  public static func creatorID(of item: CatalogItem) -> Int64? {
    if let authorID = item.authorID { return authorID }
    switch item.kind {
    case .artist: return item.id
    case .featureMovie: return item.collectionArtistID
    default: return nil
    }
  }

  /// The creator page of an item's author: an artist record made of what the item knows (id,
  /// name, store link, and the role: a book's author, an episode's show, an app's developer),
  /// filled in by the page's lookup by id; `nil` without an author id.
  public static func artistItem(for item: CatalogItem) -> CatalogItem? {
    guard let authorID = item.authorID, authorID > 0 else { return nil }
    let role = CreatorRole(creatorOf: item.kind)
    var artist = CatalogItem(id: authorID, kind: .artist, title: item.author ?? role.title)
    artist.storeURLText = item.authorURLText
    artist.country = item.country
    // A music artist is the default: only another role is written down.
    if role != .artist { artist.artistType = role.artistType }
    return artist
  }

  /// The collection page of an item (`c`): a song's or music video's album, a TV episode's
  /// season, a movie's collection — a record made of what the item knows (collection id and
  /// name, artist, artwork), filled in by the page's lookup by id; `nil` without a collection id.
  public static func albumItem(for item: CatalogItem) -> CatalogItem? {
    let kind: ItemKind
    switch item.kind {
    case .song, .musicVideo: kind = .album
    case .tvEpisode: kind = .tvSeason
    case .featureMovie: kind = .other(movieCollectionKind)
    default: return nil
    }
    guard let collectionID = item.collectionID, collectionID > 0, collectionID != item.id else {
      return nil
    }
    let fallback = kind == .album ? "Album" : kind == .tvSeason ? "Season" : "Collection"
    var album = CatalogItem(id: collectionID, kind: kind, title: item.collection ?? fallback)
    if kind != .other(movieCollectionKind) {
      // A movie's director is not its collection's author.
      album.author = item.author
      album.authorID = item.authorID
      album.authorURLText = item.authorURLText
    }
    album.artworkText = item.artworkText
    album.trackCount = kind == .album ? item.trackCount : nil
    album.country = item.country
    return album
  }

  /// The item's own record in a lookup answer; `nil` when it is not there.
  public static func detailsItem(in page: CatalogPage, for item: CatalogItem) -> CatalogItem? {
    page.items.first { $0.id == item.id }
  }

  /// The tracks or episodes in a lookup answer (without the collection's own record); a
  /// podcast's episodes newest first (undated ones last, in Apple's order).
  /// A creator's page keeps what its role lists: an artist's top songs are songs only (Apple
  /// mixes in albums and music videos), ten at most.
  public static func trackItems(in page: CatalogPage, for item: CatalogItem) -> [CatalogItem] {
    let items = page.items.filter { $0.id != item.id }
    switch item.kind {
    case .podcast: return newestFirst(items)
    case .artist:
      let role = CreatorRole(page: item)
      return Array(items.filter { role.isListed($0.kind) }.prefix(role.listLimit))
    default: return items
    }
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
  /// author record and the item itself; `nil` when neither is there and the item has no link to
  /// its author either (with the link, the block stays: name, kind and link). On a creator's
  /// page: up to `artistAlbumLimit` works of its role, newest first, and an empty block (the
  /// page says there are none) when Apple lists none; on an app page up to `developerAppLimit`
  /// apps.
  public static func authorBlock(in page: CatalogPage, for item: CatalogItem) -> AuthorBlock? {
    let authorID = creatorID(of: item)
    let author = page.items.first { $0.id == authorID && $0.kind == .artist }
    let works = page.items.filter { $0.id != authorID && $0.id != item.id }
    if item.kind == .artist {
      let role = CreatorRole(page: item)
      let kept = works.filter { role.isWork($0.kind) }
      return AuthorBlock(author: author, works: Array(newestFirst(kept).prefix(artistAlbumLimit)))
    }
    guard author != nil || !works.isEmpty || FactText.text(item.authorURLText) != nil else {
      return nil
    }
    return AuthorBlock(author: author, works: Array(works.prefix(worksLimit(for: item.kind))))
  }
}
