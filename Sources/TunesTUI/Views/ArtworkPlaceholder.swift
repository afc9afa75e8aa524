import ITunesCatalog
import TerminalUI

/// The artwork area until images are drawn: a block in a colour derived from the item's id
/// (the same item always gets the same colour) with a glyph for its kind in the middle.
package struct ArtworkPlaceholder: Widget, Sendable {
  /// The item's id, which picks the colour.
  package var id: Int64
  /// The item's kind, which picks the glyph.
  package var kind: ItemKind
  /// Whether to draw it faded (loading).
  package var dimmed: Bool

  /// Creates a placeholder.
  package init(id: Int64, kind: ItemKind, dimmed: Bool = false) {
    self.id = id
    self.kind = kind
    self.dimmed = dimmed
  }

  /// The glyph drawn in the middle of the block.
  package static func glyph(for kind: ItemKind) -> String {
    switch kind {
    case .song, .album, .artist: return "♪"
    case .featureMovie, .musicVideo, .tvEpisode, .tvSeason: return "▶"
    case .podcast, .podcastEpisode: return "◉"
    case .software, .macSoftware: return "◆"
    case .audiobook, .ebook: return "≡"
    case .other: return "·"
    }
  }

  /// The block's colour: a hue from a hash of the id, at a fixed, muted saturation and
  /// lightness so text beside it stays readable.
  package static func color(for id: Int64) -> (UInt8, UInt8, UInt8) {
    var h = UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
    h ^= h >> 29
    let hue = Double(h % 360)
    return hsl(hue: hue, saturation: 0.45, lightness: 0.42)
  }

  /// Converts HSL (hue in degrees, the others 0…1) to 8-bit RGB.
  static func hsl(hue: Double, saturation s: Double, lightness l: Double) -> (UInt8, UInt8, UInt8) {
    let c = (1 - abs(2 * l - 1)) * s
    let hp = hue / 60
    let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double)
    switch Int(hp) {
    case 0: (r, g, b) = (c, x, 0)
    case 1: (r, g, b) = (x, c, 0)
    case 2: (r, g, b) = (0, c, x)
    case 3: (r, g, b) = (0, x, c)
    case 4: (r, g, b) = (x, 0, c)
    default: (r, g, b) = (c, 0, x)
    }
    let m = l - c / 2
    func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
    return (byte(r), byte(g), byte(b))
  }

  /// Fills `area` with the colour and centres the glyph.
  package func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    let (r, g, b) = Self.color(for: id)
    var style = Style.plain.bg(.rgb(r, g, b)).fg(.rgb(235, 235, 240))
    if dimmed { style = style.dim }
    buffer.clear(area, style: style)
    let glyph = Self.glyph(for: kind)
    let x = area.x + (area.width - displayWidth(of: glyph)) / 2
    let y = area.y + (area.height - 1) / 2
    buffer.set(string: glyph, at: Position(x: x, y: y), style: style, clippedTo: area)
  }
}
