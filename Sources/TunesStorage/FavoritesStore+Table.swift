import Foundation

/// The fields of a favourite a table shows, read by SQLite from the stored item without
/// decoding it in Swift.
public struct FavoriteSummary: Sendable, Equatable {
  /// The item's id.
  public var id: Int64
  /// The item's kind (its raw value).
  public var kind: String
  /// The title.
  public var title: String
  /// The author, when stored.
  public var author: String?
  /// The collection, when stored.
  public var collection: String?
  /// The length in milliseconds, when stored.
  public var durationMillis: Int?
  /// The price as the stored JSON wrote it ("1.29"), when stored.
  public var price: String?
  /// The ISO 4217 currency, when stored.
  public var currency: String?
  /// Apple's own price text, when stored.
  public var formattedPrice: String?
  /// The release date as ISO 8601 text, when stored.
  public var releaseDate: String?
}

extension FavoritesStore {
  /// Every favourite's table fields, newest first: one query in which SQLite reads the
  /// fields from the stored JSON (a table of 10,000 costs about what listing them as JSON does).
  public func summaries() throws -> [FavoriteSummary] {
    // One json_extract with several paths parses each payload once and answers an array.
    let rows = try database.query(
      """
      SELECT id, kind, title, json_extract(payload, '$.author', '$.collection',
        '$.durationMillis', '$.price', '$.currency', '$.formattedPrice', '$.releaseDate')
      FROM favorites \(Self.newestFirst)
      """)
    return rows.map { row in
      let fields = Self.fields(row[3].string ?? "[]")
      return FavoriteSummary(
        id: row[0].int64 ?? 0, kind: row[1].string ?? "", title: row[2].string ?? "",
        author: fields[0], collection: fields[1], durationMillis: fields[2].flatMap { Int($0) },
        price: fields[3], currency: fields[4], formattedPrice: fields[5], releaseDate: fields[6])
    }
  }

  /// The seven values of the array `json_extract` answered, as text (`nil` for JSON null);
  /// strings lose their quotes and escapes, numbers keep JSON's spelling.
  static func fields(_ array: String) -> [String?] {
    var values: [String?] = []
    var bytes = Array(array.utf8)
    if bytes.first == UInt8(ascii: "[") { bytes.removeFirst() }
    var index = 0
    while index < bytes.count, values.count < 7 {
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "]") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        var text: [UInt8] = []
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            index += 1
            switch bytes[index] {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "u"):
              // A \uXXXX escape: decode it through Foundation (rare in favourites).
              let end = min(bytes.count, index + 5)
              let hex = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
              if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                text.append(contentsOf: Array(String(Character(scalar)).utf8))
              }
              index = end - 1
            default: text.append(bytes[index])
            }
          } else {
            text.append(bytes[index])
          }
          index += 1
        }
        index += 1
        values.append(String(decoding: text, as: UTF8.self))
        continue
      }
      var end = index
      while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "]") {
        end += 1
      }
      let token = String(decoding: bytes[index..<end], as: UTF8.self)
      values.append(token == "null" ? nil : token)
      index = end
    }
    while values.count < 7 { values.append(nil) }
    return values
  }
}
