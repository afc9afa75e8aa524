import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Settings and filters panels, on their own state")
struct SettingsFeatureTests {
  @Test("the settings panel checks the country and hands a valid one to the app")
  func storefront() async throws {
    let store = TestStore(
      initialState: SettingsState(country: "GB"), reducer: SettingsFeature())
    try await store.send(.changed(country: "X")) {
      $0.country = "X"
      $0.error = SettingsFeature.countryError("X")
    }
    #expect(store.state.error != nil)
    try await store.send(.applied)
    try await store.send(.changed(country: "JP")) {
      $0.country = "JP"
      $0.error = nil
    }
    try await store.send(.applied)
    try await store.receive(.delegate(.storefrontChosen("JP")))
    try await store.send(.changed(country: nil)) { $0.country = nil }
    try await store.send(.applied)
    try await store.receive(.delegate(.storefrontChosen(nil)))
    try await store.finish()
  }

  @Test("the filters panel moves between fields, refuses a bad draft and hands a good one over")
  func filters() async throws {
    let store = TestStore(
      initialState: FiltersState(draft: SearchFilters()), reducer: FiltersFeature())
    try await store.send(.fieldMoved(.down)) { $0.focusedField = .entity }
    try await store.send(.fieldMoved(.last)) { $0.focusedField = .limit }
    try await store.send(.fieldMoved(.down))
    try await store.send(.fieldFocused(.explicit)) { $0.focusedField = .explicit }
    var bad = SearchFilters()
    bad.limit = 0
    try await store.send(.changed(bad)) {
      $0.draft = bad
      $0.error = bad.validationError.map(FiltersFeature.message)
    }
    #expect(store.state.error != nil)
    try await store.send(.applied)
    var good = SearchFilters()
    good.limit = 50
    try await store.send(.changed(good)) {
      $0.draft = good
      $0.error = nil
    }
    try await store.send(.applied)
    try await store.receive(.delegate(.applied(good.normalized)))
    try await store.finish()
  }
}
