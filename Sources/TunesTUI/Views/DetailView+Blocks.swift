import ITunesCatalog
import TerminalUI
import TunesFeatures

extension DetailView {
  /// The tracks (album) or latest episodes (podcast) block.
  func tracks(width: Int) -> [Piece] {
    guard let content = model.tracks else { return [] }
    let title = model.tracksTitle
    if case .loaded(let items) = content {
      guard !items.isEmpty else {
        // A creator's page says the list is empty rather than leaving it out.
        guard model.item.kind == .artist else { return [] }
        return [Self.heading(title), emptyLine(title), Self.gap()]
      }
      let numbered = model.item.kind != .podcast
      // An artist's top songs come from several albums: numbered by rank, not track number.
      let lines =
        model.item.kind == .artist
        ? items.enumerated().map { .track(Self.trackRow($1, number: $0 + 1)) }
        : Self.trackLines(items, numbered: numbered, priced: model.item.kind == .album)
      let selected = model.selectedTrack
      let player = model.player
      return [
        Self.heading(title, note: model.tracksNote(items)),
        Piece(height: lines.count) { rect, buffer, rects in
          var track = 0
          for (i, line) in lines.enumerated() {
            switch line {
            case .disc(let number):
              buffer.set(
                string: "Disc \(number)", at: Position(x: rect.x, y: rect.y + i),
                style: Theme.label.bold, clippedTo: rect.row(i))
            case .track(var row):
              let item = items[track]
              if let mark = player.mark(for: item.id) { row.number = mark }
              if let note = Self.episodeNote(player.progress[item.id]) {
                row.trailing = row.trailing.isEmpty ? note : note + " · " + row.trailing
              }
              Self.drawTrack(row, in: rect.row(i), selected: track == selected, buffer: &buffer)
              rects[Self.trackKey(track)] = rect.row(i)
              track += 1
            }
          }
        },
        Self.gap(),
      ]
    }
    let loading = "Loading \(title.lowercased())…"
    return [Self.heading(title)]
      + status(content, loading: loading, block: "The " + title.lowercased()) + [Self.gap()]
  }

  /// A line of the track list: a disc heading or a track.
  enum TrackLine {
    case disc(Int)
    case track(TrackRow)
  }

  /// The track list's lines: a "Disc N" heading before each disc when the album has more than
  /// one (by disc number, or where the numbering starts again at 1).
  static func trackLines(_ items: [CatalogItem], numbered: Bool, priced: Bool = false)
    -> [TrackLine]
  {
    var discs: [Int] = []
    var disc = 1
    var previous = 0
    for (index, item) in items.enumerated() {
      let number = item.trackNumber ?? index + 1
      if let given = item.discNumber {
        disc = given
      } else if numbered, index > 0, number <= previous {
        disc += 1
      }
      previous = number
      discs.append(disc)
    }
    let several = numbered && Set(discs).count > 1
    var lines: [TrackLine] = []
    for (index, item) in items.enumerated() {
      if several, index == 0 || discs[index] != discs[index - 1] {
        lines.append(.disc(discs[index]))
      }
      lines.append(
        .track(
          trackRow(item, number: numbered ? (item.trackNumber ?? index + 1) : nil, priced: priced)))
    }
    return lines
  }

  /// One row of the track list: number, title, and the trailing facts.
  struct TrackRow {
    var number: String
    var title: String
    var trailing: String
  }

  /// A track's row; `priced` (an album's track list) adds the track's price after its length.
  static func trackRow(_ item: CatalogItem, number: Int?, priced: Bool = false) -> TrackRow {
    var title = DisplayText.clean(item.title) ?? "Untitled"
    if item.kind == .musicVideo { title = "▶ " + title + " (video)" }
    if item.isExplicit == true { title += " [E]" }
    var trailing: [String] = []
    if number == nil, let date = FactText.day(item.releaseDate) { trailing.append(date) }
    if let length = item.formattedDuration { trailing.append(length) }
    if priced, let price = DisplayText.clean(item.formattedPrice) { trailing.append(price) }
    return TrackRow(
      number: number.map { String($0) } ?? "•", title: title,
      trailing: trailing.joined(separator: " · "))
  }

