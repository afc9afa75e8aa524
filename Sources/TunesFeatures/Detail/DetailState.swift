import ITunesCatalog

/// A detail screen: the item at once, then details, tracks and the author block as they load.
public struct DetailState: Equatable, Sendable {
  /// The item as the tile had it, drawn at once.
  public var item: CatalogItem
  /// The full lookup by id.
  public var details: Loadable<CatalogItem>
  /// Tracks of an album or latest episodes of a podcast; `nil` when the kind has none.
  public var tracks: Loadable<[CatalogItem]>?
  /// The author and five other works; `nil` when there is no author or nothing came back.
  public var author: Loadable<AuthorBlock>?
  /// Lines scrolled down.
  public var scroll: Int
  /// The focused one of the author's works, if any.
  public var focusedWork: Int?
  /// Whether an app's version notes are shown whole (`m`), not cut after a few lines.
  public var notesExpanded = false
  /// The first screenshot an app's strip shows (`[` `]` page it).
  public var screenshotStart = 0
  /// The picked track or episode (index into the loaded tracks), if any.
  public var selectedTrack: Int?
  /// The track to pick once the tracks load (an album opened from one of its songs).
  public var pendingTrackID: Int64?
  /// The versions and prices the watch saw of the item in the storefront; `nil` when it saw
  /// nothing (the block is not drawn).
  public var seen: Loadable<[SeenState]>? = nil
  /// The item in other storefronts (`w`); `nil` until asked for.
  public var storefronts: Loadable<[StorefrontAnswer]>? = nil

  /// Makes a detail screen for `item` with nothing loaded.
  public init(
    item: CatalogItem, details: Loadable<CatalogItem> = .idle,
    tracks: Loadable<[CatalogItem]>? = nil, author: Loadable<AuthorBlock>? = nil, scroll: Int = 0,
    focusedWork: Int? = nil
  ) {
    self.item = item
    self.details = details
    self.tracks = tracks
    self.author = author
    self.scroll = scroll
    self.focusedWork = focusedWork
  }

  /// The best data about the item: the full lookup when it has arrived, else the tile's.
  public var shownItem: CatalogItem { details.value ?? item }

  /// The loaded tracks or episodes (empty while they load or when there are none).
  public var trackItems: [CatalogItem] { tracks?.value ?? [] }

  /// The picked track or episode, if any.
  public var selectedTrackItem: CatalogItem? {
    let items = trackItems
    return selectedTrack.flatMap { items.indices.contains($0) ? items[$0] : nil }
  }
}

/// The author block: the author's record (name, genre, link) and up to five other works.
public struct AuthorBlock: Equatable, Sendable {
  /// The author's own record, when the lookup returned it.
  public var author: CatalogItem?
  /// Up to five other works (never the item itself nor the author record).
  public var works: [CatalogItem]

  /// Makes an author block.
  public init(author: CatalogItem?, works: [CatalogItem]) {
    self.author = author
    self.works = works
  }
}
