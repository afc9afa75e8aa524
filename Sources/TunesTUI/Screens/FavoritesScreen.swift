import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The favourites screen: the counts by kind, the filter and order, then two lines per saved
/// item with its artwork, read a window at a time from storage.
///
/// ```
///  All 12 · Songs 7 · Albums 3 · Apps 2                  newest first  o order  t kind  f filter
///  filter: love▏
///  ▌▒▒▒▒ Song Better Together                                   added 2026-12-02 ▶
///  ▌▒▒▒▒ Jack Johnson · In Between Dreams
/// ```
enum FavoritesScreen {
  /// Lines each row takes.
  static let rowHeight = 2
  /// The artwork's size in cells.
  static let artColumns = 4

  /// Draws the screen into `frame`.
  static func render(_ favorites: FavoritesState, state: AppState, into frame: inout Frame) {
    let area = frame.buffer.area
    let rows = Layout.vertical([.length(1), .length(1), .length(1), .fill(1), .length(1)])
      .split(area)
    HeaderBar(
      state, crumbs: ["Favourites"], hints: KeyTable.hints(.header, state: state)
    ).render(in: rows[0], buffer: &frame.buffer)
    countsLine(favorites, in: rows[1].inset(horizontal: 1, vertical: 0), buffer: &frame.buffer)
    filterLine(favorites, in: rows[2].inset(horizontal: 1, vertical: 0), frame: &frame)
    let content = rows[3].inset(horizontal: 1, vertical: 0)
    frame.metrics.favoritesRows = max(1, content.height / rowHeight)
    switch (favorites.phase, favorites.window.rows.isEmpty) {
    case (.idle, true), (.loading, true):
      MessagePanel([
        .init(
          "\(Spinner(tick: state.spinnerTick).frame) Reading favourites…", style: Theme.secondary)
      ])
      .render(in: content, buffer: &frame.buffer)
    case (.failed(let error, _), true):
      MessagePanel([
        .init(
          "✗ " + (DisplayText.clean(error.title) ?? "Could not read favourites."),
          style: Theme.errorTitle),
        .init(DisplayText.clean(error.suggestion) ?? "", style: Theme.secondary),
      ]).render(in: content, buffer: &frame.buffer)
    case (.loaded, true) where favorites.listing.isFiltered:
      MessagePanel([
        .init("No favourites match", style: Theme.title),
        .init(""),
        .init(
          "f changes the filter, t the kind; Esc while typing clears it.", style: Theme.secondary),
      ]).render(in: content, buffer: &frame.buffer)
    case (_, true):
      MessagePanel([
        .init("No favourites yet", style: Theme.title),
        .init(""),
        .init("Press * on a tile or a detail screen to keep it here.", style: Theme.secondary),
      ]).render(in: content, buffer: &frame.buffer)
    case (_, false):
      list(favorites, state: state, in: content, frame: &frame)
    }
    var right: [Span] = []
    if favorites.total > 0 {
      right = [
        Span(
          "\(FactText.grouped(min(favorites.selection + 1, favorites.total)))/"
            + "\(FactText.grouped(favorites.total)) ", style: Theme.bar)
      ]
    }
    StatusBar.render(
      left: statusLeft(favorites, state: state), right: right, in: rows[4],
      buffer: &frame.buffer, showsLink: state.noticeLink != nil)
  }

  /// The status bar's left part: a notice when there is one; else what `u` would put back, or
  /// what the list shows (how many of how many, the order, the kind, the filter).
  static func statusLeft(_ favorites: FavoritesState, state: AppState) -> [Span] {
    if state.notice != nil { return StatusBar.left(state) }
    let lead =
      (state.offline ? [Span(" offline ", style: Theme.bar.fg(Theme.star).bold)] : [])
      + StatusBar.nowPlaying(state.playback, compact: favorites.removed != nil)
    if let removed = favorites.removed {
      let title = truncate(DisplayText.clean(removed.item.title) ?? "Untitled", toWidth: 30)
      return lead + [
        Span(" ● ", style: Theme.bar.fg(Theme.accent)),
        Span("Removed “\(title)”", style: Theme.bar.bold),
        Span(" · u puts it back", style: Theme.bar),
      ]
    }
    guard favorites.phase.loadedValue != nil || !favorites.window.rows.isEmpty else { return lead }
    var text = " " + FactText.count(favorites.total, "favourite")
    if favorites.listing.isFiltered {
      text += " of " + FactText.grouped(favorites.matchingText)
      if let kind = favorites.listing.kind { text += " · " + plural(kind) }
      let filter = favorites.listing.text.trimmingCharacters(in: .whitespaces)
      if !filter.isEmpty { text += " · “" + (DisplayText.clean(filter) ?? "") + "”" }
    }
    text += " · " + favorites.listing.order.label
    return lead + [Span(text, style: Theme.bar)]
  }

