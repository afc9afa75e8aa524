/// What happened in the filters panel.
public enum FiltersAction: Equatable, Sendable {
  /// `f`: the panel opened.
  case opened
  /// Saved filters were read at start.
  case loaded(SearchFilters)
  /// The draft changed (←/→ stepped a field's value).
  case changed(SearchFilters)
  /// A field got focus (a click).
  case fieldFocused(FiltersState.Field)
  /// ↑/↓ (or Tab) moved the focus between fields.
  case fieldMoved(MoveDirection)
  /// Enter: apply when valid (persisted; the search runs again).
  case applied

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .changed, .fieldFocused, .fieldMoved, .applied: return true
    case .loaded: return false
    }
  }
}
