import ITunesCatalog

extension AppState {
  /// The list `p` plays from on the screen in front, with its picked item: the result tiles,
  /// the focused home or genre chart row, the favourites, a page's tracks or episodes (from the
  /// picked one, else the first), or the detail's own item. `nil` where nothing can be picked
  /// (an overlay, the query box, a genre list).
  public var selectedPlayList: PlayList? {
    guard overlay == nil else { return nil }
    switch stack.last {
    case nil:
      guard search.focus == .results else { return nil }
      if showsHome {
        guard home.rows.indices.contains(home.focusedRow) else { return nil }
        let row = home.rows[home.focusedRow]
        return Self.list(row.items.value, row.selection)
      }
      return Self.list(search.items, search.selection)
    case .favorites(let favorites)?:
      // The rows read around the selection: the queue plays on through them.
      return Self.list(
        favorites.window.rows.map(\.item), favorites.selection - favorites.window.start)
    case .genres(let genres)?:
      guard case .charts(let level) = genres.top, level.rows.indices.contains(level.focusedRow)
      else { return nil }
      let row = level.rows[level.focusedRow]
      return Self.list(row.items.value, row.selection)
    case .detail(let detail)?:
      let tracks = detail.trackItems
      if let picked = detail.selectedTrack, tracks.indices.contains(picked) {
        return PlayList(items: tracks, start: picked)
      }
      let shown = detail.shownItem
      // A collection's page plays its tracks (an album, a season, an artist's songs, a
      // podcast's newest episode first); an item plays itself.
      if !tracks.isEmpty, shown.playableURL == nil { return PlayList(items: tracks, start: 0) }
      return PlayList(items: [shown], start: 0)
    }
  }

  private static func list(_ items: [CatalogItem]?, _ selection: Int) -> PlayList? {
    guard let items, items.indices.contains(selection) else { return nil }
    return PlayList(items: items, start: selection)
  }
}
