import ITunesCatalog
import TunesFeatures

/// One labelled fact of the detail screen, with an optional link target.
package struct FactRow: Sendable, Hashable {
  /// The label, e.g. "Length".
  package var label: String
  /// The value, sanitized.
  package var value: String
  /// A URL to link the value to (OSC 8), if any.
  package var link: String?

  /// Creates a row.
  package init(_ label: String, _ value: String, link: String? = nil) {
    self.label = label
    self.value = value
    self.link = link
  }
}

/// The facts drawn on tiles and the detail screen: TunesFeatures chooses them for the kind;
/// here they are sanitized for the terminal and given their links.
package enum ItemFacts {
  /// Up to three short facts for a tile, sanitized.
  package static func tile(_ item: CatalogItem) -> [String] {
    Array(tileFacts(for: item).compactMap(DisplayText.clean).prefix(3))
  }

  /// The detail screen's fact table, sanitized; the feed and the seller link to their pages.
  package static func detail(_ item: CatalogItem) -> [FactRow] {
    detailFacts(for: item).compactMap { fact in
      guard let value = DisplayText.clean(fact.value) else { return nil }
      let link: String?
      switch fact.label {
      case "Feed": link = DisplayText.clean(item.episode?.feedURL?.absoluteString)
      case "Seller": link = DisplayText.clean(item.app?.sellerURL?.absoluteString)
      default: link = nil
      }
      return FactRow(fact.label, value, link: link)
    }
  }
}
