import Foundation
import ITunesReplay
import TestSupport
import Testing

/// Artwork in real terminals: the built binary in xterm as a VT340 (sixel), in kitty (0.26.5
/// on Debian: kitty graphics with ids) and in a plain xterm (symbols, chosen by the probe), each
/// on its own Xvfb display, against the replay server's generated artwork. From screenshots
/// (`xwd`): every image the app says it drew shows the right picture in its cells, and nothing
/// is left behind after Esc from a detail or after the help overlay closes.
///
/// Waits are for conditions (log lines, a screen unchanged for a while), never fixed sleeps.
/// A failed run keeps its screenshots, log and `measurements.txt`; the failure names the
/// folder (`TUNES_X11_KEEP=1` keeps them always). `TUNES_SCREENSHOT_DIR=DIR` copies the results
/// and detail screenshots there (the README's `docs/screenshots/` are cropped from them).
@Suite("Artwork in real terminals under Xvfb", .serialized)
struct RealTerminalArtworkTests {
  /// The search typed; the recordings answer it with 25 songs and movies.
  static let query = "jack johnson"
  /// Tiles fully on a 120×40 screen: two columns of five rows.
  static let visibleTiles = 10
  /// Pixels that may differ between two pictures of the same screen. xterm's box-drawing
  /// glyphs reach one pixel into the next cell, and a cell the diff leaves alone keeps it
  /// (three pixels after a detail); a left-over image is thousands.
  static let tolerance = 64
  /// The largest mean difference per channel (0–255) between an image's cells and the
  /// picture the replay server made for its URL. Measured: 2–6 for kitty, 6–10 for sixel (a
  /// 256-colour palette), 19–27 for symbols in 256 colours (two colours a cell); a tile whose
  /// image is missing (its placeholder) measured 52.
  static func sameImage(_ graphicsProtocol: String) -> Double {
    graphicsProtocol == "symbols" ? 36 : 22
  }

  static let needs = "needs Xvfb, xdotool and xwd (apt-get install xvfb xdotool x11-apps) and "

  @Test(
    "xterm -ti vt340 (sixel): tiles and the detail show their artwork; nothing is left after Esc or the help",
    .enabled(if: X11Tools.available(X11Tools.xterm), "\(needs)xterm"),
    .timeLimit(.minutes(3)))
  func xtermSixel() async throws {
    try await checkArtwork(in: .xtermVT340, protocol: "sixel")
  }

  @Test(
    "kitty (graphics protocol): tiles and the detail show their artwork; nothing is left after Esc or the help",
    .enabled(if: X11Tools.available(X11Tools.kitty), "\(needs)kitty"),
    .timeLimit(.minutes(3)))
  func kittyGraphics() async throws {
    try await checkArtwork(in: .kitty, protocol: "kitty")
  }

  @Test(
    "plain xterm (no sixel, 256 colours): symbols chosen; tiles and the detail show symbol art; nothing is left after Esc or the help",
    .enabled(if: X11Tools.available(X11Tools.xterm), "\(needs)xterm"),
    .timeLimit(.minutes(3)))
  func xtermSymbols() async throws {
    try await checkArtwork(in: .xterm, protocol: "symbols")
  }

  /// One terminal's run: search, check the tiles; open the first, check its artwork; back,
  /// compare with the results; help, close it, compare again.
  func checkArtwork(
    in kind: RealTerminalSession.Kind, protocol expected: String
  ) async throws {
    let session = try await RealTerminalSession(kind: kind)
    var problems: [String] = []
    do {
      try await run(session, expected: expected, problems: &problems)
    } catch {
      problems.append("\(error)")
    }
    let keep = !problems.isEmpty || ProcessInfo.processInfo.environment["TUNES_X11_KEEP"] != nil
    if !problems.isEmpty {
      problems.append("Screenshots and log kept in \(session.directory.path)")
    }
    await session.close(keep: keep)
    #expect(problems.isEmpty, "\(kind):\n\(problems.joined(separator: "\n"))")
  }

