import TerminalUI
import Testing

@testable import TerminalGraphics

@Suite("Images inside tmux and kitty placeholders")
@MainActor
struct TmuxGraphicsTests {
  static let tmuxOn = TmuxFacts(
    version: "3.3a", outerTerminal: "xterm-256color", outerType: "XTerm(379)", passthrough: true,
    passthroughNote: "turned on")
  static let tmuxEnvironment = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]

  static func probe(
    kitty: Bool? = nil, attributes: [Int]? = nil, version: String? = nil,
    tmux: TmuxFacts? = tmuxOn
  ) -> GraphicsProbe {
    GraphicsProbe(
      kittyGraphics: kitty, deviceAttributes: attributes, version: version, tmux: tmux)
  }

  static func choose(
    _ probe: GraphicsProbe, request: GraphicsChoice.Request = .auto,
    environment: [String: String] = tmuxEnvironment, depth: ColorDepth = .ansi256
  ) -> GraphicsChoice {
    GraphicsChoice.choose(
      request: request, probe: probe, environment: environment, colorDepth: depth)
  }

  @Test("passthrough frames the bytes and doubles every ESC inside")
  func wrap() {
    let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Ga=q\u{1B}\\".utf8))
    #expect(wrapped == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=q\u{1B}\u{1B}\\\u{1B}\\".utf8))
  }

  @Test("inside tmux the outer terminal decides: sixel through passthrough for xterm")
  func sixelInTmux() {
    let choice = Self.choose(Self.probe(attributes: [63, 1, 2, 4, 6], version: "XTerm(379)"))
    #expect(choice.graphicsProtocol == .sixel)
    #expect(choice.passthrough)
    #expect(choice.reason.contains("XTerm(379)"))
    #expect(choice.reason.contains("passthrough"))
  }

  @Test("inside tmux kitty 0.28+ gets placeholders, kitty 0.26 symbols (with the reason)")
  func kittyInTmux() {
    let new = Self.choose(Self.probe(kitty: true, attributes: [62], version: "kitty(0.35.2)"))
    #expect(new.graphicsProtocol == .kitty)
    #expect(new.kittyPlaceholders && new.passthrough)
    #expect(new.modeName == "kitty-placeholders")
    let old = Self.choose(Self.probe(kitty: true, attributes: [62], version: "kitty(0.26.5)"))
    #expect(old.graphicsProtocol == .symbols)
    #expect(old.reason.contains("kitty(0.26.5)"))
    #expect(old.reason.contains("placeholders"))
    let ghostty = Self.choose(
      Self.probe(
        kitty: true, attributes: [62],
        tmux: TmuxFacts(outerTerminal: "xterm-ghostty", passthrough: true, passthroughNote: "")))
    #expect(ghostty.kittyPlaceholders)
  }

  @Test("inside tmux without passthrough: symbols, saying why; --images kitty means placeholders")
  func noPassthrough() {
    let off = TmuxFacts(passthrough: false, passthroughNote: "could not be turned on (old tmux)")
    let choice = Self.choose(Self.probe(kitty: true, version: "kitty(0.35.2)", tmux: off))
    #expect(choice.graphicsProtocol == .symbols)
    #expect(choice.reason.contains("could not be turned on"))
    let forced = Self.choose(
      Self.probe(version: "kitty(0.26.5)"), request: .forced(.kitty, source: "--images"))
    #expect(forced.graphicsProtocol == .kitty && forced.kittyPlaceholders && forced.passthrough)
    let sixel = Self.choose(Self.probe(), request: .forced(.sixel, source: "--images"))
    #expect(sixel.graphicsProtocol == .sixel && sixel.passthrough)
  }

  @Test("outside tmux: placeholders from kitty 0.28, classic placements for kitty 0.26")
  func outsideTmux() {
    let environment = ["TERM": "xterm-kitty"]
    let new = Self.choose(
      Self.probe(kitty: true, version: "kitty(0.28.0)", tmux: nil), environment: environment)
    #expect(new.kittyPlaceholders && !new.passthrough)
    let old = Self.choose(
      Self.probe(kitty: true, version: "kitty(0.26.5)", tmux: nil), environment: environment)
    #expect(old.graphicsProtocol == .kitty && !old.kittyPlaceholders && !old.passthrough)
    // The image number is a palette colour: 16 colours cannot carry it.
    let few = Self.choose(
      Self.probe(kitty: true, version: "kitty(0.35.0)", tmux: nil), environment: environment,
      depth: .ansi16)
    #expect(few.graphicsProtocol == .kitty && !few.kittyPlaceholders)
  }

  @Test("placeholder cells carry the image in the foreground and row and column in marks")
  func placeholderCells() {
    let cells = KittyPlaceholders.cells(id: 7, columns: 3, rows: 2)
    #expect(cells.width == 3 && cells.height == 2)
    for row in 0..<2 {
      for column in 0..<3 {
        let cell = cells[column, row]
        let scalars = Array(cell.symbol.unicodeScalars)
        #expect(scalars.count == 3)
        #expect(scalars.first == KittyPlaceholders.placeholder)
        #expect(KittyPlaceholders.number(of: scalars[1]) == row)
        #expect(KittyPlaceholders.number(of: scalars[2]) == column)
        #expect(cell.style.foreground == .indexed(7))
        #expect(cell.width == 1)
      }
    }
    #expect(KittyPlaceholders.limit == 297)
  }

  static func layer(_ choice: GraphicsChoice, origin: Position? = nil) -> ImageLayer {
    var provider: (@Sendable () -> Position?)?
    if let origin { provider = { origin } }
    return ImageLayer(
      choice: choice, pixels: { _ in TestImages.redOverBlue(40, 40) }, origin: provider)
  }

  @Test("placeholders: cells in the frame, the image sent once through passthrough before it")
  func placeholderLayer() async {
    let choice = GraphicsChoice(
      graphicsProtocol: .kitty, reason: "test", kittyPlaceholders: true, passthrough: true)
    let layer = Self.layer(choice)
    let shown = await ImageLayerTests.composeWhenReady(
      layer, ImageLayerTests.frame(placing: "art"))
    #expect(shown.images.isEmpty)
    let corner = Array(shown[2, 1].symbol.unicodeScalars)
    #expect(corner.first == KittyPlaceholders.placeholder)
    #expect(shown[2, 1].style.foreground == .indexed(1))
    let commands = TestImages.visible(layer.takeCommands())
    #expect(commands.hasPrefix("␛Ptmux;␛␛_Ga=t,f=100,t=d,i=1,q=2"))
    #expect(commands.contains("␛␛_Ga=p,U=1,i=1,c=4,r=2,q=2␛␛\\␛\\"))
    // No APC reaches tmux unwrapped: every one is inside a passthrough (its ESC doubled).
    #expect(commands.ranges(of: "_G").count == commands.ranges(of: "␛␛_G").count)
    var again = ImageLayerTests.frame(placing: "art")
    layer.compose(&again)
    #expect(again == shown)
    #expect(!layer.hasCommands)
    // A frame drawn whole (the window back from hiding) sends the image again.
    layer.terminalWillRedraw()
    var redrawn = ImageLayerTests.frame(placing: "art")
    layer.compose(&redrawn)
    #expect(redrawn == shown)
    #expect(TestImages.visible(layer.takeCommands()).contains("a=t,f=100,t=d,i=1,q=2"))
    #expect(TestImages.visible(layer.releaseBytes()) == "␛Ptmux;␛␛_Ga=d,d=A,q=2␛␛\\␛\\")
  }

  @Test("sixel through tmux: the move to the pane's offset goes inside the passthrough")
  func sixelPassthrough() async {
    let choice = GraphicsChoice(graphicsProtocol: .sixel, reason: "test", passthrough: true)
    let layer = Self.layer(choice, origin: Position(x: 61, y: 1))
    var renderer = DiffRenderer(colorDepth: .truecolor)
    let shown = await ImageLayerTests.composeWhenReady(
      layer, ImageLayerTests.frame(placing: "art"))
    var writer = layer.writer
    let raw = renderer.render(previous: nil, next: shown, cursor: .hidden, images: &writer)
    let bytes = TestImages.visible(raw)
    #expect(bytes.contains("␛Ptmux;␛␛[3;64H␛␛P"))
    #expect(!bytes.contains("␛[3;64H␛P"))
    // The sixel's own ESCs (doubled when it was encoded) are doubled once: undoubled, the
    // wrapper's inside is the move and a whole sixel, as the outer terminal must get them.
    let prefix = TmuxPassthrough.prefix
    guard let start = raw.indices.first(where: { raw[$0...].starts(with: prefix) }) else {
      Issue.record("no passthrough in \(bytes)")
      return
    }
    var inside: [UInt8] = []
    var at = start + prefix.count
    while at + 1 < raw.count {
      if raw[at] == 0x1B, raw[at + 1] == 0x1B {
        inside.append(0x1B)
        at += 2
      } else if raw[at] == 0x1B {
        break  // the wrapper's end: a single ESC
      } else {
        inside.append(raw[at])
        at += 1
      }
    }
    #expect(Array(raw[at..<min(raw.count, at + 2)]) == [0x1B, UInt8(ascii: "\\")])
    let text = TestImages.visible(inside)
    #expect(text.hasPrefix("␛[3;64H␛P"))
    #expect(text.hasSuffix("␛\\"))
    #expect(!text.contains("␛␛"))
  }

  @Test("passthrough of bytes doubled in advance is the passthrough of the bytes")
  func wrapDoubledBody() {
    let head = Array("\u{1B}[3;4H".utf8)
    let body = Array("\u{1B}Pq#0;2;0;0;0\u{1B}\\".utf8)
    var out: [UInt8] = [0x41]
    TmuxPassthrough.wrap(head, doubledBody: TmuxPassthrough.doubled(body), into: &out)
    #expect(out == [0x41] + TmuxPassthrough.wrap(head + body))
    #expect(TmuxPassthrough.doubled([]) == [])
    #expect(TmuxPassthrough.doubled([0x1B]) == [0x1B, 0x1B])
    #expect(
      TmuxPassthrough.wrap([0x1B, 0x1B, 0x41]) == TmuxPassthrough.prefix + [
        0x1B, 0x1B, 0x1B, 0x1B, 0x41, 0x1B, 0x5C,
      ])
  }
}

