import TerminalUI

/// A network string made safe for one line of terminal output (C0, C1 and ESC removed).
func sanitizeLine(_ text: String) -> String { sanitize(text) }
