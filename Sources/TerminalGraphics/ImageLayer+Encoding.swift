import TerminalUI

/// The encoders behind ``ImageLayer``: pure functions of an image, an area and the protocol, run
/// off the UI loop (on the layer's `offload`, or by `tunes artwork --show`).
extension ImageLayer {
  /// Encodes `image` to cover a `columns`×`rows` area in the chosen protocol, or only `part`
  /// of it (cells relative to the area) when the picture is cut by its view (pure; runs off the
  /// UI loop). `nil` when the encoder gave nothing.
  package nonisolated static func encode(
    _ image: RGBAImage, columns: Int, rows: Int, choice: GraphicsChoice, part: Rect? = nil
  ) -> Encoding? {
    let whole = Rect(x: 0, y: 0, width: columns, height: rows)
    let shown = (part ?? whole).intersection(whole)
    guard !shown.isEmpty, image.width > 0, image.height > 0 else { return nil }
    let fitted = Rect(x: 0, y: 0, width: shown.width, height: shown.height)
    let crop = ImageFit.cover(
      width: image.width, height: image.height, columns: columns, rows: rows,
      cell: choice.cellPixels, part: shown)
    switch choice.graphicsProtocol {
    case .none:
      return nil
    case .symbols:
      let cells = SymbolArt.render(
        image.cropped(to: crop), columns: fitted.width, rows: fitted.height,
        cell: choice.cellPixels, depth: choice.symbolColors)
      return Encoding(fitted: fitted, content: .cells(cells))
    case .sixel:
      let cropped = image.cropped(to: crop)
      let bytes =
        ChafaCanvas.with(
          cropped, columns: fitted.width, rows: fitted.height, cell: choice.cellPixels,
          mode: .sixel
        ) { ChafaCanvas.print($0, mode: .sixel) } ?? []
      guard !bytes.isEmpty else { return nil }
      let height = fitted.height * choice.cellPixels.height
      let underlay = height % 6 == 0 ? nil : bottomEdge(of: cropped, columns: fitted.width)
      return Encoding(
        fitted: fitted, content: .bytes(passthroughReady(bytes, choice)), underlay: underlay)
    case .iterm:
      let bytes =
        ChafaCanvas.with(
          image.cropped(to: crop), columns: fitted.width, rows: fitted.height,
          cell: choice.cellPixels, mode: .iterm
        ) { ChafaCanvas.print($0, mode: .iterm) } ?? []
      return bytes.isEmpty
        ? nil : Encoding(fitted: fitted, content: .bytes(passthroughReady(bytes, choice)))
    case .kitty:
      // The whole image is sent once per source; each placement shows its crop of it.
      guard let png = PNGWriter.encode(image) else { return nil }
      let all = crop == ImageFit.PixelRect(x: 0, y: 0, width: image.width, height: image.height)
      var encoding = Encoding(
        fitted: fitted, content: .kitty(Base64.encode(png)), crop: all ? nil : crop)
      encoding.imageSize = (image.width, image.height)
      return encoding
    }
  }

  /// Drawn bytes as the encoding keeps them: inside tmux with every ESC already doubled for the
  /// passthrough wrapper (here, off the UI loop, once; each frame then copies them whole).
  nonisolated private static func passthroughReady(_ bytes: [UInt8], _ choice: GraphicsChoice)
    -> [UInt8]
  {
    choice.passthrough ? TmuxPassthrough.doubled(bytes) : bytes
  }

  /// The mean colour of the bottom rows of `image` under each of `columns` equal columns.
  nonisolated static func bottomEdge(of image: RGBAImage, columns: Int) -> [Color] {
    guard columns > 0 else { return [] }
    let rows = max(1, image.height / 16)
    return (0..<columns).map { column in
      let from = column * image.width / columns
      let to = max(from + 1, (column + 1) * image.width / columns)
      var sums = (0, 0, 0)
      var count = 0
      for y in (image.height - rows)..<image.height {
        for x in from..<min(to, image.width) {
          let at = (y * image.width + x) * 4
          sums.0 += Int(image.pixels[at])
          sums.1 += Int(image.pixels[at + 1])
          sums.2 += Int(image.pixels[at + 2])
          count += 1
        }
      }
      let n = max(1, count)
      return .rgb(UInt8(sums.0 / n), UInt8(sums.1 / n), UInt8(sums.2 / n))
    }
  }
}
