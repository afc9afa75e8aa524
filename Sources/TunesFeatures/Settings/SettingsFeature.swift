import AppArchitecture
import ITunesCatalog

/// The settings panel (`S`): edits the storefront and, when it is valid, hands it to the app
/// (``SettingsAction/Delegate/storefrontChosen(_:)``), which applies it everywhere.
struct SettingsFeature: Reducer {
  func reduce(into panel: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
    switch action {
    case .opened, .delegate:
      return .none
    case .letterTyped(let letter):
      return reduce(
        into: &panel, action: .changed(country: SettingsEditing.type(panel.country, letter: letter))
      )
    case .letterErased:
      return reduce(into: &panel, action: .changed(country: SettingsEditing.erase(panel.country)))
    case .countryStepped(let delta):
      return reduce(
        into: &panel, action: .changed(country: SettingsEditing.step(panel.country, by: delta)))
    case .changed(let country):
      panel.confirmingHistoryClear = false
      panel.country = country
      panel.error = Self.countryError(country)
      return .none
    case .historyClearRequested:
      guard panel.historyCount > 0 else { return .none }
      if panel.confirmingHistoryClear {
        panel.confirmingHistoryClear = false
        panel.historyCount = 0
        return .send(.delegate(.historyClearConfirmed))
      }
      panel.confirmingHistoryClear = true
      return .none
    case .applied:
      if let error = Self.countryError(panel.country) {
        panel.error = error
        return .none
      }
      return .send(.delegate(.storefrontChosen(panel.country)))
    }
  }

  /// Why `country` cannot be the storefront (what is wrong and what to do), or `nil`.
  static func countryError(_ country: String?) -> String? {
    SearchFilters(country: country).validationError.map(FiltersFeature.message)
  }
}

extension AppFeature {
  /// Why `country` cannot be the storefront (what is wrong and what to do), or `nil`.
  public static func countryError(_ country: String?) -> String? {
    SettingsFeature.countryError(country)
  }
}
