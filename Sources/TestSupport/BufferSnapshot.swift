import Foundation
import TerminalUI

/// Text renderings of a `Buffer` for golden-file tests: a text layer (the characters) and a
/// style layer (one code per cell plus a legend).
public enum BufferSnapshot {
  /// One line per row, continuation cells left out (so a wide character shows once), each
  /// line ending in `|` so trailing spaces stay visible.
  public static func textLayer(_ buffer: Buffer) -> String {
    var lines: [String] = []
    for y in 0..<buffer.height {
      var line = ""
      for x in 0..<buffer.width where !buffer[x, y].isContinuation {
        line += buffer[x, y].symbol
      }
      lines.append(line + "|")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A legend (`a: fg=red bold`, one line per style in order of first use; `.` is the plain
  /// style), a blank line, then one code character per cell column, one line per row. The
  /// continuation half of a wide character repeats its lead's code.
  public static func styleLayer(_ buffer: Buffer) -> String {
    let codes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var table: [Style: Character] = [.plain: "."]
    var legend: [String] = []
    var rows: [String] = []
    for y in 0..<buffer.height {
      var row = ""
      var lastCode: Character = "."
      for x in 0..<buffer.width {
        let cell = buffer[x, y]
        if cell.isContinuation {
          row.append(lastCode)
          continue
        }
        let code: Character
        if let known = table[cell.style] {
          code = known
        } else {
          code = table.count - 1 < codes.count ? codes[table.count - 1] : "?"
          table[cell.style] = code
          legend.append("\(code): \(describe(cell.style))")
        }
        row.append(code)
        lastCode = code
      }
      rows.append(row)
    }
    return (legend + [""] + rows).joined(separator: "\n") + "\n"
  }

  /// A short description of a style: `fg=… bg=… bold,italic link=…`.
  public static func describe(_ style: Style) -> String {
    var parts: [String] = []
    if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
    if style.background != .default { parts.append("bg=\(describe(style.background))") }
    let names: [(Modifiers, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
      (.reverse, "reverse"),
    ]
    let mods = names.filter { style.modifiers.contains($0.0) }.map(\.1)
    if !mods.isEmpty { parts.append(mods.joined(separator: ",")) }
    if let link = style.hyperlink { parts.append("link=\(link)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }

  private static func describe(_ color: Color) -> String {
    switch color {
    case .default: return "default"
    case .ansi(let n): return "ansi\(n)"
    case .indexed(let n): return "idx\(n)"
    case .rgb(let r, let g, let b): return "rgb(\(r),\(g),\(b))"
    }
  }
}

/// Compares `buffer` with the golden files `<name>.txt` (text layer) and `<name>.style.txt`
/// (style layer) in `Tests/<Target>Tests/__Snapshots__/`, found from `testFile`.
///
/// Returns `nil` when both match, or a description of the mismatch. With the environment
/// variable `RECORD_SNAPSHOTS=1` the files are (re)written instead, and the result is a
/// message saying so, so that a recording run never passes silently. A missing golden file
/// is a mismatch.
///
/// ```swift
/// #expect(snapshotMismatch(buffer, named: "search-80x24") == nil)
/// ```
public func snapshotMismatch(
  _ buffer: Buffer, named name: String, testFile: String = #filePath
) -> String? {
  let directory = snapshotDirectory(for: testFile)
  let layers = [
    ("\(name).txt", BufferSnapshot.textLayer(buffer)),
    ("\(name).style.txt", BufferSnapshot.styleLayer(buffer)),
  ]
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for (file, content) in layers {
        try Data(content.utf8).write(to: directory.appendingPathComponent(file))
      }
    } catch {
      return "Could not record snapshot '\(name)' in \(directory.path): \(error)"
    }
    return "Recorded snapshot '\(name)' in \(directory.path); run again without RECORD_SNAPSHOTS=1."
  }
  var problems: [String] = []
  for (file, actual) in layers {
    let url = directory.appendingPathComponent(file)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      problems.append(
        "Missing golden file \(url.path). Run the test with RECORD_SNAPSHOTS=1 to record it.\n"
          + "Actual:\n\(actual)")
      continue
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      problems.append(lineDifference(file: file, expected: expected, actual: actual))
    }
  }
  return problems.isEmpty ? nil : problems.joined(separator: "\n")
}

func snapshotDirectory(for testFile: String) -> URL {
  var url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
  var probe = url
  while probe.pathComponents.count > 1 {
    if probe.deletingLastPathComponent().lastPathComponent == "Tests" {
      url = probe
      break
    }
    probe.deleteLastPathComponent()
  }
  return url.appendingPathComponent("__Snapshots__", isDirectory: true)
}

func lineDifference(file: String, expected: String, actual: String) -> String {
  let e = expected.components(separatedBy: "\n")
  let a = actual.components(separatedBy: "\n")
  var report = ["Snapshot \(file) differs:"]
  for i in 0..<max(e.count, a.count) {
    let el = i < e.count ? e[i] : "<none>"
    let al = i < a.count ? a[i] : "<none>"
    if el != al {
      report.append("  line \(i + 1):\n    expected: \(el)\n    actual:   \(al)")
    }
  }
  report.append("Actual:\n\(actual)")
  return report.joined(separator: "\n")
}
