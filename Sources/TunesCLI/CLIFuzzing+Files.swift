import Foundation
import TerminalUI
import TunesLive

extension CLIFuzzing {
  /// `config.json` holding the fuzzer's bytes, read and saved (`ConfigFuzzing.run`).
  package static func config(_ bytes: [UInt8], home: URL) -> String? {
    ConfigFuzzing.run(bytes, home: home)
  }

  /// Rows made from the fuzzer's bytes (fields split at 0x1F, rows at 0x1E), written as CSV and
  /// TSV: the CSV reads back as the sanitized fields, neither holds a control character but its
  /// separators, and no field starts a formula. Returns what broke, or `nil`.
  package static func delimited(_ bytes: [UInt8]) -> String? {
    let rows = bytes.split(separator: 0x1E, omittingEmptySubsequences: false).map { row in
      row.split(separator: 0x1F, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    let csv = DelimitedText.csv(rows)
    guard let back = try? DelimitedText.parseCSV(csv) else { return "the CSV does not read back" }
    let expected = rows.map { $0.map(sanitizeParagraph) }
    if back != expected { return "the CSV reads back as other rows" }
    let tsv = DelimitedText.tsv(rows)
    let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if lines.count != rows.count { return "a TSV field broke a row" }
    for (line, row) in zip(lines, rows)
    where line.split(separator: "\t", omittingEmptySubsequences: false).count != row.count {
      return "a TSV field broke a column"
    }
    for text in [csv, tsv] {
      for scalar in text.unicodeScalars {
        let v = scalar.value
        if v == 0x0A || v == 0x0D || v == 0x09 { continue }
        if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
          || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
        {
          return "a control character was written"
        }
      }
    }
    for line in lines {
      for field in line.split(separator: "\t", omittingEmptySubsequences: false) {
        if let first = field.unicodeScalars.first, "=+-@".unicodeScalars.contains(first),
          DelimitedText.formulaGuarded(String(field)) != String(field)
        {
          return "a TSV field starts a formula: \(field)"
        }
      }
    }
    return nil
  }
}
