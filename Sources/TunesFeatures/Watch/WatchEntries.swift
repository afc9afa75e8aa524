import Foundation

/// One thing the watch found: a change of a watched item (from the stored snapshots) or a new
/// work of a followed creator (from a check run in this session).
public struct ChangeEntry: Equatable, Sendable {
  /// What happened.
  public enum Kind: String, Equatable, Sendable, CaseIterable {
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
    /// A new work of a followed artist, developer or podcast (`tunes releases`).
    case newRelease = "new-release"
  }

  /// The item's catalogue id.
  public var itemID: Int64
  /// The storefront (lower case).
  public var country: String
  /// The item's kind as the catalogue names it (`software`, `album` …).
  public var itemKind: String
  /// The item's title.
  public var title: String
  /// What happened.
  public var kind: Kind
  /// For price changes, the price field (`price`, `rentalPrice` …).
  public var field: String?
  /// The value before, as text.
  public var old: String?
  /// The value after, as text.
  public var new: String?
  /// The currency of price values.
  public var currency: String?
  /// A new version's notes; a new release's creator.
  public var notes: String?
  /// When it was found.
  public var at: Date

  /// Makes an entry.
  public init(
    itemID: Int64, country: String, itemKind: String, title: String, kind: Kind,
    field: String? = nil, old: String? = nil, new: String? = nil, currency: String? = nil,
    notes: String? = nil, at: Date
  ) {
    self.itemID = itemID
    self.country = country
    self.itemKind = itemKind
    self.title = title
    self.kind = kind
    self.field = field
    self.old = old
    self.new = new
    self.currency = currency
    self.notes = notes
    self.at = at
  }
}

/// What the home screen's Changes row shows: the recent changes and what to say when there are
/// none (whether anything is watched at all the row reads from the favourite ids).
public struct WatchDigest: Equatable, Sendable {
  /// The changes found since `since`, newest first.
  public var changes: [ChangeEntry]
  /// When a watched item was last checked (by the app or `tunes watch`); `nil`: never.
  public var lastCheck: Date?
  /// The start of the window the changes are from.
  public var since: Date

  /// Makes a digest.
  public init(changes: [ChangeEntry], lastCheck: Date?, since: Date) {
    self.changes = changes
    self.lastCheck = lastCheck
    self.since = since
  }
}

/// What a check (the same as `tunes watch` and `tunes releases`) said.
public struct WatchCheckReport: Equatable, Sendable {
  /// Its summary lines (`checked 3 item(s) in US: 1 change(s).`).
  public var summary: [String]
  /// How many changes it found (they are stored: the digest reads them).
  public var changeCount: Int
  /// The new works of followed creators it found (not stored as changes: shown this session).
  public var releases: [ChangeEntry]

  /// Makes a report.
  public init(summary: [String], changeCount: Int, releases: [ChangeEntry] = []) {
    self.summary = summary
    self.changeCount = changeCount
    self.releases = releases
  }
}

/// One state of an item seen in a storefront: a row of its history on the detail page.
public struct SeenState: Equatable, Sendable {
  /// Whether the storefront sold it.
  public var available: Bool
  /// The title then.
  public var title: String?
  /// The price fields by name (`price`, `rentalPrice` …) as decimal text.
  public var prices: [String: String]
  /// Their currency.
  public var currency: String?
  /// An app's version.
  public var version: String?
  /// An album's or podcast's track count.
  public var trackCount: Int?
  /// When it was first seen in this state.
  public var from: Date
  /// When it was last seen still in it.
  public var to: Date

  /// Makes a state.
  public init(
    available: Bool, title: String? = nil, prices: [String: String] = [:],
    currency: String? = nil, version: String? = nil, trackCount: Int? = nil, from: Date,
    to: Date? = nil
  ) {
    self.available = available
    self.title = title
    self.prices = prices
    self.currency = currency
    self.version = version
    self.trackCount = trackCount
    self.from = from
    self.to = to ?? from
  }
}

/// One storefront's answer for an item (`tunes where`).
public struct StorefrontAnswer: Equatable, Sendable {
  /// The storefront (lower case).
  public var country: String
  /// Whether it sells the item.
  public var available: Bool
  /// The price as decimal text, when sold.
  public var price: String?
  /// Its currency.
  public var currency: String?
  /// The title, where it differs from the first storefront's.
  public var title: String?
  /// The track count, where it differs.
  public var trackCount: Int?

  /// Makes an answer.
  public init(
    country: String, available: Bool, price: String? = nil, currency: String? = nil,
    title: String? = nil, trackCount: Int? = nil
  ) {
    self.country = country
    self.available = available
    self.price = price
    self.currency = currency
    self.title = title
    self.trackCount = trackCount
  }
}
