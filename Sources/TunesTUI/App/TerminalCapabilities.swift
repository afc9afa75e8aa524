import TerminalUI

/// What the terminal can do, from the environment and (for synchronized output) its answer
/// to a DECRQM query.
public struct TerminalCapabilities: Sendable, Equatable {
  /// `TERM`, or "unknown".
  public var terminalName: String
  /// How many colours to use.
  public var colorDepth: ColorDepth
  /// Whether frames are wrapped in DEC mode 2026 (known only after the probe answers).
  public var synchronizedOutput: Bool?
  /// Whether OSC 8 hyperlinks are likely shown as links (a guess from the environment;
  /// terminals that do not know OSC 8 ignore it).
  public var hyperlinks: Bool?

  /// Creates capabilities.
  public init(
    terminalName: String, colorDepth: ColorDepth, synchronizedOutput: Bool? = nil,
    hyperlinks: Bool? = nil
  ) {
    self.terminalName = terminalName
    self.colorDepth = colorDepth
    self.synchronizedOutput = synchronizedOutput
    self.hyperlinks = hyperlinks
  }

  /// The query written at start: DECRQM for mode 2026, then primary device attributes, which
  /// every terminal answers (so an unanswered 2026 query is known to be unsupported).
  public static let probeQuery = Array("\u{1B}[?2026$p\u{1B}[c".utf8)

  /// Capabilities read from environment variables (`NO_COLOR`, `COLORTERM`, `TERM`,
  /// `TERM_PROGRAM`, `VTE_VERSION`), before any probe.
  public static func detect(environment: [String: String]) -> TerminalCapabilities {
    let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    let depth: ColorDepth
    if environment["NO_COLOR"].map({ !$0.isEmpty }) == true || term == "dumb" {
      depth = .none
    } else if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
      depth = .truecolor
    } else if term.contains("256color") {
      depth = .ansi256
    } else {
      depth = .ansi16
    }
    return TerminalCapabilities(
      terminalName: term, colorDepth: depth, synchronizedOutput: nil,
      hyperlinks: hyperlinkGuess(environment: environment, term: term))
  }

  private static func hyperlinkGuess(environment: [String: String], term: String) -> Bool? {
    let program = environment["TERM_PROGRAM"] ?? ""
    let known = ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "tabby"]
    if known.contains(program) { return true }
    if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
    if ["kitty", "foot", "alacritty", "wezterm", "ghostty"].contains(where: term.contains) {
      return true
    }
    if term == "linux" || term == "dumb" { return false }
    return nil
  }

  /// Applies a probe answer: a DECRQM report for 2026 settles synchronized output; device
  /// attributes arriving first mean no report is coming. Returns whether anything changed.
  public mutating func apply(_ event: InputEvent) -> Bool {
    switch event {
    case .modeReport(2026, let value):
      synchronizedOutput = value == 1 || value == 2
      return true
    case .deviceAttributes where synchronizedOutput == nil:
      synchronizedOutput = false
      return true
    default:
      return false
    }
  }
}
