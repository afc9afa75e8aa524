import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The search screen: header, query box, results (grid or grouped, or the loading, error,
/// rate-limited, empty and welcome states), suggestions under the query box, status bar.
enum SearchScreen {
  /// Draws the screen into `frame`.
  static func render(_ state: AppState, into frame: inout Frame) {
    let area = frame.buffer.area
    let search = state.search
    let rows = Layout.vertical([.length(1), .length(3), .fill(1), .length(1)]).split(area)
    let focusedQuery = search.focus == .query
    HeaderBar(state, hints: KeyTable.hints(.header, state: state)).render(
      in: rows[0], buffer: &frame.buffer)
    let cursor = queryBox(state, focused: focusedQuery, in: rows[1], buffer: &frame.buffer)
    frame.hits.add(rows[1], .queryBox)
    let content = rows[2].inset(top: 1, right: 1, left: 1)
    frame.metrics.resultsLines = SearchResultsView.render(
      state, in: content, buffer: &frame.buffer, hits: &frame.hits,
      artwork: &frame.metrics.artwork, visibleArtwork: &frame.metrics.visibleArtwork)
    StatusBar.render(
      left: StatusBar.left(state), right: StatusBar.searchRight(search), in: rows[3],
      buffer: &frame.buffer, showsLink: state.noticeLink != nil)
    if focusedQuery && !search.suggestions.isEmpty {
      SuggestionsView.render(
        search, below: rows[1], limit: rows[2], buffer: &frame.buffer, hits: &frame.hits)
    }
    if focusedQuery, let cursor { frame.cursor = .visible(cursor) }
  }

  /// The query box; returns where the cursor belongs.
  private static func queryBox(
    _ state: AppState, focused: Bool, in area: Rect, buffer: inout Buffer
  ) -> Position? {
    let block = Block(
      borderType: .rounded, borderStyle: focused ? Theme.focusedBorder : Theme.border,
      title: "Search", titleStyle: focused ? Theme.heading : Theme.secondary)
    block.render(in: area, buffer: &buffer)
    let inner = block.inner(area).inset(horizontal: 1, vertical: 0)
    guard !inner.isEmpty else { return nil }
    buffer.set(
      string: "›", at: Position(x: inner.x, y: inner.y),
      style: focused ? Theme.heading : Theme.secondary, clippedTo: inner)
    var field = TextFieldState(text: state.search.query)
    field.moveCursor(to: state.search.queryCursor)
    let fieldArea = inner.inset(left: 2)
    let cursor = TextField(
      style: Theme.text, placeholder: "songs, albums, artists, movies, podcasts, apps, books",
      placeholderStyle: Theme.secondary
    ).render(in: fieldArea, buffer: &buffer, state: &field)
    // Text scrolled out of sight at the left is shown as such.
    if field.scrollOffset > 0 {
      buffer.set(
        string: "…", at: Position(x: inner.x, y: inner.y),
        style: focused ? Theme.heading : Theme.secondary, clippedTo: inner)
    }
    return cursor
  }
}
