import Foundation
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
    environment: [String: String], probeTimeout: Duration = .milliseconds(200)
  ) -> String {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      return report(environment: environment, size: nil)
    }
    let session = TerminalSession()
    var sync = TerminalCapabilities.Support.unknown
    if (try? session.enter()) != nil {
      sync = CapabilityProbe.run(session: session, timeout: probeTimeout).synchronizedOutput
      session.leave()
    }
    let size = WindowSize.read(fd: STDOUT_FILENO).map { (columns: $0.cols, rows: $0.rows) }
    return report(environment: environment, size: size, synchronizedOutput: sync)
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
    synchronizedOutput: TerminalCapabilities.Support = .unknown
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
    let rows: [(String, String)] = [
      ("terminal", environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"),
      ("size", size.map { "\($0.columns)×\($0.rows)" } ?? "not a terminal"),
      ("colour", depth),
      ("sync output", sync),
      ("mouse", size == nil ? "no (not a terminal)" : "yes (SGR 1006)"),
      ("hyperlinks", links),
      ("data", paths.databaseFile.path),
      ("cache", paths.cacheDirectory.path),
      ("config", paths.configFile.path),
      ("log", log ?? "off (set TUNES_LOG=FILE)"),
    ]
    let width = rows.map { displayWidth(of: $0.0) }.max() ?? 0
    return rows.map { pad($0.0, toWidth: width) + "  " + $0.1 }.joined(separator: "\n") + "\n"
  }
}
