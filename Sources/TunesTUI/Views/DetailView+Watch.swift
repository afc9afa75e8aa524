import TerminalUI
import TunesFeatures

extension DetailView {
  /// The most states of the history listed (newest first); the heading counts the rest.
  static let historyLines = 8

  /// Keeping watch on a page: the versions and prices seen, and the item in other storefronts
  /// once `w` asked for them. Neither is drawn when there is nothing to say.
  func watchBlocks(width: Int) -> [Piece] {
    history(width: width) + otherStorefronts(width: width)
  }

  /// `Seen by the watch · US · 3`: one line per state, newest first.
  func history(width: Int) -> [Piece] {
    guard let seen = model.seen else { return [] }
    let title = "Seen by the watch"
    switch seen {
    case .idle, .loading:
      return []
    case .failed(let error, _):
      return [
        Self.heading(title, note: model.storefrontCountry),
        Self.lines([
          (
            "✗ The history could not be read: " + (DisplayText.clean(error.title) ?? "it failed."),
            Theme.errorTitle
          )
        ]),
        Self.gap(),
      ]
    case .loaded(let states):
      let shown = states.reversed().prefix(Self.historyLines).map {
        WatchText.seen($0, title: model.shownItem.title)
      }
      var note = "\(model.storefrontCountry) · \(states.count)"
      if states.count > shown.count { note += " · \(shown.count) newest shown" }
      let column = (shown.map { displayWidth(of: $0.when) }.max() ?? 0) + 3
      return [
        Self.heading(title, note: note),
        Piece(height: shown.count) { rect, buffer, _ in
          for (index, row) in shown.enumerated() {
            let line = rect.row(index)
            buffer.set(
              string: row.when, at: Position(x: line.x, y: line.y), style: Theme.label,
              clippedTo: line)
            buffer.set(
              string: row.what, at: Position(x: line.x + column, y: line.y), style: Theme.text,
              clippedTo: line)
          }
        },
        Self.gap(),
      ]
    }
  }

  /// `Other storefronts · sold in 5 of 7`: one line per storefront.
  func otherStorefronts(width: Int) -> [Piece] {
    guard let storefronts = model.storefronts else { return [] }
    let title = "Other storefronts"
    switch storefronts {
    case .idle:
      return []
    case .loading(let previous):
      guard let previous, !previous.isEmpty else {
        return [
          Self.heading(title),
          Self.lines([("\(model.spinner) Asking the storefronts…", Theme.secondary)]),
          Self.gap(),
        ]
      }
      return answers(previous, title: title, note: "\(model.spinner) asking again")
    case .failed(let error, _):
      return [
        Self.heading(title),
        Self.lines([
          (
            "✗ The storefronts could not be asked: "
              + (DisplayText.clean(error.title) ?? "it failed."),
            Theme.errorTitle
          ),
          ("w tries again. " + (DisplayText.clean(error.suggestion) ?? ""), Theme.secondary),
        ]),
        Self.gap(),
      ]
    case .loaded(let answers):
      guard !answers.isEmpty else {
        return [
          Self.heading(title), Self.lines([("No storefront answered.", Theme.secondary)]),
          Self.gap(),
        ]
      }
      let sold = answers.filter(\.available).count
      return self.answers(answers, title: title, note: "sold in \(sold) of \(answers.count)")
    }
  }

  private func answers(_ answers: [StorefrontAnswer], title: String, note: String) -> [Piece] {
    let lines = answers.map {
      (
        WatchText.storefront($0, title: model.shownItem.title),
        $0.available ? Theme.text : Theme.secondary
      )
    }
    return [Self.heading(title, note: note), Self.lines(lines), Self.gap()]
  }

  /// Lines of text, one a row, each in its style.
  static func lines(_ lines: [(String, Style)]) -> Piece {
    Piece(height: lines.count) { rect, buffer, _ in
      for (index, line) in lines.enumerated() {
        let row = rect.row(index)
        buffer.set(
          string: line.0, at: Position(x: row.x, y: row.y), style: line.1, clippedTo: row)
      }
    }
  }
}
