import ITunesCatalog

extension CatalogEngine {
  /// `/lookup`: the items named by one key, in the order asked, each followed by its related
  /// items of `entity` (at most `limit` each, default 50, `sort=recent` newest first).
  func lookup(_ parameters: [String: String]) throws(Refusal) -> [CatalogRecord] {
    let storefront = try self.storefront(parameters["country"])
    let shelf = self.shelf(for: storefront)
    let records = shelf.records
    let visible = { (record: CatalogRecord) in
      record.storefront == nil || record.storefront == storefront
    }
    var found: [CatalogRecord] = []
    if let text = parameters["id"] {
      for id in try Self.ids(text, key: "itunesId") {
        found += Self.records(withID: id, in: shelf).filter(visible).prefix(1)
      }
    } else if let text = parameters["amgartistid"] {
      for id in try Self.ids(text, key: "amgArtistId") {
        found += records.filter {
          $0.role == .artist && $0.integer("amgArtistId") == id && visible($0)
        }
      }
    } else if let text = parameters["amgalbumid"] {
      for id in try Self.ids(text, key: "amgAlbumId") {
        found += records.filter { $0.keys["amgAlbumId"] == String(id) && visible($0) }
      }
    } else if let upc = parameters["upc"] {
      found = records.filter { $0.keys["upc"] == upc && visible($0) }
    } else if let isbn = parameters["isbn"] {
      found = records.filter { $0.keys["isbn"] == isbn && visible($0) }
    } else if let bundle = parameters["bundleid"] {
      found = records.filter { $0.string("bundleId") == bundle && visible($0) }
    } else {
      return []
    }
    guard let entity = parameters["entity"] else { return found }
    var kinds: Set<CatalogRecord.Kind> = []
    for word in entity.split(separator: ",") {
      guard let more = CatalogVocabulary.kinds(entity: String(word)) else {
        throw Refusal(key: "entity")
      }
      kinds.formUnion(more)
    }
    let limit = try Self.number(parameters["limit"], key: "limit", default: 50, range: 1...200)
    let recent = parameters["sort"] == "recent"
    var result: [CatalogRecord] = []
    var seen = Set<String>()
    for record in found {
      if seen.insert(Self.identity(record)).inserted { result.append(record) }
      var related = Self.related(to: record, kinds: kinds, in: records).filter(visible)
      if recent { related.sort { $0.releaseDate > $1.releaseDate } }
      for item in related.prefix(limit) where seen.insert(Self.identity(item)).inserted {
        result.append(item)
      }
    }
    return result
  }

  /// The records of `shelf` whose own id is `id` (a podcast's track and collection ids are one).
  static func records(withID id: Int64, in shelf: CatalogShelves.Shelf) -> [CatalogRecord] {
    (shelf.byID[id] ?? []).map { shelf.records[$0] }
  }

  /// Items related to `record` as the store relates them: an artist's works, a collection's
  /// tracks (an album's songs and its music videos when songs are asked for), a podcast's
  /// episodes, and a track's collection or artist when those are asked for; from `records`.
  static func related(
    to record: CatalogRecord, kinds: Set<CatalogRecord.Kind>, in records: [CatalogRecord]
  ) -> [CatalogRecord] {
    var kinds = kinds
    let isCollection = record.role == .collection || record.kind == .podcast
    if isCollection, kinds.contains(.song) { kinds.insert(.musicVideo) }
    var related: [CatalogRecord] = []
    switch record.role {
    case .artist:
      related = records.filter {
        $0.role != .artist && $0.artistID == record.id && kinds.contains($0.kind)
      }
    case .collection, .track:
      if isCollection, let collection = record.collectionID {
        related = records.filter {
          $0.role == .track && $0.collectionID == collection && $0.id != record.id
            && kinds.contains($0.kind)
        }
        .sorted { ($0.discNumber, $0.trackNumber) < ($1.discNumber, $1.trackNumber) }
      } else {
        related = records.filter { candidate in
          guard kinds.contains(candidate.kind) else { return false }
          if candidate.role == .collection { return candidate.id == record.collectionID }
          if candidate.role == .artist { return candidate.id == record.artistID }
          return false
        }
      }
    }
    return related
  }

  private static func identity(_ record: CatalogRecord) -> String {
    "\(record.role)-\(record.id)-\(record.storefront ?? "")"
  }

  static func ids(_ text: String, key: String) throws(Refusal) -> [Int64] {
    var ids: [Int64] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: true) {
      guard let id = Int64(piece.trimmingCharacters(in: .whitespaces)), id >= 0 else {
        throw Refusal(key: key)
      }
      ids.append(id)
    }
    guard !ids.isEmpty else { throw Refusal(key: key) }
    return ids
  }
}
