/// What happened in the filters panel.
public enum FiltersAction: Equatable, Sendable {
  /// `f`: the panel opened (the parent opens it on the filters in force).
  case opened
  /// Saved filters were read at start.
  case loaded(SearchFilters)
  /// ←/→ on the focused field: its value stepped by `delta` choices (the reducer steps it).
  case valueStepped(by: Int)
  /// The draft was replaced (a stepped value goes through here; validated).
  case changed(SearchFilters)
  /// A digit was typed on the limit field: the first starts a new number, the next ones add
  /// to it (validated as the number grows).
  case limitDigitTyped(Int)
  /// Backspace on the limit field: the last typed digit erased.
  case limitDigitErased
  /// A field got focus (a click).
  case fieldFocused(FiltersState.Field)
  /// ↑/↓ (or Tab) moved the focus between fields.
  case fieldMoved(MoveDirection)
  /// Enter: apply when valid (persisted; the search runs again).
  case applied
  /// What the panel asks of the app.
  case delegate(Delegate)

  /// What the filters panel asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// The person applied these filters (valid, normalized) and the panel is done.
    case applied(SearchFilters)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .valueStepped, .changed, .limitDigitTyped, .limitDigitErased, .fieldFocused,
      .fieldMoved, .applied:
      return true
    case .loaded, .delegate: return false
    }
  }
}
