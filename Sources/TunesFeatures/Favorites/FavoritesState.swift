import ITunesCatalog

/// The favourites screen: a window of rows around the selection, read from storage (works
/// offline) in the listing's order and filter, the counts by kind, and the row removed last
/// (until it is put back or another goes).
public struct FavoritesState: Equatable, Sendable {
  /// Which favourites, in which order.
  public var listing: FavoritesListing
  /// The rows read: those around the selection, never the whole list.
  public var window: FavoritesWindow
  /// Whether a window was read for the listing yet, is on its way, or failed.
  public var phase: Loadable<Int>
  /// The favourites matching the filter text, by kind (largest first).
  public var counts: [FavoriteKindCount]
  /// The request whose answer the screen waits for; older answers are dropped.
  public var generation: Int
  /// The selected row's index in the whole listing.
  public var selection: Int
  /// The first row shown; it moves only as far as keeping the selection in view needs.
  public var offset: Int
  /// The filter text being typed (`f`), with its cursor; `nil` when not typing.
  public var filterEdit: QueryText?
  /// The row `*` removed last: `u` puts it back.
  public var removed: FavoriteRow?

  /// Makes a favourites screen.
  public init(
    listing: FavoritesListing = FavoritesListing(),
    window: FavoritesWindow = .init(start: 0, rows: []),
    phase: Loadable<Int> = .idle, counts: [FavoriteKindCount] = [], generation: Int = 0,
    selection: Int = 0, offset: Int = 0, filterEdit: QueryText? = nil, removed: FavoriteRow? = nil
  ) {
    self.listing = listing
    self.window = window
    self.phase = phase
    self.counts = counts
    self.generation = generation
    self.selection = selection
    self.offset = offset
    self.filterEdit = filterEdit
    self.removed = removed
  }

  /// A screen showing `items` (all of them, newest first) as loaded: for tests and previews.
  public static func showing(_ items: [CatalogItem], selection: Int = 0) -> FavoritesState {
    let window = FavoritesClient.window(
      of: FavoritesClient.rows(items),
      FavoritesWindowRequest(
        listing: FavoritesListing(), seek: .offset(0), start: 0, limit: items.count,
        counts: true))
    return FavoritesState(
      window: FavoritesWindow(start: 0, rows: window.rows), phase: .loaded(items.count),
      counts: window.counts ?? [], selection: selection)
  }

  /// How many favourites the listing holds (its kind's count, or every kind's), once read.
  public var total: Int {
    if let kind = listing.kind { return counts.first { $0.kind == kind }?.count ?? 0 }
    return counts.reduce(0) { $0 + $1.count }
  }

  /// Every favourite, whatever the filter (the counts are for the filter text: this is with it).
  public var matchingText: Int { counts.reduce(0) { $0 + $1.count } }

  /// The selected row, if the window holds it.
  public var selectedRow: FavoriteRow? { window.row(at: selection) }

  /// The selected item, if the window holds it.
  public var selectedItem: CatalogItem? { selectedRow?.item }

  /// Whether the first window of the listing is still on its way.
  public var isLoading: Bool { phase.isLoading && window.rows.isEmpty }
}
