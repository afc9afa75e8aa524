import TerminalUI
import TestSupport
import Testing

@testable import TerminalGraphics

/// Small images made in the tests.
enum TestImages {
  /// `width`×`height` of one colour.
  static func solid(_ width: Int, _ height: Int, _ rgb: (UInt8, UInt8, UInt8)) -> RGBAImage {
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) { pixels += [rgb.0, rgb.1, rgb.2, 255] }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The top half red, the bottom half blue.
  static func redOverBlue(_ width: Int, _ height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for _ in 0..<width { pixels += y < height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Bytes with escapes made visible, for golden files.
  static func visible(_ bytes: [UInt8]) -> String {
    var out = ""
    for byte in bytes {
      switch byte {
      case 0x1b: out += "␛"
      case 0x0a: out += "␊\n"
      case 0x07: out += "␇"
      case 0x20...0x7e: out += String(UnicodeScalar(byte))
      default: out += "<\(byte)>"
      }
    }
    return out
  }
}

@Suite("Encoders: symbols, sixel, iTerm2 (chafa) and kitty (by hand)")
struct EncoderTests {
  /// The colour a symbol cell shows over most of its area.
  static func shown(_ cell: Cell) -> Color {
    cell.symbol == " " ? cell.style.background : cell.style.foreground
  }

  @Test("a red image becomes red cells in truecolor, 256 and 16 colours")
  func solidSymbols() {
    let image = TestImages.solid(40, 40, (220, 20, 20))
    let truecolor = SymbolArt.render(image, columns: 4, rows: 2, cell: .fallback, depth: .truecolor)
    #expect(truecolor.width == 4 && truecolor.height == 2)
    for y in 0..<2 {
      for x in 0..<4 { #expect(Self.shown(truecolor[x, y]) == .rgb(220, 20, 20)) }
    }
    let sixteen = SymbolArt.render(image, columns: 4, rows: 2, cell: .fallback, depth: .ansi16)
    #expect([Color.ansi(1), .ansi(9)].contains(Self.shown(sixteen[0, 0])))
    let indexed = SymbolArt.render(image, columns: 4, rows: 2, cell: .fallback, depth: .ansi256)
    guard case .indexed = Self.shown(indexed[0, 0]) else {
      Issue.record("256 colours: \(indexed[0, 0])")
      return
    }
  }

  @Test("red over blue in one cell is a half block with the two colours")
  func halfBlock() {
    let cell = SymbolArt.render(
      TestImages.redOverBlue(10, 20), columns: 1, rows: 1, cell: .fallback, depth: .truecolor)[
        0, 0]
    let red = Color.rgb(255, 0, 0)
    let blue = Color.rgb(0, 0, 255)
    switch cell.symbol {
    case "▀": #expect(cell.style.foreground == red && cell.style.background == blue)
    case "▄": #expect(cell.style.foreground == blue && cell.style.background == red)
    default: Issue.record("expected a half block, got \(cell.symbol) \(cell.style)")
    }
  }

  @Test("sixel: a DCS string sized to the cells, the same bytes every time (golden)")
  func sixel() throws {
    let choice = GraphicsChoice(graphicsProtocol: .sixel, reason: "test")
    let encoding = try #require(
      ImageLayer.encode(TestImages.redOverBlue(20, 20), columns: 2, rows: 1, choice: choice))
    guard case .bytes(let bytes) = encoding.content else {
      Issue.record("sixel gives bytes")
      return
    }
    #expect(bytes.starts(with: [0x1b, UInt8(ascii: "P")]))
    #expect(Array(bytes.suffix(2)) == [0x1b, UInt8(ascii: "\\")])
    // chafa keeps the height to whole sixel bands of 6 rows (20 → 18) so nothing scrolls.
    #expect(TestImages.visible(bytes).contains("\"1;1;20;18"))
    #expect(goldenMismatch(TestImages.visible(bytes), named: "sixel-red-over-blue.txt") == nil)
  }

  @Test("iTerm2: an OSC 1337 inline file (golden)")
  func iterm() throws {
    let choice = GraphicsChoice(graphicsProtocol: .iterm, reason: "test")
    let encoding = try #require(
      ImageLayer.encode(TestImages.solid(4, 4, (0, 128, 0)), columns: 1, rows: 1, choice: choice))
    guard case .bytes(let bytes) = encoding.content else {
      Issue.record("iTerm2 gives bytes")
      return
    }
    let text = TestImages.visible(bytes)
    #expect(text.hasPrefix("␛]1337;File=inline=1"))
    #expect(goldenMismatch(text, named: "iterm-green.txt") == nil)
  }

  @Test("kitty: a PNG sent once in 4096-byte chunks, placed and deleted by id (golden)")
  func kitty() throws {
    let png = try #require(PNGWriter.encode(TestImages.solid(2, 2, (1, 2, 3))))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    let small = KittyGraphics.transmit(png: png, id: 7)
    #expect(goldenMismatch(TestImages.visible(small), named: "kitty-transmit-2x2.txt") == nil)
    let big = TestImages.visible(
      KittyGraphics.transmit(png: [UInt8](repeating: 0, count: 7000), id: 8))
    let chunks = big.components(separatedBy: "␛_G").dropFirst()
    #expect(chunks.count == 3)
    #expect(chunks.first!.hasPrefix("a=t,f=100,t=d,i=8,q=2,m=1;"))
    #expect(chunks.dropFirst().first!.hasPrefix("m=1;"))
    #expect(chunks.last!.hasPrefix("m=0;"))
    #expect(
      TestImages.visible(KittyGraphics.place(id: 7, placement: 3, columns: 10, rows: 5))
        == "␛_Ga=p,i=7,p=3,c=10,r=5,C=1,q=2␛\\")
    #expect(
      TestImages.visible(KittyGraphics.deletePlacement(id: 7, placement: 3))
        == "␛_Ga=d,d=i,i=7,p=3,q=2␛\\")
  }
}
