/// What happened in the settings panel.
public enum SettingsAction: Equatable, Sendable {
  /// `S`: the panel opened (the parent opens it on the storefront in force).
  case opened
  /// A letter typed: it starts a new code, or completes one.
  case letterTyped(Character)
  /// Backspace: the last letter erased.
  case letterErased
  /// ←/→: the country stepped `delta` places through the list.
  case countryStepped(by: Int)
  /// The country draft was replaced (the three above go through here; validated).
  case changed(country: String?)
  /// Enter: apply when valid (saved; the home rows, a shown search and later lookups follow).
  case applied
  /// Delete: the first press asks, the second forgets every recent search.
  case historyClearRequested
  /// What the panel asks of the app.
  case delegate(Delegate)

  /// What the settings panel asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// The person chose this storefront (`nil`: none) and the panel is done.
    case storefrontChosen(String?)
    /// The person confirmed forgetting every recent search.
    case historyClearConfirmed
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    if case .delegate = self { return false }
    return true
  }
}
