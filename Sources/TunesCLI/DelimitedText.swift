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
