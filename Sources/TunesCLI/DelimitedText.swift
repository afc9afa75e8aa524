import TerminalUI

/// The one CSV and TSV writer of the command line (search, lookup, charts, genres and
/// favourites export). Every field is sanitized here (the fields are network data, and a CSV
/// file ends up on a terminal as often as in a spreadsheet) and guarded against formula
/// injection (`formulaGuarded(_:)`).
enum DelimitedText {
  /// RFC 4180 CSV: CRLF line ends, a field quoted only when it holds a comma, a quote, CR or
  /// LF or is formula-guarded, quotes doubled. Fields are sanitized keeping line breaks
  /// (`sanitizeParagraph(_:)`): a line break stays inside a quoted field.
  static func csv(_ rows: [[String]]) -> String {
    rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  /// Tab-separated values, LF line ends; each field sanitized to one line (`sanitize(_:)`: no
  /// tab or line break is left to break a row) and formula-guarded.
  static func tsv(_ rows: [[String]]) -> String {
    rows.map { $0.map { formulaGuarded(sanitize($0)) }.joined(separator: "\t") }
      .joined(separator: "\n") + "\n"
  }

  /// One RFC 4180 field. Quotes are found and doubled by Unicode scalar: a quote followed by
  /// a combining mark is one `Character`, and must still be doubled.
  static func csvField(_ text: String) -> String {
    let clean = sanitizeParagraph(text)
    let guarded = formulaGuarded(clean)
    guard
      guarded.unicodeScalars.count != clean.unicodeScalars.count
        || guarded.unicodeScalars.contains(where: {
          $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r"
        })
    else { return guarded }
    var out = String.UnicodeScalarView()
    out.append("\"")
    for scalar in guarded.unicodeScalars {
      out.append(scalar)
      if scalar == "\"" { out.append("\"") }
    }
    out.append("\"")
    return String(out)
  }

  /// `text` with a `'` in front when a spreadsheet would read it as a formula (OWASP's advice
  /// for CSV injection): it starts with `=`, `+`, `-`, `@`, a tab or CR and is not a plain
  /// number (`-1`, `+44`, `-1.29`, `1e-3` stay numbers), or it is such a text already guarded
  /// (`'` then one of those), so `unguarded(_:)` undoes it exactly. Read by Unicode scalar.
  static func formulaGuarded(_ text: String) -> String {
    needsGuard(text.unicodeScalars[...]) ? "'" + text : text
  }

  /// `text` without the `'` `formulaGuarded(_:)` put in front (reading back an export).
  static func unguarded(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.first == "'", needsGuard(scalars.dropFirst()) else { return text }
    return String(String.UnicodeScalarView(scalars.dropFirst()))
  }

  private static func needsGuard(_ text: Substring.UnicodeScalarView) -> Bool {
    var rest = text
    while rest.first == "'" { rest = rest.dropFirst() }
    guard let first = rest.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else {
      return false
    }
    return rest.count != text.count || !isPlainNumber(rest)
  }

  /// `[+-]digits[.digits][e[+-]digits]`: what a spreadsheet reads as a number, never a formula.
  private static func isPlainNumber(_ text: Substring.UnicodeScalarView) -> Bool {
    var scalars = Array(text)[...]
    func digits() -> Int {
      var count = 0
      while let first = scalars.first, ("0"..."9").contains(first) {
        scalars = scalars.dropFirst()
        count += 1
      }
      return count
    }
    if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
    guard digits() > 0 else { return false }
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      guard digits() > 0 else { return false }
    }
    if let first = scalars.first, first == "e" || first == "E" {
      scalars = scalars.dropFirst()
      if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return scalars.isEmpty
  }
}

extension DelimitedText {
  /// Reads RFC 4180 CSV (CRLF or LF line ends, quoted fields with doubled quotes and line
  /// breaks inside) into rows of fields.
  /// - Throws: when a quoted field is never closed.
  static func parseCSV(_ text: String) throws(ImportError) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var atFieldStart = true
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = iterator.next()
    while let scalar = pending {
      pending = iterator.next()
      if quoted {
        if scalar == "\"" {
          if pending == "\"" {
            field.unicodeScalars.append("\"")
            pending = iterator.next()
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where atFieldStart:
        quoted = true
        atFieldStart = false
      case ",":
        row.append(unguarded(field))
        field = ""
        atFieldStart = true
      case "\r" where pending == "\n":
        continue
      case "\n", "\r":
        row.append(unguarded(field))
        rows.append(row)
        row = []
        field = ""
        atFieldStart = true
      default:
        field.unicodeScalars.append(scalar)
        atFieldStart = false
      }
    }
    if quoted {
      throw ImportError(reason: "a quoted field is never closed (the file may be cut short)")
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(unguarded(field))
      rows.append(row)
    }
    return rows
  }
}
