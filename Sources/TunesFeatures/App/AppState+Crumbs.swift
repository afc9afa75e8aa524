import ITunesCatalog

extension AppState {
  /// The header's breadcrumbs for the screen shown: the way it was reached (the screens below
  /// it on the stack, each by its name: "Genres › Blues", "Favourites", an item's title), then
  /// the screen's own ("Song › Better Together"). A crumb equal to the one before it is shown
  /// once (a genre's charts under the genre itself: "Blues", not "Blues › Blues").
  public var crumbs: [String] {
    guard let top = stack.last else { return [] }
    var crumbs: [String] = []
    for route in stack.dropLast() {
      switch route {
      case .detail(let detail): crumbs.append(detail.shownItem.title)
      case .favorites: crumbs.append("Favourites")
      case .genres(let genres): crumbs += genres.crumbs
      }
    }
    switch top {
    case .detail(let detail):
      // A creator's page is named by its role ("Author", "Show"), as its badge is.
      let kind =
        detail.item.kind == .artist
        ? CreatorRole(page: detail.item).title : detail.shownItem.kind.displayName
      crumbs += [kind, detail.shownItem.title]
    case .favorites: crumbs.append("Favourites")
    case .genres(let genres): crumbs += genres.crumbs
    }
    return Self.withoutRepeats(crumbs)
  }

  /// `crumbs` without a crumb that repeats the one before it (any case).
  static func withoutRepeats(_ crumbs: [String]) -> [String] {
    var kept: [String] = []
    for crumb in crumbs where kept.last?.lowercased() != crumb.lowercased() {
      kept.append(crumb)
    }
    return kept
  }
}
