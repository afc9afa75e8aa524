import Foundation
import TerminalUI
import TunesStorage

/// `tunes doctor`: what the terminal app would use here, as text.
public enum Doctor {
  /// The report: terminal name and size, colour depth, synchronized output, mouse,
  /// hyperlinks, and the data, cache, config and log paths.
  ///
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - size: the window size, when known (`nil` when stdout is not a terminal).
  ///   - synchronizedOutput: the probe's answer, when one was made.
  public static func report(
    environment: [String: String], size: (columns: Int, rows: Int)?,
    synchronizedOutput: Bool? = nil
  ) -> String {
    let capabilities = TerminalCapabilities.detect(environment: environment)
    let paths = StoragePaths(environment: environment)
    func yesNo(_ value: Bool?, unknown: String) -> String {
      value.map { $0 ? "yes" : "no" } ?? unknown
    }
    let depth: String
    switch capabilities.colorDepth {
    case .truecolor: depth = "24-bit"
    case .ansi256: depth = "256 colours"
    case .ansi16: depth = "16 colours"
    case .none: depth = "none (NO_COLOR or a dumb terminal)"
    }
    let rows: [(String, String)] = [
      ("terminal", capabilities.terminalName),
      ("size", size.map { "\($0.columns)×\($0.rows)" } ?? "not a terminal"),
      ("colour", depth),
      ("sync output", yesNo(synchronizedOutput, unknown: "asked at start (DEC 2026)")),
      ("mouse", size == nil ? "no (not a terminal)" : "yes (SGR 1006)"),
      (
        "hyperlinks",
        yesNo(capabilities.hyperlinks, unknown: "unknown (OSC 8 is sent; others ignore it)")
      ),
      ("data", paths.databaseFile.path),
      ("cache", paths.cacheDirectory.path),
      ("config", paths.configFile.path),
      (
        "log",
        environment["TUNES_LOG"].flatMap { $0.isEmpty ? nil : $0 } ?? "off (set TUNES_LOG=FILE)"
      ),
    ]
    let width = rows.map { $0.0.count }.max() ?? 0
    return rows.map { pad($0.0, toWidth: width) + "  " + $0.1 }.joined(separator: "\n") + "\n"
  }
}
