import Foundation

/// A validated lookup (`/lookup`) by iTunes ids or by one other key. Invalid values are refused by `init`.
public struct LookupQuery: Hashable, Sendable {
  /// What to look up.
  public enum Key: Hashable, Sendable {
    /// iTunes ids of artists, albums, tracks, apps, podcasts or books.
    case ids([Int64])
    /// All Music Guide artist ids.
    case amgArtistIDs([Int64])
    /// All Music Guide album ids.
    case amgAlbumIDs([Int64])
    /// A UPC/EAN of an album or video.
    case upc(String)
    /// A 10- or 13-digit ISBN.
    case isbn(String)
    /// An app's bundle id.
    case bundleID(String)
  }

  /// The sort orders Apple accepts on lookups.
  public enum Sort: String, CaseIterable, Sendable {
    case recent
  }

  /// What is looked up.
  public var key: Key
  /// Related items to return with each looked-up item (`album`, `song`, `podcastEpisode` …).
  public var entity: String?
  /// With `entity`: how many related items per looked-up item (1–200).
  public var limit: Int?
  /// Sort order of related items.
  public var sort: Sort?
  /// The storefront, ISO 3166-1 alpha-2.
  public var country: String?

  /// Makes a validated lookup.
  ///
  /// - Throws: `CatalogError` for an empty id list, a non-numeric UPC/ISBN, an unknown entity or country,
  ///   a limit outside 1–200.
  public init(
    key: Key, entity: String? = nil, limit: Int? = nil, sort: Sort? = nil, country: String? = nil
  ) throws {
    switch key {
    case .ids(let ids), .amgArtistIDs(let ids), .amgAlbumIDs(let ids):
      guard !ids.isEmpty else { throw CatalogError.invalidLookup("No id to look up.") }
      if let bad = ids.first(where: { $0 < 0 }) {
        throw CatalogError.invalidValue(
          parameter: "id", value: String(bad), allowed: ["whole numbers"])
      }
    case .upc(let code), .isbn(let code):
      guard !code.isEmpty, code.allSatisfy({ $0.isASCII && $0.isNumber || $0 == "X" }) else {
        throw CatalogError.invalidValue(
          parameter: key.parameterName, value: code, allowed: ["digits only"])
      }
    case .bundleID(let bundle):
      guard !bundle.isEmpty, !bundle.contains(where: \.isWhitespace) else {
        throw CatalogError.invalidValue(
          parameter: "bundleId", value: bundle,
          allowed: ["a reverse-DNS id such as com.example.App"])
      }
    }
    self.key = key
    self.entity = try entity.map {
      try QueryValidation.member(
        $0, parameter: "entity", media: nil, known: Media.lookupEntities, forMedia: \.entities)
    }
    if let limit, !SearchQuery.limitRange.contains(limit) {
      throw CatalogError.outOfRange(parameter: "limit", value: limit, range: SearchQuery.limitRange)
    }
    self.limit = limit
    self.sort = sort
    self.country = try country.map(QueryValidation.country)
  }

  /// Parses a comma-separated id list such as `909253,284910350`.
  ///
  /// - Throws: `CatalogError.invalidValue` naming the first part that is not a positive whole number.
  public static func parseIDs(_ text: String) throws -> [Int64] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    return try parts.map { part in
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let id = Int64(trimmed), id >= 0 else {
        throw CatalogError.invalidValue(
          parameter: "id", value: String(trimmed),
          allowed: ["whole numbers, comma-separated"]
        )
      }
      return id
    }
  }

  /// The request this lookup sends.
  public var request: CatalogRequest {
    var parameters = [CatalogRequest.Parameter(key.parameterName, key.value)]
    if let entity { parameters.append(.init("entity", entity)) }
    if let limit { parameters.append(.init("limit", String(limit))) }
    if let sort { parameters.append(.init("sort", sort.rawValue)) }
    if let country { parameters.append(.init("country", country)) }
    return CatalogRequest(endpoint: .lookup, parameters: parameters)
  }
}

extension LookupQuery.Key {
  /// The query parameter name Apple uses for this key.
  public var parameterName: String {
    switch self {
    case .ids: return "id"
    case .amgArtistIDs: return "amgArtistId"
    case .amgAlbumIDs: return "amgAlbumId"
    case .upc: return "upc"
    case .isbn: return "isbn"
    case .bundleID: return "bundleId"
    }
  }

  var value: String {
    switch self {
    case .ids(let ids), .amgArtistIDs(let ids), .amgAlbumIDs(let ids):
      return ids.map(String.init).joined(separator: ",")
    case .upc(let code), .isbn(let code), .bundleID(let code):
      return code
    }
  }
}
