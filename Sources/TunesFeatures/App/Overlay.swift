/// A panel drawn over the current screen; Esc closes it.
public enum Overlay: Equatable, Sendable {
  /// The help overlay listing every key.
  case help
  /// The filters panel.
  case filters(FiltersState)
  /// The settings panel (the storefront).
  case settings(SettingsState)
}
