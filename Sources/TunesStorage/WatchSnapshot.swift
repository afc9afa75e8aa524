import Foundation

/// What matters of one item in one storefront at one time: the fields a change is reported for.
///
/// An item the storefront did not answer for is kept as a snapshot with `available` false and no
/// other fields. `takenAt` is when the item was first seen in this state, `checkedAt` when it
/// was last seen still in it.
public struct WatchSnapshot: Sendable, Equatable {
  /// The catalogue id.
  public var itemID: Int64
  /// The storefront, ISO 3166-1 alpha-2 in lower case.
  public var country: String
  /// The item's kind as the catalogue names it (`software`, `album`, `song` …).
  public var kind: String
  /// Whether the storefront sells (or lists) the item.
  public var available: Bool
  /// The title.
  public var title: String?
  /// ISO 4217 currency of every price.
  public var currency: String?
  /// Every price field of the item's kind that Apple sent, by name (`price`, `rentalPrice`,
  /// `hdPrice`, `hdRentalPrice`), as decimal text such as `0.99`.
  public var prices: [String: String]
  /// An app's version.
  public var version: String?
  /// When that version came out.
  public var versionDate: Date?
  /// What the version's notes say.
  public var releaseNotes: String?
  /// An album's or podcast's track count.
  public var trackCount: Int?
  /// How many ratings the item has.
  public var ratingCount: Int?
  /// When the item was first seen in this state.
  public var takenAt: Date
  /// When it was last seen still in this state.
  public var checkedAt: Date

  /// Makes a snapshot; `checkedAt` defaults to `takenAt`.
  public init(
    itemID: Int64, country: String, kind: String, available: Bool = true, title: String? = nil,
    currency: String? = nil, prices: [String: String] = [:], version: String? = nil,
    versionDate: Date? = nil, releaseNotes: String? = nil, trackCount: Int? = nil,
    ratingCount: Int? = nil, takenAt: Date, checkedAt: Date? = nil
  ) {
    self.itemID = itemID
    self.country = country
    self.kind = kind
    self.available = available
    self.title = title
    self.currency = currency
    self.prices = prices
    self.version = version
    self.versionDate = versionDate
    self.releaseNotes = releaseNotes
    self.trackCount = trackCount
    self.ratingCount = ratingCount
    self.takenAt = takenAt
    self.checkedAt = checkedAt ?? takenAt
  }

  /// An item the storefront did not answer for.
  public static func unavailable(itemID: Int64, country: String, kind: String, at date: Date)
    -> WatchSnapshot
  {
    WatchSnapshot(itemID: itemID, country: country, kind: kind, available: false, takenAt: date)
  }

  /// Whether `other` says the same of the item (the dates aside).
  public func sameState(as other: WatchSnapshot) -> Bool {
    var a = self
    var b = other
    a.takenAt = .distantPast
    a.checkedAt = .distantPast
    b.takenAt = .distantPast
    b.checkedAt = .distantPast
    a.kind = b.kind
    return a == b
  }
}

/// One change found between two snapshots of an item in a storefront.
public struct WatchChange: Sendable, Equatable {
  /// What changed.
  public enum Kind: String, Sendable, CaseIterable {
    case priceDown = "price-down"
    case priceUp = "price-up"
    /// A price that appeared, went away, or changed currency.
    case priceChanged = "price-changed"
    case newVersion = "new-version"
    case gone
    case back
    case tracksAdded = "tracks-added"
    case tracksRemoved = "tracks-removed"
    case renamed
  }

  /// The catalogue id.
  public var itemID: Int64
  /// The storefront (lower case).
  public var country: String
  /// The item's kind.
  public var itemKind: String
  /// The item's title (the new one when it was renamed; the last known when it is gone).
  public var title: String
  /// What changed.
  public var change: Kind
  /// For price changes, the price field (`price`, `rentalPrice` …).
  public var field: String?
  /// The value before (prices as decimal text, versions, titles, track counts).
  public var old: String?
  /// The value after.
  public var new: String?
  /// The currency of price values.
  public var currency: String?
  /// A new version's release notes.
  public var notes: String?
  /// When the change was found.
  public var foundAt: Date

  /// Makes a change.
  public init(
    itemID: Int64, country: String, itemKind: String, title: String, change: Kind,
    field: String? = nil, old: String? = nil, new: String? = nil, currency: String? = nil,
    notes: String? = nil, foundAt: Date
  ) {
    self.itemID = itemID
    self.country = country
    self.itemKind = itemKind
    self.title = title
    self.change = change
    self.field = field
    self.old = old
    self.new = new
    self.currency = currency
    self.notes = notes
    self.foundAt = foundAt
  }

  /// The changes from `previous` (the last snapshot) to `current`; `lastAvailable` is the last
  /// snapshot in which the item was on sale, that fields are compared with when it comes back.
  public static func between(
    previous: WatchSnapshot, lastAvailable: WatchSnapshot?, current: WatchSnapshot
  ) -> [WatchChange] {
    let title = current.title ?? lastAvailable?.title ?? previous.title ?? String(current.itemID)
    func make(
      _ kind: Kind, field: String? = nil, old: String?, new: String?, currency: String? = nil,
      notes: String? = nil
    ) -> WatchChange {
      WatchChange(
        itemID: current.itemID, country: current.country,
        itemKind: current.available ? current.kind : previous.kind, title: title,
        change: kind, field: field, old: old, new: new, currency: currency, notes: notes,
        foundAt: current.takenAt)
    }
    if previous.available, !current.available {
      return [
        make(.gone, old: previous.prices["price"], new: nil, currency: previous.currency)
      ]
    }
    guard current.available else { return [] }
    var changes: [WatchChange] = []
    if !previous.available {
      changes.append(
        make(.back, old: nil, new: current.prices["price"], currency: current.currency))
    }
    guard let base = previous.available ? previous : lastAvailable else { return changes }
    if let old = base.title, let new = current.title, old != new {
      changes.append(make(.renamed, old: old, new: new))
    }
    for field in Set(base.prices.keys).union(current.prices.keys).sorted() {
      let old = base.prices[field]
      let new = current.prices[field]
      guard old != new || (old != nil && base.currency != current.currency) else { continue }
      if let old, let new, base.currency == current.currency,
        let before = Decimal(string: old, locale: Locale(identifier: "en_US_POSIX")),
        let after = Decimal(string: new, locale: Locale(identifier: "en_US_POSIX"))
      {
        if before == after { continue }
        changes.append(
          make(
            after < before ? .priceDown : .priceUp, field: field, old: old, new: new,
            currency: current.currency))
      } else {
        let oldText = old.map { $0 + (base.currency.map { " " + $0 } ?? "") }
        let newText = new.map { $0 + (current.currency.map { " " + $0 } ?? "") }
        changes.append(make(.priceChanged, field: field, old: oldText, new: newText))
      }
    }
    if let new = current.version, new != base.version {
      changes.append(make(.newVersion, old: base.version, new: new, notes: current.releaseNotes))
    }
    if let old = base.trackCount, let new = current.trackCount, old != new {
      changes.append(
        make(new > old ? .tracksAdded : .tracksRemoved, old: String(old), new: String(new)))
    }
    return changes
  }
}
