import TerminalUI
import Testing

@testable import TerminalGraphics

@Suite("Pictures cover their cells: no bands, cut tiles keep their visible part")
@MainActor
struct CoverFitTests {
  static let cell = CellPixels(width: 10, height: 20)

  @Test(
    "the crop that covers an area: the overflow cut off centred, the whole image when it fits",
    arguments: [
      // A square picture over a wide area (60×40 px): the top and bottom sixth cut off.
      (100, 100, 6, 2, nil, ImageFit.PixelRect(x: 0, y: 17, width: 100, height: 66)),
      // Over a tall area (40×80 px): the sides cut off.
      (100, 100, 4, 4, nil, ImageFit.PixelRect(x: 25, y: 0, width: 50, height: 100)),
      // Exactly its shape: all of it.
      (40, 40, 4, 2, nil, ImageFit.PixelRect(x: 0, y: 0, width: 40, height: 40)),
      // A poster (2:3) over a square area: the middle of its height.
      (200, 300, 10, 5, nil, ImageFit.PixelRect(x: 0, y: 50, width: 200, height: 200)),
      // Only the bottom row of a 4×2 area shows: the bottom half of the picture.
      (
        40, 40, 4, 2, Rect(x: 0, y: 1, width: 4, height: 1),
        ImageFit.PixelRect(x: 0, y: 20, width: 40, height: 20)
      ),
      // The right half of a square area's cells.
      (
        100, 100, 10, 5, Rect(x: 5, y: 0, width: 5, height: 5),
        ImageFit.PixelRect(x: 50, y: 0, width: 50, height: 100)
      ),
    ] as [(Int, Int, Int, Int, Rect?, ImageFit.PixelRect)])
  func cover(
    width: Int, height: Int, columns: Int, rows: Int, part: Rect?, expected: ImageFit.PixelRect
  ) {
    #expect(
      ImageFit.cover(
        width: width, height: height, columns: columns, rows: rows, cell: Self.cell, part: part)
        == expected)
  }

  @Test(
    "every protocol's encoding fills the whole area, however wide or small, with no band",
    arguments: [GraphicsProtocol.symbols, .sixel, .iterm, .kitty],
    [(6, 2), (2, 1), (1, 1), (4, 3), (10, 5)])
  func fillsTheArea(graphicsProtocol: GraphicsProtocol, size: (Int, Int)) throws {
    let choice = GraphicsChoice(
      graphicsProtocol: graphicsProtocol, reason: "test", cellPixels: Self.cell)
    let encoding = try #require(
      ImageLayer.encode(
        TestImages.redOverBlue(40, 40), columns: size.0, rows: size.1, choice: choice))
    #expect(encoding.fitted == Rect(x: 0, y: 0, width: size.0, height: size.1))
  }

  @Test("symbols: a tile cut by its view draws the visible part of its picture")
  func symbolsCut() throws {
    let choice = GraphicsChoice(graphicsProtocol: .symbols, reason: "test", cellPixels: Self.cell)
    let image = TestImages.solidHalves()
    let bottom = try #require(
      ImageLayer.encode(
        image, columns: 4, rows: 2, choice: choice, part: Rect(x: 0, y: 1, width: 4, height: 1)))
    let top = try #require(
      ImageLayer.encode(
        image, columns: 4, rows: 2, choice: choice, part: Rect(x: 0, y: 0, width: 4, height: 1)))
    guard case .cells(let lower) = bottom.content, case .cells(let upper) = top.content else {
      Issue.record("symbols give cells")
      return
    }
    #expect(lower.width == 4 && lower.height == 1)
    for x in 0..<4 {
      #expect(Self.colours(of: lower[x, 0]).allSatisfy { $0 == .rgb(0, 0, 255) })
      #expect(Self.colours(of: upper[x, 0]).allSatisfy { $0 == .rgb(255, 0, 0) })
    }
  }

  /// The colours a symbol cell shows (its background, and its foreground unless it is blank).
  static func colours(of cell: Cell) -> [Color] {
    cell.symbol == " " ? [cell.style.background] : [cell.style.foreground, cell.style.background]
  }

  @Test("a placement cut by a clip keeps its visible part and knows the whole picture's cells")
  func bufferKeepsCutPlacements() {
    var tile = Buffer(width: 6, height: 4)
    tile.placeImage("art", in: Rect(x: 1, y: 0, width: 4, height: 4))
    var screen = Buffer(width: 20, height: 10)
    // The tile's top two rows lie above the view (rows 2…9).
    screen.draw(tile, at: Position(x: 3, y: 0), clippedTo: Rect(x: 0, y: 2, width: 20, height: 8))
    #expect(screen.images.count == 1)
    let placement = screen.images[0]
    #expect(placement.area == Rect(x: 4, y: 2, width: 4, height: 2))
    #expect(placement.imageArea == Rect(x: 4, y: 0, width: 4, height: 4))
    #expect(placement.isCut)
    #expect(placement.visiblePart == Rect(x: 0, y: 2, width: 4, height: 2))
    // Wholly out of view: dropped.
    var hidden = Buffer(width: 20, height: 10)
    hidden.draw(tile, at: Position(x: 3, y: -5), clippedTo: Rect(x: 0, y: 2, width: 20, height: 8))
    #expect(hidden.images.isEmpty)
    // Wholly in view: the whole picture, not cut.
    var whole = Buffer(width: 20, height: 10)
    whole.draw(tile, at: Position(x: 3, y: 3))
    #expect(whole.images.first.map { !$0.isCut } == true)
  }

  @Test("the image layer draws a cut placement's visible part: symbols cells, kitty's crop")
  func layerDrawsCutPlacements() async {
    let image = TestImages.solidHalves()
    let symbols = ImageLayer(
      choice: GraphicsChoice(graphicsProtocol: .symbols, reason: "test", cellPixels: Self.cell),
      pixels: { _ in image })
    func frame() -> Buffer {
      var buffer = Buffer(width: 10, height: 4)
      buffer.placeImage(
        "art", in: Rect(x: 2, y: -1, width: 4, height: 2),
        clippedTo: Rect(x: 0, y: 0, width: 10, height: 4))
      return buffer
    }
    #expect(frame().images.first?.area == Rect(x: 2, y: 0, width: 4, height: 1))
    let drawn = await ImageLayerTests.composeWhenReady(symbols, frame())
    #expect(drawn.images.isEmpty)
    for x in 2..<6 {
      #expect(Self.colours(of: drawn[x, 0]).allSatisfy { $0 == .rgb(0, 0, 255) }, "cell \(x)")
    }
    #expect(drawn[2, 1] == .blank)

    let kitty = ImageLayer(
      choice: GraphicsChoice(graphicsProtocol: .kitty, reason: "test", cellPixels: Self.cell),
      pixels: { _ in image })
    let placed = await ImageLayerTests.composeWhenReady(kitty, frame())
    #expect(placed.images.count == 1)
    var renderer = DiffRenderer(colorDepth: .truecolor)
    var writer = kitty.writer
    let bytes = TestImages.visible(
      renderer.render(previous: nil, next: placed, cursor: .hidden, images: &writer))
    #expect(
      bytes.contains("␛[1;3H␛_Ga=p,i=1,p=1,c=4,r=1,x=0,y=20,w=40,h=20,C=1,q=2␛\\"), "\(bytes)")
  }

  @Test("once a picture is drawn whole, its cut parts need no new encoding (symbols, kitty)")
  func cutPartsReuseTheWhole() async {
    let image = TestImages.solidHalves()
    func frame(top: Int) -> Buffer {
      var buffer = Buffer(width: 10, height: 4)
      buffer.placeImage(
        "art", in: Rect(x: 2, y: top, width: 4, height: 2),
        clippedTo: Rect(x: 0, y: 0, width: 10, height: 4))
      return buffer
    }
    for graphicsProtocol in [GraphicsProtocol.symbols, .kitty] {
      let layer = ImageLayer(
        choice: GraphicsChoice(
          graphicsProtocol: graphicsProtocol, reason: "test", cellPixels: Self.cell),
        pixels: { _ in image })
      let whole = await ImageLayerTests.composeWhenReady(layer, frame(top: 1))
      var cut = frame(top: -1)
      layer.compose(&cut)
      #expect(!layer.isEncoding, "\(graphicsProtocol): a cut part is drawn at once")
      #expect(layer.shownInLastFrame == 1)
      if graphicsProtocol == .symbols {
        // The bottom row of the whole picture, where the cut part shows it.
        for x in 2..<6 { #expect(cut[x, 0] == whole[x, 2], "cell \(x)") }
      } else {
        var renderer = DiffRenderer(colorDepth: .truecolor)
        var writer = layer.writer
        let bytes = TestImages.visible(
          renderer.render(previous: nil, next: cut, cursor: .hidden, images: &writer))
        #expect(bytes.contains("c=4,r=1,x=0,y=20,w=40,h=20"), "\(bytes)")
      }
    }
  }

  @Test("sixel: the rows a six-pixel band leaves uncovered get the picture's bottom colours")
  func sixelUnderlay() async throws {
    let image = TestImages.solidHalves()
    // 20 px rows: 2 rows are 40 px, drawn as 36; the last row's cells take the bottom's blue.
    let choice = GraphicsChoice(graphicsProtocol: .sixel, reason: "test", cellPixels: Self.cell)
    let encoding = try #require(ImageLayer.encode(image, columns: 4, rows: 2, choice: choice))
    #expect(encoding.underlay == Array(repeating: .rgb(0, 0, 255), count: 4))
    let layer = ImageLayer(choice: choice, pixels: { _ in image })
    var frame = Buffer(width: 10, height: 4)
    frame.clear(Rect(x: 2, y: 1, width: 4, height: 2), style: .plain.bg(.rgb(9, 9, 9)))
    frame.placeImage("art", in: Rect(x: 2, y: 1, width: 4, height: 2))
    let composed = await ImageLayerTests.composeWhenReady(layer, frame)
    #expect(composed.images.count == 1)
    for x in 2..<6 {
      #expect(composed[x, 2].style.background == .rgb(0, 0, 255))
      #expect(composed[x, 1].style.background == .rgb(9, 9, 9))
    }
    // Cells of 18 px rows: three bands exactly, no underlay.
    let exact = GraphicsChoice(
      graphicsProtocol: .sixel, reason: "test", cellPixels: CellPixels(width: 10, height: 18))
    #expect(
      try #require(ImageLayer.encode(image, columns: 4, rows: 1, choice: exact)).underlay == nil)
  }
}

extension TestImages {
  /// 40×40, the top half pure red and the bottom half pure blue (no mixed row).
  static func solidHalves() -> RGBAImage { redOverBlue(40, 40) }
}
