import Foundation

/// A validated search (`/search`). Invalid values are refused by `init`, before any request.
public struct SearchQuery: Hashable, Sendable {
  /// The search text, trimmed.
  public var term: String
  /// The storefront, ISO 3166-1 alpha-2 upper case; `nil` sends nothing (Apple's default is US).
  public var country: String?
  /// The media type; `nil` sends nothing (Apple's default is `all`).
  public var media: Media?
  /// The result entity, valid for `media`.
  public var entity: String?
  /// The attribute the term is matched against, valid for `media`.
  public var attribute: String?
  /// Number of results, 1–200; `nil` sends nothing (Apple's default is 50).
  public var limit: Int?
  /// Result language.
  public var language: Language?
  /// Whether explicit content is included; `nil` sends nothing (Apple's default is yes).
  public var explicit: Bool?
  /// Best-effort paging offset (undocumented by Apple and unreliable).
  public var offset: Int?

  /// The languages Apple returns results in.
  public enum Language: String, CaseIterable, Sendable, Codable {
    case enUS = "en_us"
    case jaJP = "ja_jp"
  }

  /// The allowed range of `limit`.
  public static let limitRange = 1...200
  /// How many results tunes asks for when no limit is given (the spec's 30; Apple's own
  /// default, when no `limit` is sent, is 50). The CLI, the app and `tunes mcp` all use it.
  public static let defaultLimit = 30

  /// Makes a validated search query.
  ///
  /// - Throws: `CatalogError` naming the bad value and the allowed ones: empty term, unknown country,
  ///   entity or attribute unknown or not valid for the media, limit outside 1–200, negative offset.
  public init(
    term: String, country: String? = nil, media: Media? = nil, entity: String? = nil,
    attribute: String? = nil, limit: Int? = nil, language: Language? = nil, explicit: Bool? = nil,
    offset: Int? = nil
  ) throws {
    let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw CatalogError.emptyTerm }
    self.term = trimmed
    self.country = try country.map(QueryValidation.country)
    self.media = media
    self.entity = try entity.map {
      try QueryValidation.member(
        $0, parameter: "entity", media: media, known: Media.allEntities, forMedia: \.entities)
    }
    self.attribute = try attribute.map {
      try QueryValidation.member(
        $0, parameter: "attribute", media: media, known: Media.allAttributes,
        forMedia: \.attributes)
    }
    if let limit, !Self.limitRange.contains(limit) {
      throw CatalogError.outOfRange(parameter: "limit", value: limit, range: Self.limitRange)
    }
    self.limit = limit
    self.language = language
    self.explicit = explicit
    if let offset, offset < 0 {
      throw CatalogError.outOfRange(parameter: "offset", value: offset, range: 0...Int.max)
    }
    self.offset = offset
  }

  /// The request this query sends.
  public var request: CatalogRequest {
    var parameters = [CatalogRequest.Parameter("term", term)]
    if let country { parameters.append(.init("country", country)) }
    if let media { parameters.append(.init("media", media.rawValue)) }
    if let entity { parameters.append(.init("entity", entity)) }
    if let attribute { parameters.append(.init("attribute", attribute)) }
    if let limit { parameters.append(.init("limit", String(limit))) }
    if let language { parameters.append(.init("lang", language.rawValue)) }
    if let explicit { parameters.append(.init("explicit", explicit ? "Yes" : "No")) }
    if let offset { parameters.append(.init("offset", String(offset))) }
    return CatalogRequest(endpoint: .search, parameters: parameters)
  }
}
