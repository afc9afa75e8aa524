import Foundation
import ITunesCatalog

/// How the results grid orders what Apple answered (`o` steps through them).
public enum ResultOrder: String, CaseIterable, Equatable, Sendable {
  /// Apple's order (its ranking).
  case apple
  /// By title, A to Z (case and accents folded).
  case title
  /// Newest release first; items without a date last.
  case newest
  /// Cheapest first; items without a price last.
  case price

  /// The words the status line and notices use.
  public var words: String {
    switch self {
    case .apple: return "Apple's order"
    case .title: return "title"
    case .newest: return "newest first"
    case .price: return "price"
    }
  }

  /// The next order (`o`).
  public var next: ResultOrder {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }
}

extension SearchState {
  /// `items` as the grid shows them: only `kindShown` when one is chosen, in `order`
  /// (stable: equal items keep Apple's order).
  public func arranged(_ items: [CatalogItem]) -> [CatalogItem] {
    let kept = kindShown.map { kind in items.filter { $0.kind == kind } } ?? items
    guard order != .apple else { return kept }
    let ranked = kept.enumerated().map { (offset: $0.offset, item: $0.element) }
    return ranked.sorted { lhs, rhs in
      switch Self.compare(lhs.item, rhs.item, by: order) {
      case .orderedAscending: return true
      case .orderedDescending: return false
      case .orderedSame: return lhs.offset < rhs.offset
      }
    }.map(\.item)
  }

  /// The kinds among the results, in the order they first appear (what `t` steps through).
  public var kindsInResults: [ItemKind] {
    var seen: [ItemKind] = []
    for item in results.value ?? [] where !seen.contains(item.kind) { seen.append(item.kind) }
    return seen
  }

  static func compare(_ a: CatalogItem, _ b: CatalogItem, by order: ResultOrder)
    -> ComparisonResult
  {
    switch order {
    case .apple: return .orderedSame
    case .title:
      let fold = { (text: String) in
        text.folding(
          options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      }
      let (x, y) = (fold(a.title), fold(b.title))
      return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
    case .newest:
      switch (a.releaseDate, b.releaseDate) {
      case (let x?, let y?):
        return x == y ? .orderedSame : (x > y ? .orderedAscending : .orderedDescending)
      case (.some, nil): return .orderedAscending
      case (nil, .some): return .orderedDescending
      case (nil, nil): return .orderedSame
      }
    case .price:
      switch (a.price, b.price) {
      case (let x?, let y?):
        return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
      case (.some, nil): return .orderedAscending
      case (nil, .some): return .orderedDescending
      case (nil, nil): return .orderedSame
      }
    }
  }
}
