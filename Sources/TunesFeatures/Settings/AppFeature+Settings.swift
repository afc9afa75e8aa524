import AppArchitecture
import ITunesCatalog

extension AppFeature {
  func reduceSettings(into state: inout AppState, action: SettingsAction) -> Effect<AppAction> {
    switch action {
    case .opened:
      state.overlay = .settings(
        SettingsState(
          country: state.filters.country, images: dependencies.imagesMode,
          video: dependencies.video.mode.rawValue))
      return .none
    case .changed(let country):
      guard case .settings(var panel) = state.overlay else { return .none }
      panel.country = country
      panel.error = Self.countryError(country)
      state.overlay = .settings(panel)
      return .none
    case .applied:
      guard case .settings(var panel) = state.overlay else { return .none }
      if let error = Self.countryError(panel.country) {
        panel.error = error
        state.overlay = .settings(panel)
        return .none
      }
      var filters = state.filters
      filters.country = panel.country
      filters = filters.normalized
      state.overlay = nil
      state.notice =
        filters.country.map { "Country: \($0). Charts, searches and lookups use its store." }
        ?? "Country: none chosen. Apple answers as its US store."
      return applyFilters(&state, filters)
    }
  }

  /// Why `country` cannot be the storefront (what is wrong and what to do), or `nil`.
  public static func countryError(_ country: String?) -> String? {
    SearchFilters(country: country).validationError.map(message)
  }
}
