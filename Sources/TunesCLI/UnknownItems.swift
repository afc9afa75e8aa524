import ITunesCatalog

/// The one wording for ids Apple does not know, shared by `lookup`, `preview` and `favorites add`
/// (all exit 65 when none of the asked ids is known; see docs/DECISIONS.md).
enum UnknownItems {
  /// "Apple knows no item with id 0 in the US store."
  static func message(_ what: String, country: String?) -> String {
    "Apple knows no item with \(what) in the \(store(country)) store."
  }

  /// "id 7" or "ids 7, 8" (up to 20, then how many more).
  static func ids(_ ids: [Int64]) -> String {
    (ids.count == 1 ? "id " : "ids ") + BulkLookupCommand.list(ids)
  }

  /// The storefront a lookup asked: its code in capitals, US when none was given.
  static func store(_ country: String?) -> String {
    (Country.normalized(country ?? "") ?? Country.appleDefault).uppercased()
  }

  /// What a lookup key names, for the message: "id 0", "bundle id com.x", "UPC 123" …
  static func describe(_ key: LookupQuery.Key) -> String {
    switch key {
    case .ids(let list): return ids(list)
    case .bundleID(let bundle): return "bundle id " + sanitizeLine(bundle)
    case .upc(let upc): return "UPC " + sanitizeLine(upc)
    case .isbn(let isbn): return "ISBN " + sanitizeLine(isbn)
    case .amgArtistIDs(let list): return "AMG artist id " + BulkLookupCommand.list(list)
    case .amgAlbumIDs(let list): return "AMG album id " + BulkLookupCommand.list(list)
    }
  }
}
