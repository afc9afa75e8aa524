import Foundation
import ITunesCatalog

/// One labelled fact of the detail screen, with an optional link target.
public struct FactRow: Sendable, Hashable {
  /// The label, e.g. "Length".
  public var label: String
  /// The value, sanitized.
  public var value: String
  /// A URL to link the value to (OSC 8), if any.
  public var link: String?

  /// Creates a row.
  public init(_ label: String, _ value: String, link: String? = nil) {
    self.label = label
    self.value = value
    self.link = link
  }
}

/// Which facts suit which kind: two or three short ones for a tile, a table for the detail
/// screen. A fact the item lacks is left out, never drawn as "nil" or an empty label.
public enum ItemFacts {
  /// Up to three short facts for a tile (artist, length, year, price, rating …).
  public static func tile(_ item: CatalogItem) -> [String] {
    let author = DisplayText.clean(item.author)
    let year = item.releaseYear.map(String.init)
    let length = item.formattedDuration
    let price = DisplayText.clean(item.formattedPrice)
    let genre = DisplayText.clean(item.genre)
    let advisory = DisplayText.clean(item.advisoryRating)
    let facts: [String?]
    switch item.kind {
    case .song, .musicVideo:
      facts = [author, length, year]
    case .album:
      facts = [author, year, item.trackCount.map { DisplayText.count($0, "track") }]
    case .artist:
      facts = [genre]
    case .featureMovie:
      facts = [year, advisory, length]
    case .tvEpisode:
      facts = [DisplayText.clean(item.collection), year, length]
    case .tvSeason:
      facts = [author, item.trackCount.map { DisplayText.count($0, "episode") }, year]
    case .podcast:
      facts = [author, genre, item.trackCount.map { DisplayText.count($0, "episode") }]
    case .podcastEpisode:
      facts = [DisplayText.clean(item.collection), DisplayText.date(item.releaseDate), length]
    case .audiobook:
      facts = [author, price, year]
    case .ebook:
      facts = [author, price, DisplayText.rating(item.book?.averageRating, count: nil)]
    case .software, .macSoftware:
      facts = [author, DisplayText.rating(item.app?.averageRating, count: nil), price]
    case .other:
      facts = [author, year]
    }
    return Array(facts.compactMap { $0 }.prefix(3))
  }

  /// The fact table of the detail screen for the item's kind.
  public static func detail(_ item: CatalogItem) -> [FactRow] {
    var rows: [FactRow] = []
    func add(_ label: String, _ value: String?, link: String? = nil) {
      if let value = DisplayText.clean(value) { rows.append(FactRow(label, value, link: link)) }
    }
    let released = DisplayText.date(item.releaseDate)
    switch item.kind {
    case .album, .tvSeason:
      add(item.kind == .album ? "Tracks" : "Episodes", item.trackCount.map(String.init))
      add("Released", released)
      add("Genre", item.genre)
      add("Price", item.formattedPrice)
      add("Advisory", item.isExplicit == true ? "Explicit" : nil)
      add("Copyright", item.copyright)
    case .song, .musicVideo:
      add("Album", item.collection)
      add("Track", numberOf(item.trackNumber, item.trackCount))
      add("Disc", numberOf(item.discNumber, item.discCount))
      add("Length", item.formattedDuration)
      add("Genre", item.genre)
      add("Released", released)
      add("Price", item.formattedPrice)
      add("Explicit", explicitness(item))
    case .featureMovie:
      add("Director", item.author)
      add("Rated", item.advisoryRating)
      add("Length", item.formattedDuration)
      add("Genre", item.genre)
      add("Released", released)
      add("Buy", item.formattedPrice)
      add("Rent", price(item.movie?.rentalPrice, item))
      add("Buy HD", price(item.movie?.hdPrice, item))
      add("Rent HD", price(item.movie?.hdRentalPrice, item))
    case .tvEpisode:
      add("Show", item.collection)
      add("Episode", item.trackNumber.map(String.init))
      add("Length", item.formattedDuration)
      add("Released", released)
      add("Rated", item.advisoryRating)
      add("Price", item.formattedPrice)
    case .podcast:
      add("Genre", item.genre)
      add("Episodes", item.trackCount.map(String.init))
      add("Latest", released)
      let feed = item.episode?.feedURL?.absoluteString
      add("Feed", feed, link: feed)
      add("Advisory", item.isExplicit == true ? "Explicit" : nil)
    case .podcastEpisode:
      add("Podcast", item.collection)
      add("Released", released)
      add("Length", item.formattedDuration)
      add("Genre", item.genre)
    case .software, .macSoftware:
      add("Version", item.app?.version)
      add("Size", item.app?.fileSizeBytes.map(DisplayText.bytes))
      add("Seller", item.app?.seller, link: item.app?.sellerURL?.absoluteString)
      add("Rating", DisplayText.rating(item.app?.averageRating, count: item.app?.ratingCount))
      add("Requires", item.app?.minimumOSVersion.map { "OS \($0) or later" })
      add("Languages", languages(item.app?.languages ?? []))
      add("Price", item.formattedPrice)
      add("Genre", item.genre)
    case .audiobook, .ebook:
      add("Author", item.author)
      add("Narrator", item.book?.narrator)
      add("Length", item.formattedDuration)
      add("Price", item.formattedPrice)
      add("Rating", DisplayText.rating(item.book?.averageRating, count: item.book?.ratingCount))
      add("Genre", item.genre)
      add("Released", released)
    case .artist:
      add("Genre", item.genre)
    case .other:
      add("Genre", item.genre)
      add("Released", released)
      add("Price", item.formattedPrice)
    }
    return rows
  }

  private static func numberOf(_ number: Int?, _ total: Int?) -> String? {
    guard let number else { return nil }
    guard let total else { return String(number) }
    return "\(number) of \(total)"
  }

  private static func explicitness(_ item: CatalogItem) -> String? {
    switch item.explicitness {
    case .explicit: return "Yes"
    case .cleaned: return "Cleaned"
    case .notExplicit: return "No"
    case nil: return nil
    }
  }

  private static func price(_ value: Decimal?, _ item: CatalogItem) -> String? {
    value.map { PriceText.format($0, currency: item.currency) }
  }

  private static func languages(_ codes: [String]) -> String? {
    guard !codes.isEmpty else { return nil }
    let shown = codes.prefix(8).joined(separator: ", ")
    return codes.count > 8 ? "\(shown) +\(codes.count - 8)" : shown
  }
}