  /// `All 12 · Songs 7 · Albums 3`: the counts for the filter text, the kind shown marked.
  private static func countsLine(_ favorites: FavoritesState, in area: Rect, buffer: inout Buffer) {
    guard !favorites.counts.isEmpty, area.height > 0 else { return }
    var x = area.x
    func put(_ text: String, selected: Bool) {
      let style = selected ? Theme.selected.bold : Theme.secondary
      x = buffer.set(
        string: text, at: Position(x: x, y: area.y), style: style, clippedTo: area)
    }
    put(
      " All \(FactText.grouped(favorites.matchingText)) ", selected: favorites.listing.kind == nil)
    var counts = favorites.counts
    // The kind shown is named even when the filter text leaves none of it.
    if let kind = favorites.listing.kind, !counts.contains(where: { $0.kind == kind }) {
      counts.append(FavoriteKindCount(kind: kind, count: 0))
    }
    for count in counts {
      x = buffer.set(
        string: "·", at: Position(x: x, y: area.y), style: Theme.secondary, clippedTo: area)
      put(
        " \(plural(count.kind)) \(FactText.grouped(count.count)) ",
        selected: favorites.listing.kind == count.kind)
    }
  }

  /// `filter: love▏` while typing (the cursor placed), `filter “love” (f)` when set, else the
  /// keys that change what is listed; the order on the right.
  private static func filterLine(_ favorites: FavoritesState, in area: Rect, frame: inout Frame) {
    guard area.height > 0 else { return }
    let order = "sorted " + favorites.listing.order.label + " "
    let orderWidth = displayWidth(of: order)
    let right = Rect(
      x: max(area.x, area.right - orderWidth), y: area.y, width: min(area.width, orderWidth),
      height: 1)
    let left = Rect(x: area.x, y: area.y, width: max(0, right.x - area.x - 1), height: 1)
    if let edit = favorites.filterEdit {
      let label = "filter: "
      let x = frame.buffer.set(
        string: label, at: Position(x: left.x, y: left.y), style: Theme.label, clippedTo: left)
      var field = TextFieldState(text: edit.text)
      field.moveCursor(to: edit.cursor)
      let fieldArea = Rect(x: x, y: left.y, width: max(0, left.right - x), height: 1)
      if let cursor = TextField(
        style: Theme.title, placeholder: "words in the title, author or collection",
        placeholderStyle: Theme.secondary
      ).render(in: fieldArea, buffer: &frame.buffer, state: &field) {
        frame.cursor = .visible(cursor)
      }
    } else if !favorites.listing.text.isEmpty {
      let text = "filter “" + (DisplayText.clean(favorites.listing.text) ?? "") + "”  f change"
      frame.buffer.set(
        string: text, at: Position(x: left.x, y: left.y), style: Theme.secondary, clippedTo: left)
    } else {
      frame.buffer.set(
        string: "f filter  t kind  o order", at: Position(x: left.x, y: left.y),
        style: Theme.secondary, clippedTo: left)
    }
    frame.buffer.set(
      string: order, at: Position(x: right.x, y: right.y), style: Theme.secondary,
      clippedTo: right)
  }

