import DesktopLive
import Foundation
import TerminalGraphics
import TerminalPOSIX
import TerminalUI
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes doctor`: what the terminal app would use here, as text.
package enum Doctor {
  /// The report for this process: when stdin and stdout are a terminal, raw mode is entered
  /// for a moment to ask it about synchronized output (at most `probeTimeout`), then
  /// restored.
  package static func live(
    environment: [String: String], images: String? = nil,
    probeTimeout: Duration = .seconds(1)
  ) -> String {
    let request = imagesRequest(flag: images, environment: environment)
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      return report(environment: environment, size: nil, images: request)
    }
    let session = TerminalSession()
    var probe = CapabilityProbe.Result()
    var tmux: TerminalHost.TmuxContext?
    if (try? session.enter()) != nil {
      // Inside tmux: passthrough on for the moment of the probe, put back by leave().
      tmux = TerminalHost.prepareTmux(session: session, environment: environment)
      probe = CapabilityProbe.run(
        session: session, timeout: probeTimeout,
        tmuxPassthrough: tmux?.asksOuterTerminal)
      session.leave()
    }
    let window = WindowSize.read(fd: STDOUT_FILENO)
    let size = window.map { (columns: $0.cols, rows: $0.rows) }
    let cell = probe.cellPixels ?? tmux?.info?.cellPixels ?? window?.cellPixels
    let facts = tmux.map { context in
      TmuxFacts(
        version: context.info?.version, outerTerminal: context.info?.clientTerminal,
        outerType: context.info?.clientType, passthrough: context.passthrough.isOn,
        passthroughNote: context.passthrough == .enabled
          ? "turned on for tunes' pane while it runs (allow-passthrough), put back on exit"
          : context.passthrough.note)
    }
    // Without passthrough the answers are tmux's own, not the outer terminal's.
    let outer = tmux?.asksOuterTerminal ?? true
    let graphics = GraphicsProbe(
      kittyGraphics: outer ? probe.kittyGraphics : nil,
      deviceAttributes: outer ? probe.deviceAttributes : nil,
      cellPixels: cell.map { CellPixels(width: $0.width, height: $0.height) },
      version: outer ? probe.version : nil, tmux: facts)
    return report(
      environment: environment, size: size, synchronizedOutput: probe.synchronizedOutput,
      probe: graphics, images: request)
  }

  /// How artwork is to be drawn (see ``LiveArtwork/request(flag:environment:)``).
  package static func imagesRequest(flag: String?, environment: [String: String])
    -> GraphicsChoice.Request
  {
    LiveArtwork.request(flag: flag, environment: environment)
  }

  /// One line on the history and favourites database after reading every page of it: "ok", or
  /// that a damaged file was kept aside (and where), or why it could not be opened.
  package static func databaseCheck(paths: StoragePaths) -> String {
    guard FileManager.default.fileExists(atPath: paths.databaseFile.path) else {
      return "not created yet"
    }
    do {
      let database = try TunesDatabase.open(paths: paths, verifyIntegrity: true)
      defer { database.database.close() }
      if let recovery = database.recovery { return "damaged: " + recovery.message }
      // The app's daily background check need not read the file again today.
      DailyIntegrityCheck.record(paths: paths, at: Date())
      return "ok (every page read)"
    } catch {
      return "cannot be opened: \(error.localizedDescription)"
    }
  }

  /// The report: terminal name and size, colour depth, synchronized output, mouse,
  /// hyperlinks, and the data, cache, config and log paths.
  ///
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - size: the window size, when known (`nil` when stdout is not a terminal).
  ///   - synchronizedOutput: the probe's answer.
  package static func report(
    environment: [String: String], size: (columns: Int, rows: Int)?,
    synchronizedOutput: TerminalCapabilities.Support = .unknown,
    probe: GraphicsProbe = GraphicsProbe(), images: GraphicsChoice.Request = .auto
  ) -> String {
    let capabilities = TerminalCapabilities.fromEnvironment(environment)
    let paths = StoragePaths(environment: environment)
    let depth: String
    switch capabilities.colorDepth {
    case .truecolor: depth = "24-bit"
    case .ansi256: depth = "256 colours"
    case .ansi16: depth = "16 colours"
    case .none: depth = "none (NO_COLOR or a dumb terminal)"
    }
    let sync: String
    switch synchronizedOutput {
    case .yes: sync = "yes (DEC 2026)"
    case .no: sync = "no"
    case .unknown: sync = size == nil ? "not asked (not a terminal)" : "no answer"
    }
    let links: String
    switch capabilities.hyperlinks {
    case .yes: links = "yes (OSC 8)"
    case .no: links = "no"
    case .unknown: links = "unknown (OSC 8 is sent; terminals without it ignore it)"
    }
    let log = environment["TUNES_LOG"].flatMap { $0.isEmpty ? nil : $0 }
    var rows: [(String, String)] = [
      ("terminal", environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"),
      ("size", size.map { "\($0.columns)×\($0.rows)" } ?? "not a terminal"),
      ("colour", depth),
      ("sync output", sync),
      ("mouse", size == nil ? "no (not a terminal)" : "yes (SGR 1006)"),
      ("hyperlinks", links),
    ]
    if let tmux = probe.tmux {
      rows.append(("tmux", tmuxLine(tmux)))
    } else if environment["TMUX"].map({ !$0.isEmpty }) ?? false {
      rows.append(("tmux", "yes (not asked: not a terminal)"))
    }
    rows += [
      ("images", imagesLine(environment: environment, size: size, probe: probe, images: images)),
      ("mpris", mprisLine(environment: environment, paths: paths)),
      ("data", paths.databaseFile.path),
      ("cache", paths.cacheDirectory.path),
      ("config", paths.configFile.path),
      ("log", log ?? "off (set TUNES_LOG=FILE)"),
    ]
    let width = rows.map { displayWidth(of: $0.0) }.max() ?? 0
    return rows.map { pad($0.0, toWidth: width) + "  " + $0.1 }.joined(separator: "\n") + "\n"
  }

  /// The MPRIS line: off by the config key, off without a session bus (and why), else where the
  /// app will show itself. Nothing connects here.
  static func mprisLine(environment: [String: String], paths: StoragePaths) -> String {
    let config = ConfigFile.loadOrDefaults(from: paths.configFile)
    if DesktopPresence.Mode(config.mpris) == .off { return "off (the config key mpris is off)" }
    guard let address = SessionBus.address(in: environment) else {
      return "off: \(SessionBus.missingReason); media keys and playerctl will not reach tunes"
    }
    return "on: the app shows itself as \(MediaSession.preferredBusName) on \(address)"
  }

  /// The tmux line: its version, the terminal it runs in, and passthrough.
  static func tmuxLine(_ tmux: TmuxFacts) -> String {
    "\(tmux.version.map { "tmux \($0)" } ?? "tmux"); outer terminal \(tmux.outerDescription);"
      + " passthrough \(tmux.passthroughNote)"
  }

  /// The artwork line: the protocol the app would use here and why, with the cell size.
  static func imagesLine(
    environment: [String: String], size: (columns: Int, rows: Int)?, probe: GraphicsProbe,
    images: GraphicsChoice.Request
  ) -> String {
    guard size != nil || images != .auto else { return "not asked (not a terminal)" }
    let choice = GraphicsChoice.choose(
      request: images, probe: probe, environment: environment,
      colorDepth: ColorDepth.from(environment: environment))
    guard choice.graphicsProtocol != .none else { return choice.reason }
    let cell = "\(choice.cellPixels.width)×\(choice.cellPixels.height) px cells"
    let measured = probe.cellPixels == nil ? " (assumed)" : ""
    return "\(choice.reason); \(cell)\(measured)"
  }
}
