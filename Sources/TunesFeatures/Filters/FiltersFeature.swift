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
      panel.limitDigits = nil
      return reduce(
        into: &panel, action: .changed(panel.draft.stepped(panel.focusedField, by: delta)))
    case .limitDigitTyped(let digit):
      guard panel.focusedField == .limit, (0...9).contains(digit) else { return .none }
      // Three digits at most: 200 is the largest limit, and a longer number is a slip.
      let digits = String((panel.limitDigits ?? "").suffix(2)) + String(digit)
      return typedLimit(digits, into: &panel)
    case .limitDigitErased:
      guard panel.focusedField == .limit else { return .none }
      let digits = String((panel.limitDigits ?? String(panel.draft.limit)).dropLast())
      return typedLimit(digits, into: &panel)
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

  /// The limit field showing `digits` (empty: nothing typed yet, the limit unchanged until a
  /// digit comes, and Enter refused meanwhile).
  private func typedLimit(_ digits: String, into panel: inout FiltersState) -> Effect<FiltersAction>
  {
    panel.limitDigits = digits
    var draft = panel.draft
    draft.limit = Int(digits) ?? 0
    _ = reduce(into: &panel, action: .changed(draft))
    panel.limitDigits = digits
    return .none
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
