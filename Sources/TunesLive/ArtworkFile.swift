import Artwork
import Foundation
import ITunesCatalog
import ITunesClient
import TerminalGraphics
import TerminalPOSIX
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes artwork`'s live parts: an item's artwork at a chosen size as Apple serves it, and the
/// bytes that show it in this terminal.
package enum ArtworkFile {
  /// Apple's largest artwork size, in pixels a side.
  package static let largestSize = 3000
  /// The most bytes one artwork may take (Apple's 3000 px JPEGs are a few MB).
  package static let maximumBytes = 32 << 20

  /// Why the artwork could not be had.
  package enum Failure: Error, Equatable {
    /// The item has no artwork URL.
    case none
    /// The server answered with this HTTP status.
    case status(Int, url: String)
    /// The answer is not a JPEG or PNG (what it looks like instead).
    case notAnImage(String)
    /// The transport failed (a ClientError: timeouts, refused connections, too large).
    case transport(ClientError)
    /// Some other failure, described.
    case other(String)
  }

  /// The item's artwork URL at `size` pixels a side (Apple's URLs name the size, as
  /// `…/100x100bb.jpg`), moved to `TUNES_MEDIA_BASE` when it is set.
  package static func url(for item: CatalogItem, size: Int, environment: [String: String])
    -> URL?
  {
    guard let url = item.artworkURL(size: size) else { return nil }
    return MediaURLRewrite.from(environment: environment)?.apply(url) ?? url
  }

  /// Downloads `url`: the bytes exactly as served, checked to be a JPEG or PNG.
  package static func download(_ url: URL, timeout: Duration = .seconds(30)) async throws(Failure)
    -> [UInt8]
  {
    let fetch = ArtworkPipeline.httpFetch(timeout: timeout, maxBodyBytes: maximumBytes)
    let status: Int
    let body: [UInt8]
    do {
      (status, body) = try await fetch(url)
    } catch let error as ClientError {
      throw .transport(error)
    } catch {
      throw .other(ArtworkError.from(error).localizedDescription)
    }
    guard (200..<300).contains(status) else { throw .status(status, url: url.absoluteString) }
    guard ImageFormat.sniff(body) != nil else {
      throw .notAnImage(ImageFormat.describeNonImage(body))
    }
    return body
  }

  /// The values `--images` takes.
  package static let imageModes = GraphicsChoice.Request.values

  /// Whether `mode` is one of ``imageModes`` (any case).
  package static func isImageMode(_ mode: String) -> Bool {
    GraphicsChoice.Request(mode, source: "--images") != nil
  }

  /// The bytes that draw `image` (JPEG or PNG bytes) in this terminal inside `columns`×`rows`
  /// cells, followed by the line breaks that leave the cursor below it; `mode` is `--images`
  /// (`nil` or auto asks the terminal, as the app does). `nil` when it cannot be decoded or
  /// drawn; the reason for the protocol comes back too.
  package static func terminalBytes(
    _ image: [UInt8], columns: Int, rows: Int, mode: String?, environment: [String: String]
  ) -> (bytes: [UInt8], reason: String)? {
    let request = mode.flatMap { GraphicsChoice.Request($0, source: "--images") } ?? .auto
    let probe = request == .auto ? Self.probe() : GraphicsProbe()
    let depth = ColorDepth.from(environment: environment)
    var choice = GraphicsChoice.choose(
      request: request, probe: probe, environment: environment, colorDepth: depth)
    if choice.graphicsProtocol == .none {
      // Asked to show it, it is shown: symbols at least.
      choice = GraphicsChoice(
        graphicsProtocol: .symbols, reason: choice.reason, cellPixels: choice.cellPixels,
        symbolColors: depth == .none ? .ansi16 : depth)
    }
    let cell = choice.cellPixels
    let longest = max(columns * cell.width, rows * cell.height)
    guard let decoded = try? ImageDecoder.decode(image, maxSide: max(1, longest)) else {
      return nil
    }
    let rgba = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
    let area = ImageFit.fit(
      width: rgba.width, height: rgba.height,
      in: Rect(x: 0, y: 0, width: max(1, columns), height: max(1, rows)), cell: cell)
    guard
      let encoding = ImageLayer.encode(
        rgba, columns: area.width, rows: area.height, choice: choice)
    else { return nil }
    var out: [UInt8] = []
    switch encoding.content {
    case .cells(let cells):
      out = Self.ansi(cells)
    case .bytes(let bytes):
      out = bytes + Array(repeating: 0x0A, count: 1)
    case .kitty(let base64):
      out = KittyGraphics.transmit(base64: base64, id: 1)
      out += KittyGraphics.place(id: 1, placement: 1, columns: area.width, rows: area.height)
      out += Array(repeating: 0x0A, count: area.height)
    }
    return (out, choice.reason)
  }

  /// Symbol cells as SGR-coloured lines.
  static func ansi(_ cells: Buffer) -> [UInt8] {
    var out = ""
    for y in 0..<cells.height {
      for x in 0..<cells.width {
        let cell = cells[x, y]
        out +=
          "\u{1B}[0" + sgr(cell.style.foreground, background: false)
          + sgr(cell.style.background, background: true) + "m" + cell.symbol
      }
      out += "\u{1B}[0m\n"
    }
    return Array(out.utf8)
  }

  private static func sgr(_ color: Color, background: Bool) -> String {
    switch color {
    case .default: return ""
    case .ansi(let n):
      let base = n < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      return ";\(base + Int(n % 8))"
    case .indexed(let n): return background ? ";48;5;\(n)" : ";38;5;\(n)"
    case .rgb(let r, let g, let b):
      return (background ? ";48;2;" : ";38;2;") + "\(r);\(g);\(b)"
    }
  }

  /// The start-up probe the app makes, in raw mode without the alternate screen, read for at
  /// most half a second; an empty probe when standard input is not a terminal.
  static func probe() -> GraphicsProbe {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return GraphicsProbe() }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return GraphicsProbe() }
    var raw = saved
    cfmakeraw(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return GraphicsProbe() }
    defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    let session = TerminalSession(inputFD: STDIN_FILENO, outputFD: STDOUT_FILENO)
    let result = CapabilityProbe.run(session: session, timeout: .milliseconds(500))
    var size = winsize()
    let window =
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_xpixel > 0
        && size.ws_col > 0 && size.ws_row > 0
      ? CellPixels(
        width: Int(size.ws_xpixel) / Int(size.ws_col),
        height: Int(size.ws_ypixel) / Int(size.ws_row))
      : nil
    return GraphicsProbe(
      kittyGraphics: result.kittyGraphics, deviceAttributes: result.deviceAttributes,
      cellPixels: result.cellPixels.map { CellPixels(width: $0.width, height: $0.height) }
        ?? window, version: result.version)
  }
}
