import Foundation
import ITunesCatalog

/// Answers `/search` and `/lookup` from a set of records the way Apple does: every word of the
/// term matched against names (case, accents and width ignored), `media`, `entity`,
/// `attribute`, `country`, `explicit`, `limit` and `offset` honoured; lookups by `id` (a comma
/// list), `upc`, `isbn`, `bundleId`, `amgArtistId` and `amgAlbumId`, with `entity` adding the
/// related items (an artist's albums, an album's tracks, a podcast's episodes, a developer's
/// apps). Bad values get Apple's 400 error object.
///
/// The built-in demo catalogue (`DemoCatalogue`) and any folder of recorded answers
/// (`RecordingCatalogue`) are served by it; `ReplayServer.serve(catalogue:)` puts it behind the
/// exact recordings.
package struct CatalogEngine: Sendable {
  /// Every record, in the order results come (the catalogue's own ranking). A catalogue made
  /// by storefront (``init(shelves:fallbackStorefront:)``) makes every storefront to list them;
  /// its answers read only the storefront asked for.
  package var records: [CatalogRecord] {
    guard let shelves else { return eager.records }
    return eager.records + shelves.codes.flatMap { shelves.shelf($0)?.records ?? [] }
  }
  /// The storefront used for a `country` no record is sold in (`nil`: such a store is empty).
  package var fallbackStorefront: String?
  /// What was left out while the catalogue was made (files that are not search or lookup
  /// answers, and why).
  package var notes: [String]
  /// Generated media below `/media/` (the demo's preview audio), by the path after `/media/`.
  package var media: (@Sendable (String) -> GeneratedMedia?)?
  /// Apple's chart feeds by path (limitless for charts: `FeedPath.limitless`), when the
  /// catalogue has them: the demo's v2 charts and legacy genre feeds.
  package var feeds: [String: Data] = [:]
  /// The genre service's answers by `storefront/id` (`DemoGenres.Served.treeKey`); an id not
  /// here is answered with `{}`, as Apple does. Empty: the genre service is not answered.
  package var genreTrees: [String: Data] = [:]
  /// Whether `/store/…` paths answer with a small page naming the item (the demo's store links).
  package var storePages = false
  /// More feeds and genre trees, made the first time a request may need them (the demo's: making
  /// them was half of `tunes --demo search`); searches and lookups never do.
  package var servedLater: ServedLater?

  /// The records made up front (all of them, but for a catalogue made by storefront).
  let eager: CatalogShelves.Shelf
  /// The storefronts made on first use, when the catalogue is made by storefront.
  let shelves: CatalogShelves?
  let storefronts: Set<String>

  /// A catalogue of `records`.
  package init(records: [CatalogRecord], fallbackStorefront: String? = nil, notes: [String] = []) {
    self.eager = CatalogShelves.Shelf(records)
    self.shelves = nil
    self.fallbackStorefront = fallbackStorefront
    self.notes = notes
    self.storefronts = Set(records.compactMap(\.storefront))
  }

  /// A catalogue whose storefronts are made the first time a request reads them (each
  /// storefront's records are sold there only).
  package init(shelves: CatalogShelves, fallbackStorefront: String? = nil) {
    self.eager = CatalogShelves.Shelf([])
    self.shelves = shelves
    self.fallbackStorefront = fallbackStorefront
    self.notes = []
    self.storefronts = Set(shelves.codes)
  }

  /// The records a request in `storefront` (as ``storefront(_:)`` resolved it) may see: its
  /// shelf when the catalogue is made by storefront, else every record (the caller still keeps
  /// only those sold there).
  func shelf(for storefront: String) -> CatalogShelves.Shelf {
    shelves?.shelf(storefront) ?? eager
  }

  /// Media made on request: the bytes and their content type.
  package struct GeneratedMedia: Sendable {
    package var body: Data
    package var contentType: String

    package init(body: Data, contentType: String) {
      self.body = body
      self.contentType = contentType
    }
  }

  private func feed(at path: String, in feeds: [String: Data]) -> Data? {
    guard !feeds.isEmpty else { return nil }
    return feeds[path] ?? FeedPath.limitless(path).flatMap { feeds[$0] }
  }

  /// Feeds and genre trees made once, on first use, from any thread.
  package final class ServedLater: @unchecked Sendable {
    /// What is served: feeds by limitless path, genre service answers by `storefront/id`.
    package struct Value: Sendable {
      package var feeds: [String: Data]
      package var genreTrees: [String: Data]

      package init(feeds: [String: Data], genreTrees: [String: Data]) {
        self.feeds = feeds
        self.genreTrees = genreTrees
      }
    }

    private let lock = NSLock()
    private let make: @Sendable () -> Value
    private var made: Value?

    /// Serves what `make` returns, called the first time ``value`` is read.
    package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The feeds and trees, made now if they were not yet.
    package var value: Value {
      lock.withLock {
        if let made { return made }
        let value = make()
        made = value
        return value
      }
    }

    /// Whether ``value`` has been made.
    package var isMade: Bool { lock.withLock { made != nil } }
  }

  /// A request the catalogue refuses, as Apple words it: `Invalid value(s) for key(s): [key]`.
  struct Refusal: Error {
    var key: String
  }

  // MARK: Answers

  /// The answer to a `/search` or `/lookup` request, or `nil` for any other path.
  package func answer(for key: ReplayRequestKey) -> ReplayResponse? {
    var parameters: [String: String] = [:]
    for parameter in key.parameters { parameters[parameter.name] = parameter.value }
    if let feed = feed(at: key.path, in: feeds) {
      return ReplayResponse(status: 200, body: feed, headers: ["Content-Type": "application/json"])
    }
    if key.path != "/search", key.path != "/lookup", !key.path.hasPrefix("/store/"),
      let later = servedLater?.value, let feed = feed(at: key.path, in: later.feeds)
    {
      return ReplayResponse(status: 200, body: feed, headers: ["Content-Type": "application/json"])
    }
    if key.path == DemoGenres.servicePath, let answer = genreAnswer(parameters) { return answer }
    if storePages, key.path.hasPrefix("/store/") { return storePage(for: key) }
    let result: Result<[CatalogRecord], Refusal>
    switch key.path {
    case "/search": result = Result { () throws(Refusal) in try search(parameters) }
    case "/lookup": result = Result { () throws(Refusal) in try lookup(parameters) }
    default: return nil
    }
    switch result {
    case .success(let records):
      return ReplayResponse(status: 200, body: Self.body(records))
    case .failure(let refusal):
      return ReplayResponse(status: 400, body: Self.errorBody(key: refusal.key))
    }
  }

  /// Apple's raw layout: three newlines, `resultCount`, one result a line, three newlines.
  package static func body(_ records: [CatalogRecord]) -> Data {
    var out = Array("\n\n\n{\n \"resultCount\":\(records.count),\n \"results\": [".utf8)
    for (index, record) in records.enumerated() {
      out += index == 0 ? [0x0A] : Array(", \n".utf8)
      out += record.bytes
    }
    out += Array("]\n}\n\n\n".utf8)
    return Data(out)
  }

  /// Apple's error object for a refused value.
  static func errorBody(key: String) -> Data {
    Data(
      """
      {
       "errorMessage":"Invalid value(s) for key(s): [\(key)]",
       "queryParameters":{"output":"json", "callback":"A javascript function to handle your search results", "country":"ISO-2A country code", "limit":"The number of search results to return", "term":"A search string", "lang":"ISO-2A language code"}
      }
      """.utf8)
  }

  // MARK: Search

  func search(_ parameters: [String: String]) throws(Refusal) -> [CatalogRecord] {
    let storefront = try self.storefront(parameters["country"])
    var media = Media.all
    if let text = parameters["media"] {
      guard let known = Media.allCases.first(where: { $0.rawValue.lowercased() == text }) else {
        throw Refusal(key: "media")
      }
      media = known
    }
    var kinds = CatalogVocabulary.defaultKinds(media: media)
    if let entity = parameters["entity"] {
      kinds = []
      for word in entity.split(separator: ",") {
        let word = String(word).trimmingCharacters(in: .whitespaces)
        guard CatalogVocabulary.accepts(entity: word, media: media),
          let found = CatalogVocabulary.kinds(entity: word)
        else { throw Refusal(key: "entity") }
        kinds.formUnion(found)
      }
    }
    var fields = CatalogVocabulary.nameFields
    if let attribute = parameters["attribute"] {
      guard CatalogVocabulary.accepts(attribute: attribute, media: media),
        let found = CatalogVocabulary.fields(attribute: attribute)
      else { throw Refusal(key: "attribute") }
      fields = found
    }
    let clean = parameters["explicit"] == "no"
    if let explicit = parameters["explicit"], explicit != "no", explicit != "yes" {
      throw Refusal(key: "explicit")
    }
    let limit = try Self.number(parameters["limit"], key: "limit", default: 50, range: 1...200)
    let offset = try Self.number(parameters["offset"], key: "offset", default: 0, range: 0...)
    let words = Self.words(parameters["term"] ?? "")
    guard !words.isEmpty else { return [] }
    var titleMatches: [CatalogRecord] = []
    var otherMatches: [CatalogRecord] = []
    for record in shelf(for: storefront).records where kinds.contains(record.kind) {
      guard record.storefront == nil || record.storefront == storefront else { continue }
      if clean && record.explicit { continue }
      let texts = fields.map(record.text)
      guard words.allSatisfy({ word in texts.contains { $0.contains(word) } }) else { continue }
      let title = record.text(.title)
      if fields == CatalogVocabulary.nameFields, words.allSatisfy(title.contains) {
        titleMatches.append(record)
      } else {
        otherMatches.append(record)
      }
    }
    let ranked = titleMatches + otherMatches
    guard offset < ranked.count else { return [] }
    return Array(ranked[offset..<min(ranked.count, offset + limit)])
  }

  /// The words of a term, folded: split at anything that is not a letter or a digit.
  static func words(_ term: String) -> [String] {
    CatalogRecord.fold(term).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(
      String.init)
  }

  /// The storefront a `country` value asks for (`us` when none), or the fallback when no record
  /// is sold there.
  func storefront(_ country: String?) throws(Refusal) -> String {
    guard let country else { return resolve("us") }
    guard let code = Country.normalized(country) else { throw Refusal(key: "country") }
    return resolve(code.lowercased())
  }

  private func resolve(_ code: String) -> String {
    if storefronts.contains(code) || storefronts.isEmpty { return code }
    return fallbackStorefront ?? code
  }

  static func number(
    _ text: String?, key: String, default value: Int, range: PartialRangeFrom<Int>
  ) throws(Refusal) -> Int {
    guard let text else { return value }
    guard let number = Int(text), range.contains(number) else { throw Refusal(key: key) }
    return number
  }

  static func number(
    _ text: String?, key: String, default value: Int, range: ClosedRange<Int>
  ) throws(Refusal) -> Int {
    guard let text else { return value }
    guard let number = Int(text) else { throw Refusal(key: key) }
    return min(max(number, range.lowerBound), range.upperBound)
  }
}
