import Foundation
import TestSupport
import Testing

/// Artwork through tmux: xterm as a VT340 (sixel) running tmux (status line on top, so the
/// pane starts one row down) running tunes, on a private Xvfb display. tunes turns
/// passthrough on for its pane, asks xterm through it, and places sixel images at the pane's
/// offset; from screenshots, every tile shows its picture, nothing is left after the help
/// overlay or when another tmux window takes the screen, the pictures come back with the
/// window, the pane's title is tmux's own, and after tunes ends its pane has no
/// `allow-passthrough` of its own and the session no hooks of tunes.
@Suite("Artwork through tmux in a real terminal under Xvfb", .serialized)
struct RealTerminalTmuxTests {
  static let needed = X11Tools.available(X11Tools.xterm) && TmuxSession.isAvailable

  @Test(
    "xterm -ti vt340 running tmux: sixel through passthrough at the pane's offset, gone under the help and on a window switch, back after it; passthrough put back on exit",
    .enabled(if: needed, "needs Xvfb, xdotool, xwd, xterm and tmux"), .timeLimit(.minutes(3)))
  func xtermSixelThroughTmux() async throws {
    let session = try await RealTerminalSession(kind: .xtermVT340, insideTmux: true)
    var problems: [String] = []
    do {
      try await run(session, problems: &problems)
    } catch {
      problems.append("\(error)")
    }
    let keep = !problems.isEmpty || ProcessInfo.processInfo.environment["TUNES_X11_KEEP"] != nil
    if !problems.isEmpty {
      problems.append("Screenshots and log kept in \(session.directory.path)")
    }
    await session.close(keep: keep)
    #expect(problems.isEmpty, "xterm in tmux:\n\(problems.joined(separator: "\n"))")
  }

  /// The images the log names, moved down by the status line above the pane.
  static func inWindow(_ images: [RealTerminalSession.DrawnImage]) -> [RealTerminalSession
    .DrawnImage]
  {
    images.map {
      var image = $0
      image.row += 1
      return image
    }
  }

  private func run(_ session: RealTerminalSession, problems: inout [String]) async throws {
    let artwork = RealTerminalArtworkTests()
    let choice = try await session.graphicsChoice()
    guard choice.graphicsProtocol == "sixel", choice.line.contains("through tmux passthrough")
    else {
      problems.append("the app chose otherwise: \(choice.line)")
      return
    }
    let window = try await session.window()
    try await session.focus(window.id)
    let sources = try RealTerminalArtworkTests.resultArtwork()
    func resultTiles(after count: Int) -> [RealTerminalSession.DrawnImage] {
      RealTerminalArtworkTests.distinctPlacements(Array(session.drawnImages().dropFirst(count)))
        .filter { sources.contains(RealTerminalArtworkTests.item(of: $0.source)) }
    }
    let tileCount = RealTerminalArtworkTests.visibleTiles - 2  // the pane is a row shorter
    _ = try await session.settledScreen(window.rect, "the home screen")
    let drawnBeforeSearch = session.drawnImages().count
    try await session.type(RealTerminalArtworkTests.query)
    try await session.press("Return")
    try await session.waitForLog("\(tileCount) tiles drawn") { _ in
      resultTiles(after: drawnBeforeSearch).count >= tileCount
    }
    let results = try await session.settledScreen(window.rect, "the results")
    let resultsPath = await session.save(results, as: "1-results")
    let tiles = resultTiles(after: drawnBeforeSearch)
    problems += await artwork.checked(
      Self.inWindow(tiles), in: results, session: session, cell: choice.cell, path: resultsPath)

    // The help overlay hides the images under it; closing it brings them back.
    try await session.press("question")
    let help = try await session.settledScreen(
      window.rect, "the help overlay", unlike: results,
      tolerance: RealTerminalArtworkTests.tolerance)
    await session.save(help, as: "2-help")
    let drawnBeforeClose = session.drawnImages().count
    try await session.press("question")
    try await session.waitForLog("the covered tiles drawn again") { _ in
      session.drawnImages().count > drawnBeforeClose
    }
    let closed = try await session.settledScreen(window.rect, "the results after the help")
    problems += await artwork.compare(closed, with: results, session: session, name: "3-after-help")

    // Another window takes the screen: no pixel of tunes' images is left on it.
    try await session.tmux("new-window", "-t", "main", "sleep 600")
    let other = try await session.settledScreen(
      window.rect, "another tmux window", unlike: results,
      tolerance: RealTerminalArtworkTests.tolerance)
    let otherPath = await session.save(other, as: "4-other-window")
    let cell = choice.cell
    let left = await DedicatedThread.run {
      Self.inWindow(tiles).filter { other.cropped($0.rect(cell: cell)).distinctColours > 2 }
    }
    for image in left { problems.append("\(image) is still on the other window (\(otherPath))") }

    // Back to tunes' window: tmux redraws the text, tunes (told by its hook) the images.
    let drawnBeforeReturn = session.drawnImages().count
    try await session.tmux("select-window", "-t", "main:0")
    try await session.waitForLog("the tiles drawn again after the window switch") { _ in
      resultTiles(after: drawnBeforeReturn).count >= tileCount
    }
    let back = try await session.settledScreen(window.rect, "the results after the switch")
    problems += await artwork.compare(back, with: results, session: session, name: "5-back")

    let title = try await session.tmux("display-message", "-p", "-t", "main:0", "#{pane_title}")
    if title.contains("Gi=") || title.contains("a=q") {
      problems.append("the pane's title is the probe's kitty query: \(title)")
    }

    try await session.press("ctrl+c")
    let after = try await session.afterTunes()
    if !after.contains("exit=0") { problems.append("tunes did not exit 0: \(after)") }
    if after.contains("allow-passthrough") {
      problems.append("allow-passthrough was not put back: \(after)")
    }
    if after.contains("kill -WINCH") { problems.append("tunes' hooks were left behind: \(after)") }

    if let folder = ProcessInfo.processInfo.environment["TUNES_SCREENSHOT_DIR"], !folder.isEmpty {
      let to = URL(fileURLWithPath: folder)
      try? FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
      await DedicatedThread.run {
        try? results.png()?.write(to: to.appendingPathComponent("xterm-tmux-sixel-results.png"))
      }
    }
  }
}
