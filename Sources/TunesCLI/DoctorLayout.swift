import TerminalUI

/// `tunes doctor`'s report fitted to a terminal: a value longer than the line is wrapped
/// between words, its next lines indented to the value's column, so the terminal never breaks
/// a line inside a word or a path (a path or word wider than the line stays whole on its own
/// line). Piped, the report keeps one line a row, for grep.
enum DoctorLayout {
  /// `report` with every row fitted to `width` columns (`nil`: as it is).
  static func fit(_ report: String, width: Int?) -> String {
    guard let width, width > 0 else { return report }
    var out: [String] = []
    for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
      out.append(fitRow(String(line), width: width))
    }
    return out.joined(separator: "\n")
  }

  /// One row: `label  value` (or an indented note), wrapped under the value's column.
  static func fitRow(_ line: String, width: Int) -> String {
    guard displayWidth(of: line) > width else { return line }
    let column = valueColumn(line)
    let prefix = String(line.prefix(column))
    let value = line.dropFirst(column)
    let room = width - displayWidth(of: prefix)
    // Too narrow for an indented value: leave the row whole rather than break a word.
    guard room >= 16 else { return line }
    var lines: [String] = []
    var current = ""
    for word in value.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if current.isEmpty || displayWidth(of: candidate) <= room {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    let indent = String(repeating: " ", count: displayWidth(of: prefix))
    return prefix + lines.joined(separator: "\n" + indent)
  }

  /// Where a row's value starts: after its label and the run of spaces that follows (two or
  /// more), or after the leading spaces of an indented line.
  static func valueColumn(_ line: String) -> Int {
    let characters = Array(line)
    var index = 0
    while index < characters.count, characters[index] == " " { index += 1 }
    if index > 0 { return index }
    while index + 1 < characters.count {
      if characters[index] == " ", characters[index + 1] == " " {
        var end = index
        while end < characters.count, characters[end] == " " { end += 1 }
        return end
      }
      index += 1
    }
    return 0
  }
}
