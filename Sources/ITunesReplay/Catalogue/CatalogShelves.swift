import Foundation

/// A catalogue's records by storefront, each storefront's made the first time a request reads
/// it, from any thread (the demo's: a search reads one storefront of five, and making all five
/// up front was most of `tunes --demo search`).
package final class CatalogShelves: @unchecked Sendable {
  /// The records of one storefront, in the catalogue's order, with their index by id.
  struct Shelf: Sendable {
    var records: [CatalogRecord]
    var byID: [Int64: [Int]]

    init(_ records: [CatalogRecord]) {
      self.records = records
      var byID: [Int64: [Int]] = [:]
      for (index, record) in records.enumerated() { byID[record.id, default: []].append(index) }
      self.byID = byID
    }
  }

  /// The storefronts (ISO 3166-1 alpha-2, lower case), in the order ``CatalogEngine/records``
  /// lists them.
  package let codes: [String]
  private let lock = NSLock()
  private let make:
    @Sendable (_ storefront: String, _ madeBefore: [CatalogRecord]?) -> [CatalogRecord]
  private var made: [String: Shelf] = [:]
  private var first: [CatalogRecord]?

  /// Shelves for `codes`, each made by `make` on first use; `make` is given the records of the
  /// storefront made first (`nil` for that one), in the same order, so what is the same in
  /// every storefront (the folded names) need not be worked out again.
  package init(
    codes: [String],
    make:
      @escaping @Sendable (_ storefront: String, _ madeBefore: [CatalogRecord]?) ->
      [CatalogRecord]
  ) {
    self.codes = codes
    self.make = make
  }

  /// The shelf of `code`, made now if it was not yet; `nil` for a storefront not in ``codes``.
  func shelf(_ code: String) -> Shelf? {
    guard codes.contains(code) else { return nil }
    return lock.withLock {
      if let shelf = made[code] { return shelf }
      let records = make(code, first)
      if first == nil { first = records }
      let shelf = Shelf(records)
      made[code] = shelf
      return shelf
    }
  }

  /// The storefronts made so far.
  package var madeCodes: Set<String> { lock.withLock { Set(made.keys) } }
}