  private func run(
    _ session: RealTerminalSession, expected: String, problems: inout [String]
  ) async throws {
    let choice = try await session.graphicsChoice()
    guard choice.graphicsProtocol == expected else {
      problems.append("the app chose \(choice.graphicsProtocol), not \(expected): \(choice.line)")
      return
    }
    let window = try await session.window()
    try await session.focus(window.id)

    // The home screen's chart rows, at rest: whatever artwork they drew shows its picture.
    let home = try await session.settledScreen(window.rect, "the home screen")
    let homePath = await session.save(home, as: "0-home")
    let homeImages = Self.distinctPlacements(session.drawnImages())
    problems += await checked(
      homeImages, in: home, session: session, cell: choice.cell, path: homePath)

    let sources = try Self.resultArtwork()
    func resultTiles(after count: Int) -> [RealTerminalSession.DrawnImage] {
      Self.distinctPlacements(Array(session.drawnImages().dropFirst(count))).filter {
        sources.contains(Self.item(of: $0.source))
      }
    }
    let drawnBeforeSearch = session.drawnImages().count
    try await session.type(Self.query)
    try await session.press("Return")

    // The results: every visible tile drawn, then the screen at rest.
    try await session.waitForLog("\(Self.visibleTiles) tiles drawn") { _ in
      resultTiles(after: drawnBeforeSearch).count >= Self.visibleTiles
    }
    let results = try await session.settledScreen(window.rect, "the results")
    let resultsPath = await session.save(results, as: "1-results")
    let tiles = resultTiles(after: drawnBeforeSearch)
    problems += await checked(
      tiles, in: results, session: session, cell: choice.cell, path: resultsPath)

    // The detail: one image larger than a tile.
    let drawnBeforeDetail = session.drawnImages().count
    try await session.press("Return")
    try await session.waitForLog("the detail's artwork drawn") { _ in
      session.drawnImages().dropFirst(drawnBeforeDetail).contains { $0.rows > tiles[0].rows }
    }
    let detail = try await session.settledScreen(window.rect, "the detail")
    let detailPath = await session.save(detail, as: "2-detail")
    let art = session.drawnImages().dropFirst(drawnBeforeDetail).filter {
      $0.rows > tiles[0].rows
    }
    problems += await checked(
      art, in: detail, session: session, cell: choice.cell, path: detailPath)
    if await Self.differing(detail, results) < results.width * results.height / 10 {
      problems.append("the detail looks like the results (\(detailPath))")
    }

    // Back: the results as they were, no image left from the detail.
    let drawnBeforeBack = session.drawnImages().count
    try await session.press("Escape")
    try await session.waitForLog("the tiles drawn again") { _ in
      resultTiles(after: drawnBeforeBack).count >= Self.visibleTiles
    }
    let back = try await session.settledScreen(window.rect, "the results after the detail")
    problems += await compare(back, with: results, session: session, name: "3-after-detail")

    // The help overlay hides the images under it; closing it brings them back.
    try await session.press("question")
    let help = try await session.settledScreen(
      window.rect, "the help overlay", unlike: results, tolerance: Self.tolerance)
    await session.save(help, as: "4-help")
    let drawnBeforeClose = session.drawnImages().count
    try await session.press("question")
    try await session.waitForLog("the covered tiles drawn again") { _ in
      session.drawnImages().count > drawnBeforeClose
    }
    let closed = try await session.settledScreen(window.rect, "the results after the help")
    problems += await compare(closed, with: results, session: session, name: "5-after-help")

    if let folder = ProcessInfo.processInfo.environment["TUNES_SCREENSHOT_DIR"], !folder.isEmpty {
      let to = URL(fileURLWithPath: folder)
      try? FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
      let name = "\(session.kind)-\(expected)"
      await DedicatedThread.run {
        try? results.png()?.write(to: to.appendingPathComponent("\(name)-results.png"))
        try? detail.png()?.write(to: to.appendingPathComponent("\(name)-detail.png"))
      }
    }
  }

  /// The recording that answers the search.
  static let recording = "mixed-search-jack-johnson-limit25-songs-and-movies.json"