  /// `played`, or `left at 12:40`, for an episode that has a remembered place.
  static func episodeNote(_ progress: EpisodeProgress?) -> String? {
    guard let progress else { return nil }
    if progress.played { return "played" }
    guard progress.position >= 1 else { return nil }
    return "left at " + PlaybackState.clock(progress.position)
  }

  static func drawTrack(
    _ row: TrackRow, in line: Rect, selected: Bool = false, buffer: inout Buffer
  ) {
    guard !line.isEmpty else { return }
    if selected {
      buffer.clear(line, style: Theme.selected)
      buffer.set(Cell("▌", style: Theme.selected.fg(Theme.accent), width: 1), x: line.x, y: line.y)
    }
    let base = selected ? Theme.selected : Style.plain
    buffer.set(
      string: pad(row.number, toWidth: 3, alignment: .right), at: Position(x: line.x, y: line.y),
      style: Theme.secondary.patched(onto: base), clippedTo: line)
    let trailingWidth = displayWidth(of: row.trailing)
    // One blank cell before the scroll bar.
    let titleRoom = max(0, line.width - 5 - trailingWidth - 3)
    buffer.set(
      string: truncate(row.title, toWidth: titleRoom), at: Position(x: line.x + 5, y: line.y),
      style: Theme.text.patched(onto: base), clippedTo: line)
    buffer.set(
      string: row.trailing, at: Position(x: line.right - trailingWidth - 1, y: line.y),
      style: Theme.secondary.patched(onto: base), clippedTo: line)
  }

  /// The works the author block shows as small tiles (none until they are loaded).
  var shownWorks: [CatalogItem] {
    guard case .loaded(let info)? = model.author else { return [] }
    return Array(info.works.prefix(DetailLookups.worksLimit(for: model.item.kind)))
  }

  /// The author block: name, genre and link, then five small tiles of other works.
  func authorBlock(width: Int) -> [Piece] {
    guard let content = model.author else { return [] }
    // A movie's block without an author is its collection's studio's, not the director's.
    let isStudio = model.item.kind == .featureMovie && model.shownItem.authorID == nil
    let fallbackName =
      isStudio ? "the studio" : DisplayText.clean(model.shownItem.author) ?? "the author"
    let isArtistPage = model.item.kind == .artist
    guard case .loaded(let info) = content else {
      if isArtistPage {
        let title = model.role.worksTitle
        return [Self.heading(title)]
          + status(
            content, loading: "Loading \(title.lowercased())…", block: "The " + title.lowercased())
      }
      if model.isApp {
        return [Self.heading("More by \(fallbackName)")]
          + status(content, loading: "Loading the developer's apps…", block: "The other apps")
      }
      return [Self.heading("More by \(fallbackName)")]
        + status(content, loading: "Loading other works…", block: "The other works")
    }
    let works = Array(info.works.prefix(DetailLookups.worksLimit(for: model.item.kind)))
    let name = DisplayText.clean(info.author?.title) ?? fallbackName
    if isArtistPage {
      // A creator's page: the works of its role (albums, books, seasons, apps), newest
      // first, in rows of five tiles; a line saying so when Apple lists none.
      let title = model.role.worksTitle
      guard !works.isEmpty else { return [Self.heading(title), emptyLine(title)] }
      return [Self.heading(title, note: String(works.count)), Self.gap()]
        + workRows(works, width: width)
    }
    let link = DisplayText.clean(
      info.author?.storeURLText ?? (isStudio ? nil : model.shownItem.authorURLText))
    guard info.author != nil || !works.isEmpty || link != nil else { return [] }
    var pieces = [
      Self.heading(
        "More by \(name)", note: model.isApp && !works.isEmpty ? String(works.count) : nil)
    ]
    pieces += creatorLines(info, name: name, link: link, width: width)
    guard !works.isEmpty else { return pieces }
    pieces.append(Self.gap())
    return pieces + workRows(works, width: width)
  }

