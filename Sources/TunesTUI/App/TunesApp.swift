import Foundation
import TerminalGraphics
import TerminalPOSIX
import TerminalUI
import TunesFeatures

/// The terminal app's entry point: it takes over the terminal and runs the program loop over
/// dependencies put together elsewhere (`TunesLive` for the real ones).
package enum TunesApp {
  /// Takes over the terminal (raw mode, alternate screen, mouse, bracketed paste, capability
  /// probe), runs until the person quits, and gives the terminal back on every path.
  ///
  /// - Parameters:
  ///   - dependencies: the app's clients and clock.
  ///   - notices: what the person must know about the start, shown as the first notice.
  ///   - environment: the process environment (`TERM`, `COLORTERM`, `NO_COLOR` …).
  ///   - log: diagnostics (the `TUNES_LOG` file).
  ///   - theme: the config key `theme` as written (`auto`, `light`, `dark`); `nil` or `auto`:
  ///     the terminal's background (OSC 11, else `$COLORFGBG`) decides, dark when unknown.
  /// The loop shuts the preview player down (mpv ends) before it returns.
  /// - Returns: 0 after `q` or Ctrl-C; 1 when there is no terminal or it cannot be set up.
  ///   SIGINT, SIGTERM and SIGHUP restore the terminal and end the process with 128 + n
  ///   (TerminalPOSIX re-raises them). Problems go to stderr before the screen is taken, to
  ///   the `TUNES_LOG` file after.
  @MainActor
  package static func run(
    dependencies: TunesDependencies, graphics: AppGraphics? = nil, notices: [String],
    environment: [String: String], log: Log, theme: String? = nil
  ) async -> Int32 {
    guard TerminalHost.standardStreamsAreTerminals else {
      report(TUIError.notATerminal)
      return 1
    }
    let host: TerminalHost
    do {
      host = try TerminalHost.start(environment: environment)
    } catch {
      report(error)
      return 1
    }
    defer { host.stop() }
    var dependencies = dependencies
    var images: ImageLayer?
    // Videos in the terminal: mpv draws with sixel where images are drawn as sixel (the one
    // start-up probe decides both), else with half blocks.
    dependencies.video.useTerminal(
      sixel: false, cellWidth: CellPixels.fallback.width, cellHeight: CellPixels.fallback.height)
    if let graphics {
      let probe = AppGraphics.probe(host.probe, window: host.initialSize, tmux: host.tmux)
      let choice = graphics.configure(
        probe: probe, environment: environment,
        colorDepth: host.capabilities.colorDepth, dependencies: &dependencies)
      let video = AppGraphics.videoDriver(choice: choice, probe: probe)
      dependencies.video.useTerminal(
        sixel: video.sixel, cellWidth: choice.cellPixels.width,
        cellHeight: choice.cellPixels.height)
      log.log("video in the terminal: \(video.reason)")
      log.log(
        "images \(choice.graphicsProtocol.rawValue): \(choice.reason);"
          + " cell \(choice.cellPixels.width)x\(choice.cellPixels.height)"
          + " version \(host.probe.version ?? "unknown")")
      if let tmux = host.tmux {
        log.log(
          "tmux \(tmux.info?.version ?? "?")"
            + " outer \(tmux.info?.clientType ?? host.probe.version ?? "?")"
            + " (\(tmux.info?.clientTerminal ?? "?")) passthrough \(tmux.passthrough.note)"
            + " origin \(tmux.info.map { "\($0.origin.x),\($0.origin.y)" } ?? "?")")
      }
      dependencies.imagesMode = choice.modeName
      if choice.graphicsProtocol != .none {
        // Inside tmux, pixels are placed in the outer terminal: at the pane's offset there.
        var origin: (@Sendable () -> Position?)?
        if choice.passthrough, let tmux = host.tmux {
          let pane = tmux.pane
          origin = { pane.origin() }
          // Pixels are lost when tmux redraws the pane, and placeholder images sent while the
          // window was hidden never arrived: draw (and send) them again when it is back.
          TerminalHost.redrawOnReturn(session: host.session, tmux: tmux)
        }
        // Encodings are made on the artwork threads, niced below this one: frames first.
        images = ImageLayer(
          choice: choice, pixels: graphics.pixels, log: { log.log($0) }, origin: origin,
          offload: BackgroundThreads.artwork.run)
      }
    }
    let (appearance, why) = Palette.Appearance.choose(
      request: theme, background: host.probe.background, environment: environment)
    log.log("theme \(appearance.rawValue): \(why)")
    let loop = ProgramLoop(
      terminal: .live(host), dependencies: dependencies,
      colorDepth: host.capabilities.colorDepth,
      synchronizedOutput: host.capabilities.synchronizedOutput == .yes, log: log,
      notices: notices, terminalName: environment["TERM"] ?? "unknown", images: images)
    loop.palette = Palette.for(appearance, depth: host.capabilities.colorDepth)
    return await loop.run()
  }

  private static func report(_ error: any Error) {
    var text = "tunes: \(error.localizedDescription)\n"
    if let suggestion = (error as? LocalizedError)?.recoverySuggestion {
      text += "  \(suggestion)\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
  }
}
