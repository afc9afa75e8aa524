import TerminalUI
import TunesFeatures

/// The top row of every screen: the app's name, where you are, and the keys that matter most
/// here (right-aligned; the crumbs are cut first, then the last hints dropped).
package struct HeaderBar: Widget, Sendable {
  /// Where you are: `["Detail", "Better Together"]`.
  package var crumbs: [String]
  /// Short key hints: `[("Enter", "search"), ("?", "keys")]`.
  package var hints: [(key: String, action: String)]
  /// A label after the name, such as "demo catalogue" (`nil`: none).
  package var badge: String?
  /// The chosen storefront after the name, `♪ tunes · GB` (`nil`: none chosen, nothing shown).
  package var storefront: String?

  /// Creates a header.
  package init(
    crumbs: [String] = [], hints: [(key: String, action: String)] = [], badge: String? = nil,
    storefront: String? = nil
  ) {
    self.crumbs = crumbs
    self.hints = hints
    self.badge = badge
    self.storefront = storefront
  }

  /// The header for the app's state: the demo badge and the chosen storefront.
  package init(
    _ state: AppState, crumbs: [String] = [], hints: [(key: String, action: String)] = []
  ) {
    self.init(
      crumbs: crumbs, hints: hints, badge: Self.badge(state), storefront: Self.storefront(state))
  }

  /// The badge for the app's state: "demo catalogue" while the demo answers.
  package static func badge(_ state: AppState) -> String? {
    state.isDemo ? "demo catalogue" : nil
  }

  /// The storefront chosen in the settings, upper-case; `nil` when none is (Apple then answers
  /// as its US store, which the header does not claim was chosen).
  package static func storefront(_ state: AppState) -> String? {
    guard let country = state.filters.country?.uppercased(), country.count == 2 else {
      return nil
    }
    return country
  }

  /// The cells of "♪ tunes" in the header row of `area` (a click there goes home).
  package static func logoRect(in area: Rect) -> Rect {
    Rect(x: area.x, y: area.y, width: min(area.width, logoWidth), height: min(area.height, 1))
  }

  /// The width of " ♪ tunes".
  static let logoWidth = displayWidth(of: logo)
  static let logo = " ♪ tunes"

  /// Draws the header in the first row of `area`.
  package func render(in area: Rect, buffer: inout Buffer) {
    let row = area.intersection(buffer.area).row(0)
    guard !row.isEmpty else { return }
    buffer.clear(row)
    // Drop hints from the end until the rest fits in half the row.
    var shown = hints
    var right = Self.spans(shown)
    while !shown.isEmpty {
      let width = right.reduce(0) { $0 + $1.width }
      if width <= row.width / 2 { break }
      shown.removeLast()
      right = Self.spans(shown)
    }
    // The last crumb (the title) matters most: the middle ones go first, then the hints, and
    // what is left of the title ends in an ellipsis.
    var kept = crumbs.map { DisplayText.clean($0) ?? "" }
    func left(_ crumbs: [String]) -> [Span] {
      var spans: [Span] = [Span(Self.logo, style: Theme.heading)]
      if let storefront { spans.append(Span(" · " + storefront, style: Theme.text)) }
      if let badge { spans.append(Span(" · " + badge, style: Theme.key)) }
      for crumb in crumbs {
        spans.append(Span("  ›  ", style: Theme.secondary))
        spans.append(Span(crumb, style: Theme.text))
      }
      return spans
    }
    func width(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + $1.width } }
    while kept.count > 1, width(left(kept)) + width(right) + 1 > row.width {
      kept.remove(at: kept.count - 2)
    }
    if width(left(kept)) + width(right) + 1 > row.width { right = [] }
    if let last = kept.last {
      let room = row.width - (width(left(kept)) - displayWidth(of: last)) - width(right) - 1
      kept[kept.count - 1] = truncate(last, toWidth: max(1, room))
    }
    StatusLine(left: left(kept), right: right).render(in: row, buffer: &buffer)
  }

  private static func spans(_ hints: [(key: String, action: String)]) -> [Span] {
    guard !hints.isEmpty else { return [] }
    var spans: [Span] = []
    for (i, hint) in hints.enumerated() {
      if i > 0 { spans.append(Span("  ", style: Theme.secondary)) }
      spans.append(Span(hint.key, style: Theme.key))
      spans.append(Span(" " + hint.action, style: Theme.secondary))
    }
    spans.append(Span(" "))
    return spans
  }
}