  /// The items the search answers, as ``item(of:)`` names their artwork.
  static func resultArtwork() throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: Fixtures.shared(recording))
    let results = (object as? [String: Any])?["results"] as? [[String: Any]] ?? []
    return Set(results.compactMap { $0["artworkUrl100"] as? String }.map(item(of:)))
  }

  /// An artwork URL without its size (the last path segment): one item's picture at any size.
  static func item(of url: String) -> String {
    guard let parsed = URL(string: url) else { return url }
    return parsed.deletingLastPathComponent().path
  }

  /// The last image drawn at each place, in the order first drawn.
  static func distinctPlacements(_ images: [RealTerminalSession.DrawnImage])
    -> [RealTerminalSession.DrawnImage]
  {
    var order: [String] = []
    var latest: [String: RealTerminalSession.DrawnImage] = [:]
    for image in images {
      let key = "\(image.column),\(image.row),\(image.columns)x\(image.rows)"
      if latest[key] == nil { order.append(key) }
      latest[key] = image
    }
    return order.compactMap { latest[$0] }
  }

  /// Whether `image`'s cells in `shot` hold the picture the replay server made for its URL:
  /// `nil` when they do, else what is wrong.
  func check(
    _ image: RealTerminalSession.DrawnImage, in shot: Screenshot, session: RealTerminalSession,
    cell: (width: Int, height: Int), path: String
  ) -> String? {
    let rect = image.rect(cell: cell)
    let pixels = shot.cropped(rect)
    guard pixels.width == rect.width, pixels.height == rect.height else {
      return "\(image) lies outside the window (\(path))"
    }
    guard let url = URL(string: image.source), let spec = GeneratedArtwork.spec(forPath: url.path)
    else { return "\(image): the source is not a replay artwork URL" }
    let generated = GeneratedArtwork.pixels(
      width: spec.width, height: spec.height, seed: GeneratedArtwork.seed(forPath: url.path))
    // The picture covers its cells: scaled with its aspect kept until no band is left, the
    // overflow cut off centred. What shows is that crop of the generated picture.
    let crop = Self.cover(
      width: spec.width, height: spec.height, cell: cell,
      whole: image.whole.map { ($0.columns, $0.rows) } ?? (image.columns, image.rows),
      part: (image.whole?.x ?? 0, image.whole?.y ?? 0, image.columns, image.rows))
    let expected = Self.crop(generated, width: spec.width, crop)
    let difference = pixels.meanDifference(from: expected, width: crop.width, height: crop.height)
    let colours = pixels.distinctColours
    session.note(
      "\(image): mean difference \(String(format: "%.1f", difference)), \(colours) colours")
    guard difference <= Self.sameImage(image.graphicsProtocol), colours >= 32 else {
      return "\(image) does not show its picture at \(rect): mean difference "
        + "\(String(format: "%.1f", difference)), \(colours) colours (\(path))"
    }
    return nil
  }

  /// The pixels of a `width`×`height` picture that show in `part` (cells) of a `whole` cell
  /// area it covers with its aspect kept, the overflow cut off centred (the oracle for the
  /// app's cover fit, worked out here on its own).
  static func cover(
    width: Int, height: Int, cell: (width: Int, height: Int), whole: (Int, Int),
    part: (x: Int, y: Int, columns: Int, rows: Int)
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let areaWidth = Double(whole.0 * cell.width)
    let areaHeight = Double(whole.1 * cell.height)
    let scale = max(areaWidth / Double(width), areaHeight / Double(height))
    let left = (Double(width) * scale - areaWidth) / 2 + Double(part.x * cell.width)
    let top = (Double(height) * scale - areaHeight) / 2 + Double(part.y * cell.height)
    let x = max(0, min(width - 1, Int((left / scale).rounded())))
    let y = max(0, min(height - 1, Int((top / scale).rounded())))
    let w = max(1, min(width - x, Int((Double(part.columns * cell.width) / scale).rounded())))
    let h = max(1, min(height - y, Int((Double(part.rows * cell.height) / scale).rounded())))
    return (x, y, w, h)
  }

  /// The RGB pixels of `crop` out of a picture `width` pixels wide.
  static func crop(
    _ rgb: [UInt8], width: Int, _ crop: (x: Int, y: Int, width: Int, height: Int)
  ) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(crop.width * crop.height * 3)
    for y in crop.y..<(crop.y + crop.height) {
      let start = (y * width + crop.x) * 3
      out.append(contentsOf: rgb[start..<(start + crop.width * 3)])
    }
    return out
  }

  /// ``check(_:in:session:cell:path:)`` for each image, on a thread of its own.
  func checked(
    _ images: [RealTerminalSession.DrawnImage], in shot: Screenshot,
    session: RealTerminalSession, cell: (width: Int, height: Int), path: String
  ) async -> [String] {
    let (width, height) = cell
    return await DedicatedThread.run {
      images.compactMap {
        check($0, in: shot, session: session, cell: (width, height), path: path)
      }
    }
  }

  /// How many pixels differ, counted on a thread of its own.
  static func differing(_ shot: Screenshot, _ other: Screenshot) async -> Int {
    await DedicatedThread.run { shot.difference(from: other).count }
  }

  /// Compares a screen with the one it should equal; saves it and says how it differs.
  func compare(
    _ shot: Screenshot, with reference: Screenshot, session: RealTerminalSession, name: String
  ) async -> [String] {
    let path = await session.save(shot, as: name)
    let difference = await DedicatedThread.run { shot.difference(from: reference) }
    session.note(
      "\(name): \(difference.count) pixels differ, within \(difference.bounds.map(\.description) ?? "-")"
    )
    guard difference.count > Self.tolerance else { return [] }
    return [
      "\(name): \(difference.count) pixels differ from the results, within "
        + "\(difference.bounds.map(\.description) ?? "-") (\(path))"
    ]
  }
}
