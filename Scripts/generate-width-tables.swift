// Generates the two tables of Sources/TerminalUI/Text/WidthTables.swift (`zeroWidth` and `wide`).
//
// Run from the repository root:
//
//   python3 Scripts/dump-east-asian-width.py > eaw.txt      # East Asian Width W and F
//   swiftc -O Scripts/generate-width-tables.swift -o gen && ./gen > tables.txt
//
// then replace the two `static let` arrays inside `enum WidthTables` with tables.txt, and delete
// eaw.txt, gen and tables.txt. Zero width and Emoji_Presentation come from the standard library
// of the Swift that compiles this script (the table was made with Swift 6.3), East Asian Width from
// the Python that runs the dump (Unicode 14.0, Python 3.11), so regenerate with those versions
// unless the change of Unicode version is the point. The script reads eaw.txt from the current
// directory. Run `make test` afterwards (Tests/TerminalUITests/DisplayWidthTests.swift). With
// Swift 6.3 and Python 3.11 the output is byte for byte the tables in WidthTables.swift.

import Foundation
let text = try String(contentsOfFile: "eaw.txt", encoding: .utf8)  // in a throwing main
let eaw = Set(text.split(separator: "\n").compactMap { UInt32($0) })
var wide: [UInt32] = []
var zero: [UInt32] = []
for cp in UInt32(0)..<0x110000 {
  guard let s = Unicode.Scalar(cp) else { continue }
  let p = s.properties
  let gc = p.generalCategory
  var isZero = gc == .nonspacingMark || gc == .enclosingMark || (gc == .format && cp != 0xAD)
  if (0x1160...0x11FF).contains(cp) || (0xD7B0...0xD7FF).contains(cp) { isZero = true }
  if (0xFE00...0xFE0F).contains(cp) || (0xE0100...0xE01EF).contains(cp) { isZero = true }
  if isZero { zero.append(cp); continue }
  if eaw.contains(cp) || p.isEmojiPresentation { wide.append(cp) }
}
func ranges(_ a: [UInt32]) -> [(UInt32, UInt32)] {
  var r: [(UInt32, UInt32)] = []
  for c in a { if let l = r.last, l.1 + 1 == c { r[r.count-1].1 = c } else { r.append((c, c)) } }
  return r
}
func emit(_ name: String, _ a: [UInt32]) {
  let r = ranges(a)
  print("  /// \(r.count) inclusive ranges, flattened as lower, upper, lower, upper, ...")
  print("  static let \(name): [UInt32] = [")
  var line = "   "
  for (lo, hi) in r {
    let item = " 0x" + String(lo, radix: 16, uppercase: true) + ", 0x" + String(hi, radix: 16, uppercase: true) + ","
    if line.count + item.count > 98 { print(line); line = "   " }
    line += item
  }
  if line != "   " { print(line) }
  print("  ]")
}
emit("zeroWidth", zero)
print("")
emit("wide", wide)
