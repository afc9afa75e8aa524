/// A chart to fetch: which one, for which storefront, how many entries, and optionally a genre.
///
/// Without a genre the v2 feed is used where Apple has one
/// (`/api/v2/{cc}/{media}/{chart}/{n}/{type}.json`); with a genre, or where v2 has no such chart,
/// the legacy feed (`/{cc}/rss/{feed}/limit={n}/genre={g}/json`).
public struct ChartQuery: Hashable, Sendable {
  /// The largest number of entries asked for (v2 answers more with a server error).
  public static let maximumLimit = 100
  /// The number of entries when none is given.
  public static let defaultLimit = 25

  /// Which chart.
  public var kind: ChartKind
  /// The storefront, lower case ISO 3166-1 alpha-2.
  public var country: String
  /// How many entries, 1–100.
  public var limit: Int
  /// A genre id to filter by (legacy feed), if any.
  public var genre: Int?

  /// Makes a validated query.
  ///
  /// - Throws: `CatalogError.invalidValue` for a country that is not an ISO 3166-1 code,
  ///   `.outOfRange` for a limit outside 1–100 or a genre id below 1.
  public init(
    kind: ChartKind, country: String? = nil, limit: Int = ChartQuery.defaultLimit,
    genre: Int? = nil
  ) throws(CatalogError) {
    self.kind = kind
    if let country {
      guard let code = Country.normalized(country) else {
        throw .invalidValue(
          parameter: "country", value: country, allowed: Country.codes.sorted())
      }
      self.country = code.lowercased()
    } else {
      self.country = Country.appleDefault
    }
    guard (1...Self.maximumLimit).contains(limit) else {
      throw .outOfRange(parameter: "limit", value: limit, range: 1...Self.maximumLimit)
    }
    self.limit = limit
    if let genre, genre < 1 {
      throw .outOfRange(parameter: "genre", value: genre, range: 1...Int(Int32.max))
    }
    self.genre = genre
  }

  /// Whether the legacy feed answers this query (a genre, or no v2 chart).
  public var usesLegacyFeed: Bool { genre != nil || kind.v2Path == nil }

  /// The request for this chart.
  public var request: FeedRequest {
    let document = FeedRequest.Document.chart(expected: kind.itemKind)
    if !usesLegacyFeed, let v2 = kind.v2Path {
      return FeedRequest(
        host: .marketingTools,
        path: "/api/v2/\(country)/\(v2.media)/\(v2.chart)/\(limit)/\(v2.type).json",
        document: document)
    }
    var path = "/\(country)/rss/\(kind.legacyFeed)/limit=\(limit)"
    if let genre { path += "/genre=\(genre)" }
    return FeedRequest(host: .itunes, path: path + "/json", document: document)
  }
}
