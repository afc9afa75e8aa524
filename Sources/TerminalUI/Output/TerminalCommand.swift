/// Escape sequences for setting up and querying the terminal, as bytes to write.
///
/// ```swift
/// write(TerminalCommand.bytes([.enterAlternateScreen, .hideCursor, .enableBracketedPaste]))
/// ```
public enum TerminalCommand: Sendable, Hashable {
  /// Switch to the alternate screen (`ESC[?1049h`).
  case enterAlternateScreen
  /// Back to the main screen (`ESC[?1049l`).
  case leaveAlternateScreen
  /// Show the cursor (`ESC[?25h`).
  case showCursor
  /// Hide the cursor (`ESC[?25l`).
  case hideCursor
  /// Bracketed paste on (`ESC[?2004h`): pastes arrive as `InputEvent.paste`.
  case enableBracketedPaste
  /// Bracketed paste off (`ESC[?2004l`).
  case disableBracketedPaste
  /// Mouse reporting on: presses, releases, drags and wheel, SGR encoding
  /// (`ESC[?1000h ESC[?1002h ESC[?1006h`).
  case enableMouse
  /// Mouse reporting off (`ESC[?1006l ESC[?1002l ESC[?1000l`).
  case disableMouse
  /// Focus in/out reports on (`ESC[?1004h`).
  case enableFocusEvents
  /// Focus in/out reports off (`ESC[?1004l`).
  case disableFocusEvents
  /// Ask whether a private mode is supported (DECRQM, `ESC[?n$p`); the answer arrives as
  /// `InputEvent.modeReport`. Mode 2026 is synchronized output.
  case requestMode(Int)
  /// Ask for primary device attributes (`ESC[c`); every terminal answers, so it serves as
  /// the end marker of a probe. The answer arrives as `InputEvent.deviceAttributes`.
  case requestDeviceAttributes
  /// Ask for the cursor position (`ESC[6n`); the answer arrives as
  /// `InputEvent.cursorPosition`.
  case requestCursorPosition
  /// Reset colours and attributes (`ESC[0m`).
  case resetStyle
  /// Clear the screen and home the cursor (`ESC[H ESC[2J`).
  case clearScreen
  /// Set the window title (OSC 2); the title is sanitized.
  case setTitle(String)

  /// The bytes of this command.
  public var bytes: [UInt8] {
    Array(text.utf8)
  }

  /// The bytes of several commands, in order.
  public static func bytes(_ commands: [TerminalCommand]) -> [UInt8] {
    commands.flatMap(\.bytes)
  }

  private var text: String {
    switch self {
    case .enterAlternateScreen: return "\u{1B}[?1049h"
    case .leaveAlternateScreen: return "\u{1B}[?1049l"
    case .showCursor: return "\u{1B}[?25h"
    case .hideCursor: return "\u{1B}[?25l"
    case .enableBracketedPaste: return "\u{1B}[?2004h"
    case .disableBracketedPaste: return "\u{1B}[?2004l"
    case .enableMouse: return "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    case .disableMouse: return "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    case .enableFocusEvents: return "\u{1B}[?1004h"
    case .disableFocusEvents: return "\u{1B}[?1004l"
    case .requestMode(let mode): return "\u{1B}[?\(max(0, mode))$p"
    case .requestDeviceAttributes: return "\u{1B}[c"
    case .requestCursorPosition: return "\u{1B}[6n"
    case .resetStyle: return "\u{1B}[0m"
    case .clearScreen: return "\u{1B}[H\u{1B}[2J"
    case .setTitle(let title): return "\u{1B}]2;\(sanitize(title))\u{1B}\\"
    }
  }
}
