import AppArchitecture
import ITunesCatalog

/// The filters panel (`f`): edits a draft and, when it is valid, hands it to the app
/// (``FiltersAction/Delegate/applied(_:)``), which saves it and runs the search again.
struct FiltersFeature: Reducer {
  func reduce(into panel: inout FiltersState, action: FiltersAction) -> Effect<FiltersAction> {
    switch action {
    case .opened, .loaded, .delegate:
      return .none
    case .valueStepped(let delta):
      return reduce(
        into: &panel, action: .changed(panel.draft.stepped(panel.focusedField, by: delta)))
    case .changed(let draft):
      panel.draft = draft
      panel.error = draft.validationError.map(Self.message)
      return .none
    case .fieldFocused(let field):
      panel.focusedField = field
      return .none
    case .fieldMoved(let direction):
      let fields = FiltersState.Field.allCases
      let index = panel.focusedField.rawValue
      switch direction {
      case .up, .left, .pageUp: panel.focusedField = fields[max(0, index - 1)]
      case .down, .right, .pageDown: panel.focusedField = fields[min(fields.count - 1, index + 1)]
      case .first: panel.focusedField = fields[0]
      case .last: panel.focusedField = fields[fields.count - 1]
      }
      return .none
    case .applied:
      if let error = panel.draft.validationError {
        panel.error = Self.message(error)
        return .none
      }
      return .send(.delegate(.applied(panel.draft.normalized)))
    }
  }

  /// A validation error as one line for the filters panel: what is wrong and what to do.
  static func message(_ error: CatalogError) -> String {
    [error.errorDescription, error.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
  }
}

extension AppFeature {
  /// A validation error as one line for the filters panel: what is wrong and what to do.
  static func message(_ error: CatalogError) -> String { FiltersFeature.message(error) }
}
