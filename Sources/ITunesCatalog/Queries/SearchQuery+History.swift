import Foundation

/// The one codec of a history entry's filters, used by the command line and the app alike.
///
/// A past search keeps what it searched for: media, entity, attribute, explicitness, language
/// and limit, as `name: value` text pairs (`explicit` is `yes` or `no`). The storefront is not
/// among them: it is a setting of whoever runs the search again, not a filter of the search, so
/// picking a recent search never changes it (rows written before this rule may still hold a
/// `country`, which is ignored).
extension SearchQuery {
  /// The names a history entry's filters may hold, in the order they are shown.
  public static let historyFieldNames = [
    "media", "entity", "attribute", "explicit", "lang", "limit",
  ]

  /// The filters of this query as a history entry keeps them (only those that are set).
  public var historyFields: [String: String] {
    var fields: [String: String] = [:]
    fields["media"] = media?.rawValue
    fields["entity"] = entity
    fields["attribute"] = attribute
    fields["explicit"] = explicit.map { $0 ? "yes" : "no" }
    fields["lang"] = language?.rawValue
    fields["limit"] = limit.map(String.init)
    return fields
  }

  /// The search of `term` with a history entry's filters, in `country` (the storefront of
  /// whoever runs it again); the entry's own `country`, if an old row has one, is ignored.
  ///
  /// - Throws: `CatalogError` when the stored filters are not a valid search (an unknown media,
  ///   an entity not valid for it, a limit out of range): a damaged entry is not run as another
  ///   search.
  public init(term: String, historyFields fields: [String: String], country: String?) throws {
    var media: Media?
    if let name = fields["media"] {
      guard let known = Media(rawValue: name) else {
        throw CatalogError.invalidLookup("unknown media \"\(name)\" in a history entry")
      }
      media = known
    }
    var limit: Int?
    if let text = fields["limit"] {
      guard let value = Int(text) else {
        throw CatalogError.invalidLookup("limit \"\(text)\" in a history entry is not a number")
      }
      limit = value
    }
    var language: Language?
    if let name = fields["lang"] {
      guard let known = Language(rawValue: name) else {
        throw CatalogError.invalidLookup("unknown language \"\(name)\" in a history entry")
      }
      language = known
    }
    let explicit = fields["explicit"].map { $0 == "yes" }
    try self.init(
      term: term, country: country, media: media, entity: fields["entity"],
      attribute: fields["attribute"], limit: limit, language: language, explicit: explicit)
  }
}

extension SearchQuery {
  /// The JSON shape of one history entry, shared by `tunes history --format json` and
  /// `tunes mcp`: `query`, `searchedAt` (ISO 8601) and, when there are any, `filters` by name.
  public static func historyJSON(
    query: String, searchedAt: Date, filters: [String: String]
  ) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("query", .string(query)), ("searchedAt", .string(ISODate.string(from: searchedAt))),
    ]
    if !filters.isEmpty {
      members.append(
        ("filters", .object(filters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
      )
    }
    return .object(members)
  }
}
