/// What happened in the settings panel.
public enum SettingsAction: Equatable, Sendable {
  /// `S`: the panel opened.
  case opened
  /// The country draft changed (a letter typed, Backspace, ←/→ through the list).
  case changed(country: String?)
  /// Enter: apply when valid (saved; the home rows, a shown search and later lookups follow).
  case applied

  /// Whether the action comes from the person.
  public var isInput: Bool { true }
}
