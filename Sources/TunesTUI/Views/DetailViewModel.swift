import ITunesCatalog
import TunesFeatures

/// Everything the detail screen draws, in plain values.
package struct DetailViewModel: Sendable {
  /// What the tile had (drawn at once).
  package var item: CatalogItem
  /// The full lookup; its item replaces `item` when loaded. `nil` when not asked for. A block
  /// is `.loaded` whenever it has something to show (a previous value while reloading), else
  /// `.loading` or `.failed` with nothing previous.
  package var details: Loadable<CatalogItem>?
  /// Tracks of an album or latest episodes of a podcast; `nil` when not applicable.
  package var tracks: Loadable<[CatalogItem]>?
  /// The author block; `nil` when the item has no author id.
  package var author: Loadable<AuthorBlock>?
  /// The highlighted one of the author's works.
  package var focusedWork: Int?
  /// Whether the item is a favourite.
  package var isFavorite: Bool
  /// The spinner frame for blocks that are loading.
  package var spinner: String
  /// Lines scrolled off the top.
  package var scroll: Int
  /// The item's preview while it plays (a progress bar under the title block), else `nil`.
  package var playback: PlaybackState?
  /// Why the item's preview failed, shown where the progress bar was (until the next preview).
  package var playbackError: String?
  /// Artwork on or off, the cell size, and what is ready.
  package var artwork: ArtworkState
  /// Whether an app's version notes are shown whole.
  package var notesExpanded = false
  /// The first screenshot an app's strip shows.
  package var screenshotStart = 0
  /// The picked track or episode, if any.
  package var selectedTrack: Int?
  /// What plays anywhere in the app (tracks that play are marked ▶), and where episodes were
  /// left.
  package var player = PlaybackState()
  /// The document's visible height (0 when unknown): on a small screen the header's artwork
  /// is left out when the title block and the first facts would not fit beside it.
  package var viewportRows = 0
  /// The versions and prices the watch saw (`nil`: it saw nothing; not drawn).
  package var seen: Loadable<[SeenState]>?
  /// The item in other storefronts (`nil`: not asked for; not drawn).
  package var storefronts: Loadable<[StorefrontAnswer]>?
  /// The storefront the page is for (`US`), which the history is of.
  package var storefrontCountry = "US"
  /// Whether the item has a preview to play (the `p` hint).
  package var hasPreview: Bool { shownItem.previewURLText != nil }

  /// Creates a model.
  package init(
    item: CatalogItem, details: Loadable<CatalogItem>? = nil,
    tracks: Loadable<[CatalogItem]>? = nil, author: Loadable<AuthorBlock>? = nil,
    focusedWork: Int? = nil, isFavorite: Bool = false, spinner: String = "⠋", scroll: Int = 0,
    playback: PlaybackState? = nil, playbackError: String? = nil,
    artwork: ArtworkState = ArtworkState()
  ) {
    self.artwork = artwork
    self.item = item
    self.details = details
    self.tracks = tracks
    self.author = author
    self.focusedWork = focusedWork
    self.isFavorite = isFavorite
    self.spinner = spinner
    self.scroll = scroll
    self.playback = playback
    self.playbackError = playbackError
  }

  /// The item to draw: the full lookup when it has arrived, else the tile's.
  package var shownItem: CatalogItem { details?.value ?? item }

  /// The tracks block's note: the count, and on an album the total length (`12 · 43:09`) when
  /// every track has one.
  package func tracksNote(_ items: [CatalogItem]) -> String {
    guard item.kind == .album, !items.isEmpty else { return String(items.count) }
    let lengths = items.compactMap(\.durationMillis)
    guard lengths.count == items.count else { return String(items.count) }
    return "\(items.count) · " + DurationText.format(milliseconds: lengths.reduce(0, +))
  }

  /// Who the page is for, on a creator's page (an artist, an author, a show, a developer).
  package var role: CreatorRole { CreatorRole(page: item) }

  /// The kind's badge: a creator's page names its role (`Author`, `Show`, `Developer`).
  package var badge: String { item.kind == .artist ? role.title : item.kind.displayName }

  /// Whether the item is an app (its page lists the developer's other apps).
  package var isApp: Bool { item.kind == .software || item.kind == .macSoftware }

  /// The heading of the tracks block for the item's kind.
  package var tracksTitle: String {
    switch item.kind {
    case .podcast: return "Latest episodes"
    case .artist: return role.listTitle
    case .tvSeason: return "Episodes"
    case .other(let raw) where raw == DetailLookups.movieCollectionKind: return "Movies"
    default: return "Tracks"
    }
  }
}
