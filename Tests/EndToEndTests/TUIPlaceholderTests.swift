import Foundation
import TestSupport
import Testing

/// kitty Unicode placeholders inside tmux (`--images kitty` there means placeholders): tmux
/// keeps them as text, so the pane's own cells say which image shows where. Debian's kitty
/// (0.26) cannot draw them, so the test reads them back from `capture-pane -e` and checks every
/// cell of every image the app says it drew: the foreground names the image the log gave the
/// source, and the two combining marks name the cell's row and column in the image.
@Suite("App end to end: kitty placeholders in tmux", .serialized)
struct TUIPlaceholderTests {
  /// One placeholder cell read from the pane.
  struct PlaceholderCell: Equatable {
    var image: Int
    var row: Int
    var column: Int
  }

  /// kitty's table of marks (the first 64, enough for any tile or detail here).
  static let marks: [UInt32] = [
    0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B,
    0x034C, 0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367,
    0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485,
    0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D,
    0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610,
    0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658,
  ]

  /// The placeholder cells of a `capture-pane -e` screen, by (column, row).
  static func placeholders(in screen: String) -> [Position: PlaceholderCell] {
    var found: [Position: PlaceholderCell] = [:]
    for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var foreground: Int?
      var x = 0
      var scalars = Array(line.unicodeScalars)[...]
      while let scalar = scalars.first {
        if scalar == "\u{1B}" {
          // SGR: ESC [ params m
          let body = scalars.dropFirst(2).prefix { $0 != "m" }
          scalars = scalars.dropFirst(2 + body.count + 1)
          let parameters = String(String.UnicodeScalarView(body)).split(
            separator: ";", omittingEmptySubsequences: false
          ).map { Int($0) ?? 0 }
          var index = 0
          while index < parameters.count {
            switch parameters[index] {
            case 0, 39: foreground = nil
            case 30...37: foreground = parameters[index] - 30
            case 90...97: foreground = parameters[index] - 90 + 8
            case 38 where index + 2 < parameters.count && parameters[index + 1] == 5:
              foreground = parameters[index + 2]
              index += 2
            case 38 where index + 4 < parameters.count && parameters[index + 1] == 2:
              foreground = nil
              index += 4
            case 48 where index + 2 < parameters.count && parameters[index + 1] == 5: index += 2
            case 48 where index + 4 < parameters.count && parameters[index + 1] == 2: index += 4
            default: break
            }
            index += 1
          }
          continue
        }
        scalars = scalars.dropFirst()
        if scalar.value == 0x10EEEE {
          let combining = scalars.prefix { marks.contains($0.value) }
          scalars = scalars.dropFirst(combining.count)
          let numbers = combining.compactMap { mark in marks.firstIndex(of: mark.value) }
          if numbers.count >= 2, let foreground {
            found[Position(x: x, y: y)] = PlaceholderCell(
              image: foreground, row: numbers[0], column: numbers[1])
          }
          x += 1
          continue
        }
        x += width(of: scalar)
      }
    }
    return found
  }

  struct Position: Hashable {
    var x: Int
    var y: Int
  }

  /// Cells a scalar takes in tmux: 0 for combining marks, 2 for East Asian wide ones.
  static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let value = scalar.value
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    return wide ? 2 : 1
  }

  /// An image the log says was drawn: where, how big, and from which source.
  struct Drawn {
    var x: Int
    var y: Int
    var columns: Int
    var rows: Int
    var source: String
  }

  static func drawn(in log: String) -> [Drawn] {
    log.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "image drawn kitty at ") else { return nil }
      let words = line[range.upperBound...].split(separator: " ")
      guard words.count == 3 else { return nil }
      let at = words[0].split(separator: ",").compactMap { Int($0) }
      let size = words[1].split(separator: "x").compactMap { Int($0) }
      guard at.count == 2, size.count == 2 else { return nil }
      return Drawn(x: at[0], y: at[1], columns: size[0], rows: size[1], source: String(words[2]))
    }
  }

  /// `kitty placeholders image N WxH SOURCE` lines: the number each source was given.
  static func numbers(in log: String) -> [String: Int] {
    var numbers: [String: Int] = [:]
    for line in log.split(separator: "\n") {
      guard let range = line.range(of: "kitty placeholders image ") else { continue }
      let words = line[range.upperBound...].split(separator: " ")
      guard words.count == 3, let number = Int(words[0]) else { continue }
      numbers[String(words[2])] = number
    }
    return numbers
  }

  @Test("--images kitty in tmux: every drawn image's cells name its number, row and column")
  func placeholdersReadBack() async throws {
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording],
      arguments: ["--images", "kitty"], artwork: true)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    // Ten result tiles fit the 120×40 pane; wait until that many placeholders are drawn.
    var screen = ""
    _ = try await tmux.waitFor("placeholder cells for ten tiles") { _ in
      screen = (try? tmux.capture(escapes: true)) ?? ""
      let images = Set(Self.placeholders(in: screen).values.map(\.image))
      return screen.contains("25 results") && images.count >= 10
    }
    let log = app.log()
    #expect(log.contains("images kitty: kitty Unicode placeholders through tmux"))
    let numbers = Self.numbers(in: log)
    let cells = Self.placeholders(in: screen)
    // The images on screen now: the last drawing of each place whose cells are still there.
    let onScreen = Self.drawn(in: log).filter { image in
      cells[Position(x: image.x, y: image.y)]?.image == numbers[image.source]
    }
    #expect(onScreen.count >= 10, "\(onScreen.count) images found on screen:\n\(screen)")
    var checked = 0
    for image in onScreen {
      guard let number = numbers[image.source] else {
        Issue.record("no number logged for \(image.source)")
        continue
      }
      for row in 0..<image.rows {
        for column in 0..<image.columns {
          let cell = cells[Position(x: image.x + column, y: image.y + row)]
          #expect(
            cell == PlaceholderCell(image: number, row: row, column: column),
            "cell \(column),\(row) of \(image.source) at \(image.x),\(image.y)")
          checked += 1
        }
      }
    }
    // Every placeholder on screen belongs to one of those images.
    let covered = onScreen.reduce(0) { $0 + $1.columns * $1.rows }
    #expect(cells.count == covered)
    #expect(checked == covered)
    // The pane's title is tmux's own, not the probe's kitty query.
    let title = try tmux.display("#{pane_title}")
    #expect(!title.contains("Gi=31"))
    #expect(!title.contains("a=q"))
  }
}