  /// The rows in view, two lines each, from the state's first row; rows not read yet (the
  /// window on its way) are drawn faint.
  private static func list(
    _ favorites: FavoritesState, state: AppState, in area: Rect, frame: inout Frame
  ) {
    let visible = max(1, area.height / rowHeight)
    let scroll = ScrollState(
      offset: ScrollState.clampedOffset(
        favorites.offset, content: favorites.total, viewport: visible))
    for slot in 0..<visible {
      let index = scroll.offset + slot
      guard index < favorites.total else { break }
      let rect = Rect(
        x: area.x, y: area.y + slot * rowHeight, width: area.width,
        height: min(rowHeight, area.bottom - (area.y + slot * rowHeight)))
      guard rect.height > 0 else { break }
      let selected = index == favorites.selection
      let base = selected ? Theme.selected : Style.plain
      frame.buffer.clear(rect, style: base)
      if selected {
        for y in rect.y..<rect.bottom {
          frame.buffer.set(Cell("▌", style: base.fg(Theme.accent), width: 1), x: rect.x, y: y)
        }
      }
      frame.hits.add(rect, .favorite(index))
      guard let row = favorites.window.row(at: index) else {
        frame.buffer.set(
          string: "…", at: Position(x: rect.x + 2, y: rect.y), style: Theme.secondary,
          clippedTo: rect)
        continue
      }
      draw(row, selected: selected, base: base, in: rect, state: state, frame: &frame)
    }
  }

  /// One row: the artwork, then the kind and title, then the author, collection and the day it
  /// was added (what the item lacks is left out).
  private static func draw(
    _ row: FavoriteRow, selected: Bool, base: Style, in rect: Rect, state: AppState,
    frame: inout Frame
  ) {
    let item = row.item
    let art = Rect(
      x: rect.x + 2, y: rect.y, width: min(artColumns, max(0, rect.width - 2)), height: rect.height)
    ArtworkPlaceholder(id: item.id, kind: item.kind).render(in: art, buffer: &frame.buffer)
    let need = state.artwork.need(url: item.artworkText, columns: art.width, rows: art.height)
    if let need, art.height == rowHeight {
      frame.metrics.artwork.append(need)
      if let key = state.artwork.readyKey(need) { frame.buffer.placeImage(key, in: art) }
    }
    let text = rect.inset(right: 1, left: 3 + artColumns)
    guard text.width > 0 else { return }
    let first = Rect(x: text.x, y: text.y, width: text.width, height: 1)
    var x = frame.buffer.set(
      string: item.kind.displayName, at: Position(x: first.x, y: first.y),
      style: Theme.badge(for: item.kind).patched(onto: base), clippedTo: first)
    x += 1
    // On the right: the day it was added, and ▶ while it plays.
    var markWidth = 0
    if let mark = state.playback.mark(for: item.id) {
      markWidth = displayWidth(of: mark) + 1
      frame.buffer.set(
        string: mark, at: Position(x: first.right - markWidth + 1, y: first.y),
        style: base.fg(Theme.accent), clippedTo: first)
    }
    if let day = FactText.day(row.addedAt), first.right - x - markWidth >= 24 {
      let added = "added " + day
      markWidth += displayWidth(of: added) + 2
      frame.buffer.set(
        string: added, at: Position(x: first.right - markWidth + 2, y: first.y),
        style: Theme.secondary.patched(onto: base), clippedTo: first)
    }
    let title = DisplayText.clean(item.title) ?? "Untitled"
    frame.buffer.set(
      string: truncate(title, toWidth: max(0, first.right - x - markWidth)),
      at: Position(x: x, y: first.y), style: Theme.title.patched(onto: base), clippedTo: first)
    guard text.height > 1 else { return }
    let second = Rect(x: text.x, y: text.y + 1, width: text.width, height: 1)
    let facts = [DisplayText.clean(item.author), DisplayText.clean(item.collection)]
      .compactMap { $0 }.filter { !$0.isEmpty }
    frame.buffer.set(
      string: truncate(facts.joined(separator: " · "), toWidth: second.width),
      at: Position(x: second.x, y: second.y), style: Theme.secondary.patched(onto: base),
      clippedTo: second)
  }

  /// `Songs`, `Albums`, `TV Episodes`: a kind counted.
  static func plural(_ kind: ItemKind) -> String { kind.displayName + "s" }
}
