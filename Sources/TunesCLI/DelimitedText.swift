/// The one CSV and TSV writer of the command line (search, lookup and favourites export).
enum DelimitedText {
  /// RFC 4180 CSV: CRLF line ends, a field quoted only when it holds a comma, a quote, CR or
  /// LF, quotes doubled.
  static func csv(_ rows: [[String]]) -> String {
    rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  /// Tab-separated values, LF line ends (the fields hold no tabs or line breaks: they are
  /// sanitized before).
  static func tsv(_ rows: [[String]]) -> String {
    rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
  }

  /// One RFC 4180 field.
  static func csvField(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
        row.append(field)
        field = ""
        atFieldStart = true
      case "\r" where pending == "\n":
        continue
      case "\n", "\r":
        row.append(field)
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
      row.append(field)
      rows.append(row)
    }
    return rows
  }
}
