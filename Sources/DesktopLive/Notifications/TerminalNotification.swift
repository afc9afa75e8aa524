/// A notification through the terminal itself, for when there is no desktop bus (over SSH, in a
/// console): the escape sequence the terminal in the environment understands.
///
/// - kitty (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`): OSC 99, the title and body as two chunks of
///   one notification (`i=tunes`, so a newer one replaces it).
/// - foot, urxvt, VTE terminals (`VTE_VERSION`), WezTerm and Ghostty: OSC 777
///   `notify;title;body`.
/// - anything else (iTerm2, Windows Terminal …): OSC 9 with "title: body".
///
/// Inside tmux (`TMUX`), the sequence is wrapped for passthrough (`ESC P tmux;`, every ESC
/// doubled, `ESC \`); tmux passes it on only with `set -g allow-passthrough on`. The terminal is
/// recognised by the variables the outer terminal left, which tmux keeps (`KITTY_WINDOW_ID`,
/// `WEZTERM_PANE`, `VTE_VERSION` …), then by `TERM`.
package enum TerminalNotification {
  /// The sequences, in the order they are looked for.
  package enum Dialect: Equatable, Sendable {
    /// kitty's OSC 99.
    case kitty
    /// OSC 777 `notify` (rxvt's, taken up by foot, VTE, WezTerm, Ghostty).
    case osc777
    /// OSC 9 (iTerm2's growl-style message).
    case osc9
  }

  /// The bytes to write to the terminal for a notification with `summary` and `body`; control
  /// characters in both are removed first (they come from the network).
  package static func sequence(
    summary: String, body: String, environment: [String: String]
  ) -> String {
    let summary = removingControls(summary)
    let body = removingControls(body)
    let sequence: String
    switch dialect(in: environment) {
    case .kitty:
      sequence =
        "\u{1B}]99;i=tunes:d=0:p=title;\(summary)\u{1B}\\"
        + "\u{1B}]99;i=tunes:d=1:p=body;\(body)\u{1B}\\"
    case .osc777:
      // The title ends at the next semicolon, so it may hold none.
      let title = summary.replacingSemicolons()
      sequence = "\u{1B}]777;notify;\(title);\(body)\u{1B}\\"
    case .osc9:
      let text = body.isEmpty ? summary : summary.isEmpty ? body : "\(summary): \(body)"
      sequence = "\u{1B}]9;\(text)\u{1B}\\"
    }
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return sequence }
    var doubled = ""
    for character in sequence {
      if character == "\u{1B}" { doubled.append("\u{1B}") }
      doubled.append(character)
    }
    return "\u{1B}Ptmux;" + doubled + "\u{1B}\\"
  }

  /// The sequence the terminal in `environment` speaks.
  package static func dialect(in environment: [String: String]) -> Dialect {
    func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    let term = environment["TERM"] ?? ""
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    if has("KITTY_WINDOW_ID") || term == "xterm-kitty" { return .kitty }
    if has("WEZTERM_PANE") || has("VTE_VERSION") || program == "wezterm" || program == "ghostty"
      || term.hasPrefix("foot") || term.hasPrefix("rxvt-unicode") || term == "xterm-ghostty"
    {
      return .osc777
    }
    return .osc9
  }

  /// `text` without C0 and C1 control characters or DEL; line breaks and tabs become spaces.
  package static func removingControls(_ text: String) -> String {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: kept.append(" ")
      case 0x00...0x1F, 0x7F...0x9F: continue
      default: kept.append(scalar)
      }
    }
    return String(kept)
  }
}

extension String {
  fileprivate func replacingSemicolons() -> String {
    String(map { $0 == ";" ? "," : $0 })
  }
}