  /// A creator page's line for an empty list: "Apple lists no books by … in this storefront."
  func emptyLine(_ title: String) -> Piece {
    let name = DisplayText.clean(model.shownItem.title) ?? "them"
    let line = model.role.noWorks(title, by: name)
    return Piece(height: 1) { rect, buffer, _ in
      buffer.set(
        string: truncate(line, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
        style: Theme.secondary, clippedTo: rect)
    }
  }

  /// The author block's facts: the author's name as a label with their kind (artist, author,
  /// show, developer) and genre, the store link (`a`), and an app developer's website.
  func creatorLines(_ info: AuthorBlock, name: String, link: String?, width: Int) -> [Piece] {
    let role =
      info.author.map { CreatorRole(page: $0) }.flatMap { $0 == .artist ? nil : $0 }
      ?? CreatorRole(creatorOf: model.item.kind)
    let genre = DisplayText.clean(info.author?.genre)
    let about = [role.title, genre].compactMap { $0 }.joined(separator: " · ")
    let website =
      model.isApp ? DisplayText.clean(model.shownItem.app?.sellerURL?.absoluteString) : nil
    var rows: [FactRow] = [FactRow(name, about)]
    if let link { rows.append(FactRow("Store page", link, link: link)) }
    if let website { rows.append(FactRow("Website", website, link: website)) }
    let labelWidth = (rows.map { displayWidth(of: $0.label) }.max() ?? 0) + 2
    let clippedLabel = min(labelWidth, max(1, width / 2))
    return [
      Piece(height: rows.count) { rect, buffer, _ in
        for (i, row) in rows.enumerated() {
          let line = rect.row(i)
          buffer.set(
            string: truncate(row.label, toWidth: max(1, clippedLabel - 2)),
            at: Position(x: line.x, y: line.y), style: Theme.label, clippedTo: line)
          let value = line.inset(left: clippedLabel)
          let key = row.label == "Store page" ? "  a" : ""
          let end = buffer.set(
            string: truncate(
              (row.link == nil ? "" : "↗ ") + row.value,
              toWidth: max(1, value.width - displayWidth(of: key) - 1)),
            at: Position(x: value.x, y: value.y),
            style: row.link.map { Theme.link($0) } ?? Theme.secondary, clippedTo: value)
          if !key.isEmpty {
            buffer.set(
              string: key, at: Position(x: end, y: value.y), style: Theme.secondary,
              clippedTo: value)
          }
        }
      }
    ]
  }

  /// Rows of five small tiles for `works` (indexes into the author block's works), a blank
  /// line between rows.
  func workRows(_ works: [CatalogItem], width: Int) -> [Piece] {
    let focused = model.focusedWork
    let player = model.player
    let artwork = model.artwork
    var pieces: [Piece] = []
    for start in stride(from: 0, to: works.count, by: 5) {
      if start > 0 { pieces.append(Self.gap()) }
      let row = Array(works[start..<min(works.count, start + 5)])
      pieces.append(
        Piece(height: TileView.compactHeight) { rect, buffer, rects in
          let columns = Layout.horizontal(
            Array(repeating: Constraint.fill(1), count: 5), spacing: 1
          ).split(rect)
          for (offset, work) in row.enumerated() where offset < columns.count {
            let index = start + offset
            let art = TileView.artworkArea(in: columns[offset], compact: true)
            TileView(
              item: work, isSelected: focused == index, isCompact: true,
              artwork: artwork.readyKey(
                artwork.need(url: work.artworkText, columns: art.width, rows: art.height)),
              playing: player.mark(for: work.id)
            )
            .render(in: columns[offset], buffer: &buffer)
            rects[index] = columns[offset]
          }
        })
    }
    return pieces
  }
}