extension TmuxGraphicsTests {
  @Test("placeholders: a tile cut by its view shows its part with the whole picture's marks")
  func cutPlaceholderTile() async {
    let choice = GraphicsChoice(
      graphicsProtocol: .kitty, reason: "test", kittyPlaceholders: true, passthrough: false)
    let layer = Self.layer(choice)
    // A 4×3 picture whose top row lies above the view (rows 1 and up show).
    func frame() -> Buffer {
      var buffer = Buffer(width: 20, height: 6)
      buffer.placeImage(
        "art", in: Rect(x: 2, y: 0, width: 4, height: 3),
        clippedTo: Rect(x: 0, y: 1, width: 20, height: 5))
      return buffer
    }
    let shown = await ImageLayerTests.composeWhenReady(layer, frame())
    #expect(shown.images.isEmpty)
    #expect(shown[2, 0] == Buffer(width: 20, height: 6)[2, 0])  // above the view: untouched
    for (x, y, row, column) in [(2, 1, 1, 0), (5, 2, 2, 3)] {
      let scalars = Array(shown[x, y].symbol.unicodeScalars)
      #expect(scalars.first == KittyPlaceholders.placeholder)
      #expect(scalars.count == 3)
      if scalars.count == 3 {
        #expect(KittyPlaceholders.number(of: scalars[1]) == row)
        #expect(KittyPlaceholders.number(of: scalars[2]) == column)
      }
    }
    // The virtual placement is the whole picture's, with the cover crop of its pixels.
    let commands = TestImages.visible(layer.takeCommands())
    #expect(commands.contains("a=p,U=1,i=1,c=4,r=3,"))
  }
}
