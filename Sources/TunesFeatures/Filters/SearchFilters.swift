import Foundation
import ITunesCatalog

/// The filters applied to every search: media, entity, explicitness, storefront, language and
/// page size. Persisted through `TunesDependencies.filtersStore`.
public struct SearchFilters: Hashable, Sendable, Codable {
  /// The default page size.
  public static let defaultLimit = SearchQuery.defaultLimit
  /// The most results a search may ask for (Apple's maximum).
  public static let maximumLimit = 200

  /// The media type; `nil` searches everything.
  public var media: Media?
  /// The result entity (valid for `media`); `nil` uses Apple's default for the media.
  public var entity: String?
  /// The attribute the term is matched against (`artistTerm`); set only by picking a recent
  /// search that had one (the command line's `--attribute`); `nil` matches everything.
  public var attribute: String? = nil
  /// `true` includes explicit content, `false` excludes it, `nil` leaves Apple's default (yes).
  public var explicit: Bool?
  /// The storefront (ISO 3166-1 alpha-2); `nil` is Apple's default (US).
  public var country: String?
  /// The result language.
  public var language: SearchQuery.Language?
  /// Results per search, 1–200.
  public var limit: Int

  /// Makes filters; everything defaults to Apple's defaults and a limit of 30.
  public init(
    media: Media? = nil, entity: String? = nil, explicit: Bool? = nil, country: String? = nil,
    language: SearchQuery.Language? = nil, limit: Int = SearchFilters.defaultLimit
  ) {
    self.media = media
    self.entity = entity
    self.explicit = explicit
    self.country = country
    self.language = language
    self.limit = limit
  }

  /// The search query for `term` with these filters (normalized) and `limit` (default:
  /// `self.limit`).
  ///
  /// - Throws: `CatalogError` when the filters break SearchQuery's rules (an entity not valid for the
  ///   media, an unknown country, a limit outside 1–200) or the term is empty.
  public func query(term: String, limit: Int? = nil) throws(CatalogError) -> SearchQuery {
    let clean = normalized
    do {
      return try SearchQuery(
        term: term, country: clean.country, media: media, entity: clean.entity,
        attribute: attribute, limit: limit ?? self.limit, language: language, explicit: explicit)
    } catch let error as CatalogError {
      throw error
    } catch {
      throw CatalogError.invalidLookup(error.localizedDescription)
    }
  }

  /// The filters as the panel should keep them: blank country and entity become `nil`, a valid
  /// country is upper-cased.
  public var normalized: SearchFilters {
    var copy = self
    let country = country?.trimmingCharacters(in: .whitespaces) ?? ""
    copy.country = country.isEmpty ? nil : (Country.normalized(country) ?? country)
    let entity = entity?.trimmingCharacters(in: .whitespaces) ?? ""
    copy.entity = entity.isEmpty ? nil : entity
    // Explicit content allowed is Apple's default: the same search as no choice.
    if copy.explicit == true { copy.explicit = nil }
    return copy
  }

  /// The reason these filters cannot make a query, or `nil` when they are valid.
  public var validationError: CatalogError? {
    do {
      _ = try query(term: "x")
      return nil
    } catch {
      return error
    }
  }

  /// Whether every filter is at its default (Apple's, or tunes' limit of 30).
  public var isDefault: Bool { normalized == SearchFilters() }

  /// The filters that differ from the defaults, as `name: value` pairs for the status line and
  /// for the history record (`media`, `entity`, `explicit`, `country`, `lang`, `limit`).
  public var fields: [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    if let media { fields.append(("media", media.rawValue)) }
    if let entity { fields.append(("entity", entity)) }
    if let attribute { fields.append(("attribute", attribute)) }
    // Explicit content allowed is Apple's default: only leaving it out is a filter.
    if explicit == false { fields.append(("explicit", "no")) }
    if let country { fields.append(("country", country)) }
    if let language { fields.append(("lang", language.rawValue)) }
    if limit != Self.defaultLimit { fields.append(("limit", String(limit))) }
    return fields
  }

  /// The filters of a history entry (``SearchQuery/historyFields``, the one codec), in the
  /// storefront `country`: a past search never brings its own. An entry that is not a valid
  /// search gives the defaults.
  public init(historyFields fields: [String: String], country: String? = nil) {
    self.init(country: country)
    guard let query = try? SearchQuery(term: "history", historyFields: fields, country: nil) else {
      return
    }
    media = query.media
    entity = query.entity
    attribute = query.attribute
    explicit = query.explicit
    language = query.language
    limit = query.limit ?? Self.defaultLimit
  }

  /// What a history entry keeps of these filters (``SearchQuery/historyFields``): never the
  /// storefront, and the limit only when it is not the default.
  public var historyFields: [String: String] {
    var plain = normalized
    plain.country = nil
    guard
      let query = try? SearchQuery(
        term: "history", media: plain.media, entity: plain.entity, attribute: plain.attribute,
        limit: plain.limit == Self.defaultLimit ? nil : plain.limit, language: plain.language,
        explicit: plain.explicit)
    else { return [:] }
    return query.historyFields
  }

  /// A one-line summary: `media music · country GB`, or `no filters`.
  public var summary: String {
    let parts = fields.map { "\($0.name) \($0.value)" }
    return parts.isEmpty ? "no filters" : parts.joined(separator: " · ")
  }

  /// The summary of what the filters panel (`f`) sets, for the status line: the storefront is
  /// the settings' (`S`) and the header's, so it is left out. `media music`, or `no filters`.
  public var panelSummary: String {
    var panel = self
    panel.country = nil
    return panel.summary
  }
}
