import TerminalUI
import Testing

@testable import TerminalGraphics

@Suite("Choosing the image protocol")
struct GraphicsChoiceTests {
  static let kittyProbe = GraphicsProbe(
    kittyGraphics: true, deviceAttributes: [62, 22], cellPixels: CellPixels(width: 9, height: 18),
    version: "kitty(0.26.5)")
  static let xtermSixel = GraphicsProbe(deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 22])
  static let plain = GraphicsProbe(deviceAttributes: [62, 22])

  @Test(
    "the probe, the environment and the request decide, in that order of precedence",
    arguments: [
      (GraphicsChoice.Request.auto, kittyProbe, [String: String](), GraphicsProtocol.kitty),
      (.auto, xtermSixel, ["TERM": "xterm"], .sixel),
      (.auto, plain, ["TERM": "xterm-256color"], .symbols),
      (.auto, GraphicsProbe(), ["TERM": "xterm-256color"], .symbols),
      (.auto, kittyProbe, ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], .symbols),
      (.auto, xtermSixel, ["TERM": "screen-256color"], .symbols),
      (.auto, kittyProbe, ["TERM_PROGRAM": "iTerm.app"], .iterm),
      (.auto, kittyProbe, ["TERM_PROGRAM": "WezTerm"], .iterm),
      (.auto, kittyProbe, ["KONSOLE_VERSION": "230401"], .sixel),
      (.forced(.sixel, source: "--images"), plain, ["TMUX": "x"], .sixel),
      (.forced(.none, source: "--images"), kittyProbe, [:], .none),
      (.auto, kittyProbe, ["NO_COLOR": "1"], .none),
    ] as [(GraphicsChoice.Request, GraphicsProbe, [String: String], GraphicsProtocol)])
  func choose(
    request: GraphicsChoice.Request, probe: GraphicsProbe, environment: [String: String],
    expected: GraphicsProtocol
  ) {
    let depth = ColorDepth.from(environment: environment)
    let choice = GraphicsChoice.choose(
      request: request, probe: probe, environment: environment, colorDepth: depth)
    #expect(choice.graphicsProtocol == expected)
    #expect(!choice.reason.isEmpty)
  }

  @Test("the cell size comes from the probe, else 10x20; the reason names the cause")
  func cellSizeAndReason() {
    let kitty = GraphicsChoice.choose(
      request: .auto, probe: Self.kittyProbe, environment: [:], colorDepth: .truecolor)
    #expect(kitty.cellPixels == CellPixels(width: 9, height: 18))
    #expect(kitty.reason.contains("answered the graphics query"))
    let forced = GraphicsChoice.choose(
      request: .forced(.symbols, source: "config key images"), probe: GraphicsProbe(),
      environment: [:], colorDepth: .ansi256)
    #expect(forced.cellPixels == .fallback)
    #expect(forced.reason == "symbols, as config key images asks")
    #expect(forced.symbolColors == .ansi256)
  }

  @Test("requests parse case-insensitively; unknown values are refused")
  func requests() {
    #expect(GraphicsChoice.Request("AUTO", source: "x") == .auto)
    #expect(GraphicsChoice.Request("Sixel", source: "x") == .forced(.sixel, source: "x"))
    #expect(GraphicsChoice.Request("png", source: "x") == nil)
  }

  @Test("kitty's version is read from XTVERSION")
  func kittyVersion() {
    #expect(Self.kittyProbe.kittyVersion! == (0, 26, 5))
    #expect(GraphicsProbe(version: "XTerm(379)").kittyVersion == nil)
  }
}

@Suite("Fitting an image into cells")
struct ImageFitTests {
  @Test("a square image fills a 10x5 tile of 10x20 cells; a portrait one is centred")
  func fit() {
    let area = Rect(x: 3, y: 4, width: 10, height: 5)
    #expect(
      ImageFit.fit(width: 100, height: 100, in: area, cell: .fallback)
        == Rect(x: 3, y: 4, width: 10, height: 5))
    #expect(
      ImageFit.fit(width: 200, height: 300, in: area, cell: .fallback)
        == Rect(x: 4, y: 4, width: 7, height: 5))
    #expect(
      ImageFit.fit(width: 160, height: 90, in: area, cell: .fallback)
        == Rect(x: 3, y: 5, width: 10, height: 3))
    #expect(ImageFit.fit(width: 0, height: 10, in: area, cell: .fallback).isEmpty)
  }
}

@Suite("Base64")
struct Base64Tests {
  @Test(
    "RFC 4648 test vectors",
    arguments: [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
  func vectors(input: String, output: String) {
    #expect(String(decoding: Base64.encode(Array(input.utf8)), as: UTF8.self) == output)
  }
}
