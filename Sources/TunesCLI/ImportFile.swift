import Foundation
import ITunesCatalog
import TunesStorage

/// What `tunes favorites import FILE` reads: the JSON array or the CSV that `favorites export`
/// writes, told apart by their content, never by the file name.
enum ImportFile {
  /// The kind of content a file holds.
  enum Content: Equatable {
    /// A JSON document (it starts with `[` or `{`).
    case json
    /// CSV with a header row naming an `id` column.
    case csv
    /// Neither; the text says what it looks like.
    case unreadable(String)
  }

  /// Tells JSON from CSV from anything else by the first bytes.
  static func detect(_ data: Data) -> Content {
    guard let text = String(data: data, encoding: .utf8) else {
      return .unreadable("it is not UTF-8 text")
    }
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard let first = trimmed.first else { return .unreadable("it is empty") }
    if first == "[" || first == "{" { return .json }
    let header = trimmed.prefix { $0 != "\n" && $0 != "\r" }
    let columns = header.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
    }
    if columns.count > 1, columns.contains("id") { return .csv }
    return .unreadable("it is neither JSON nor the CSV that export writes")
  }

  /// Records from CSV text with a header row: `id` (required, an integer), `kind`, `title`, and
  /// any other columns, which become keys of the stored item (numbers, booleans, arrays and
  /// objects as JSON spells them, everything else as text; `added_at` is not kept).
  /// - Throws: a reason when a row has no integer id or the CSV is malformed.
  static func records(fromCSV text: String, at date: Date) throws(ImportError) -> [FavoriteRecord] {
    let rows = try DelimitedText.parseCSV(text)
    guard let header = rows.first, let idColumn = header.firstIndex(of: "id") else {
      throw ImportError(reason: "the CSV has no id column")
    }
    var records: [FavoriteRecord] = []
    for (number, row) in rows.dropFirst().enumerated() where row != [""] {
      guard row.count == header.count else {
        throw ImportError(
          reason: "row \(number + 2) has \(row.count) fields, the header has \(header.count)")
      }
      guard let id = Int64(row[idColumn]) else {
        throw ImportError(reason: "row \(number + 2) has no integer id")
      }
      var members: [(key: String, value: JSONValue)] = [
        ("id", .number(JSONNumber(text: String(id))))
      ]
      for (name, field) in zip(header, row) where name != "id" && name != "added_at" {
        guard !field.isEmpty else { continue }
        members.append((name, value(of: field)))
      }
      let payload = JSONWriter.bytes(.object(members))
      let kind = header.firstIndex(of: "kind").map { row[$0] } ?? ""
      let title = header.firstIndex(of: "title").map { row[$0] } ?? ""
      records.append(
        FavoriteRecord(id: id, kind: kind, title: title, payload: Data(payload), addedAt: date))
    }
    return records
  }

  /// A CSV field as the JSON value export wrote it from.
  static func value(of field: String) -> JSONValue {
    if field == "true" { return .bool(true) }
    if field == "false" { return .bool(false) }
    if let first = field.first, first == "[" || first == "{" || first == "-" || first.isNumber,
      let parsed = try? JSONParser.parse(Array(field.utf8))
    {
      return parsed
    }
    return .string(field)
  }
}

/// Why an import file cannot be used.
struct ImportError: Error, Equatable {
  /// What is wrong, as a clause ("row 3 has no integer id").
  var reason: String
}
