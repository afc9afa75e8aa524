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

  /// `LookupQuery(key: .ids([authorID]), entity: <for the kind>, limit: 6)`: the author and five
  /// works; `nil` when the item has no author id or the kind has no works entity.
  /// An artist is their own author: the block lists their albums.
  public static func author(for item: CatalogItem, country: String? = nil) -> LookupQuery? {
    guard let authorID = item.authorID ?? (item.kind == .artist ? item.id : nil), authorID > 0,
      let entity = authorEntity(for: item.kind)
    else { return nil }
    return try? LookupQuery(key: .ids([authorID]), entity: entity, limit: 6, country: country)
  }

  /// The item's own record in a lookup answer; `nil` when it is not there.
  public static func detailsItem(in page: CatalogPage, for item: CatalogItem) -> CatalogItem? {
    page.items.first { $0.id == item.id }
  }

  /// The tracks or episodes in a lookup answer (without the collection's own record).
  public static func trackItems(in page: CatalogPage, for item: CatalogItem) -> [CatalogItem] {
    page.items.filter { $0.id != item.id }
  }

  /// The author block of a lookup answer: the author's record and up to five works, excluding the
  /// author record and the item itself; `nil` when neither is there.
  public static func authorBlock(in page: CatalogPage, for item: CatalogItem) -> AuthorBlock? {
    let authorID = item.authorID ?? (item.kind == .artist ? item.id : nil)
    let author = page.items.first { $0.id == authorID && $0.kind == .artist }
    let works = page.items.filter { $0.id != authorID && $0.id != item.id }
    guard author != nil || !works.isEmpty else { return nil }
    return AuthorBlock(author: author, works: Array(works.prefix(5)))
  }
}
