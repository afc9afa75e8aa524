import Synchronization
import TerminalUI
import Testing

@testable import TerminalGraphics

@Suite("The image layer between frames and the terminal")
@MainActor
struct ImageLayerTests {
  static func layer(_ graphicsProtocol: GraphicsProtocol) -> ImageLayer {
    ImageLayer(
      choice: GraphicsChoice(graphicsProtocol: graphicsProtocol, reason: "test"),
      pixels: { source in source == "missing" ? nil : TestImages.redOverBlue(40, 40) })
  }

  /// Composes until the layer has encoded everything the frame places.
  static func composeWhenReady(_ layer: ImageLayer, _ frame: Buffer) async -> Buffer {
    var composed = frame
    layer.compose(&composed)
    for _ in 0..<2000 where layer.isEncoding {
      try? await Task.sleep(for: .milliseconds(5))
    }
    composed = frame
    layer.compose(&composed)
    return composed
  }

  static func frame(placing source: String?) -> Buffer {
    var buffer = Buffer(width: 20, height: 6)
    buffer.clear(Rect(x: 2, y: 1, width: 4, height: 2), style: .plain.bg(.rgb(9, 9, 9)))
    if let source { buffer.placeImage(source, in: Rect(x: 2, y: 1, width: 4, height: 2)) }
    return buffer
  }

  @Test("symbols: the placeholder shows until the encoding is ready, then cells replace it")
  func symbols() async {
    let layer = Self.layer(.symbols)
    var first = Self.frame(placing: "art")
    layer.compose(&first)
    #expect(first.images.isEmpty)
    #expect(first[2, 1].style.background == .rgb(9, 9, 9))
    let ready = await Self.composeWhenReady(layer, Self.frame(placing: "art"))
    #expect(ready.images.isEmpty)
    #expect(ready[2, 1] != Self.frame(placing: nil)[2, 1])
    #expect(ready[0, 0] == .blank)
  }

  @Test("an image whose pixels are gone leaves the placeholder and is reported, not remembered")
  func missing() async {
    let layer = Self.layer(.symbols)
    let reports = Reports()
    layer.whenUnavailable { source, hadPixels in reports.list.append("\(source) \(hadPixels)") }
    let composed = await Self.composeWhenReady(layer, Self.frame(placing: "missing"))
    #expect(composed == Self.frame(placing: nil))
    #expect(reports.list == ["missing false"])
    // The layer keeps no failure of its own: placed again (the store fetched it anew), it is
    // asked for again.
    var again = Self.frame(placing: "missing")
    layer.compose(&again)
    #expect(layer.isEncoding)
    _ = await Self.composeWhenReady(layer, Self.frame(placing: "missing"))
    #expect(reports.list == ["missing false", "missing false"])
  }

  /// What the layer reported, in order.
  final class Reports {
    var list: [String] = []
  }

  @Test("kitty: drawn once with its id, kept while it stays, deleted when it goes")
  func kittyLifecycle() async {
    let layer = Self.layer(.kitty)
    var renderer = DiffRenderer(colorDepth: .truecolor)
    let shown = await Self.composeWhenReady(layer, Self.frame(placing: "art"))
    #expect(shown.images.count == 1)
    var writer = layer.writer
    let first = TestImages.visible(
      renderer.render(previous: nil, next: shown, cursor: .hidden, images: &writer))
    #expect(first.contains("␛_Ga=d,d=a,q=2␛\\"))
    #expect(first.contains("a=t,f=100,t=d,i=1,q=2"))
    #expect(first.contains("␛[2;3H␛_Ga=p,i=1,p=1,c=4,r=2,C=1,q=2␛\\"))
    let again = renderer.render(previous: shown, next: shown, cursor: .hidden, images: &writer)
    #expect(again.isEmpty)
    let gone = Self.frame(placing: nil)
    let third = TestImages.visible(
      renderer.render(previous: shown, next: gone, cursor: .hidden, images: &writer))
    #expect(third.contains("␛_Ga=d,d=i,i=1,p=1,q=2␛\\"))
    #expect(!third.contains("a=t"))
  }

  @Test("sixel: an overlay over the image erases it and writes every cell it covered")
  func overlayOverSixel() async {
    let layer = Self.layer(.sixel)
    var renderer = DiffRenderer(colorDepth: .truecolor)
    let shown = await Self.composeWhenReady(layer, Self.frame(placing: "art"))
    var writer = layer.writer
    let first = TestImages.visible(
      renderer.render(previous: nil, next: shown, cursor: .hidden, images: &writer))
    #expect(first.contains("␛[2;3H␛P"))
    var covered = Self.frame(placing: "art")
    Overlay(title: "Help", width: 12, height: 4).render(in: covered.area, buffer: &covered)
    layer.compose(&covered)
    #expect(covered.images.isEmpty)
    let second = TestImages.visible(
      renderer.render(previous: shown, next: covered, cursor: .hidden, images: &writer))
    #expect(!second.contains("␛P"))
    // The image's cells outside the box are written again (the placeholder's background).
    #expect(second.contains("48;2;9;9;9"))
  }

  @Test("each image drawn is logged once with its protocol, cells and source")
  func drawnIsLogged() async {
    for graphicsProtocol in [GraphicsProtocol.kitty, .sixel, .symbols] {
      let lines = Mutex<[String]>([])
      let layer = ImageLayer(
        choice: GraphicsChoice(graphicsProtocol: graphicsProtocol, reason: "test"),
        pixels: { _ in TestImages.redOverBlue(40, 40) },
        log: { line in lines.withLock { $0.append(line) } })
      var renderer = DiffRenderer(colorDepth: .truecolor)
      var writer = layer.writer
      let shown = await Self.composeWhenReady(layer, Self.frame(placing: "art"))
      _ = renderer.render(previous: nil, next: shown, cursor: .hidden, images: &writer)
      var again = Self.frame(placing: "art")
      layer.compose(&again)
      _ = renderer.render(previous: shown, next: again, cursor: .hidden, images: &writer)
      // 40×40 pixels in 4×2 cells of 10×20: the whole area.
      #expect(
        lines.withLock { $0 } == ["image drawn \(graphicsProtocol.rawValue) at 2,1 4x2 art"],
        "\(graphicsProtocol)")
    }
  }
}
