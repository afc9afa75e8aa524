/// The filters panel: the draft being edited and the validation message. The storefront is
/// not among its fields: it is the settings' (`SettingsState`).
public struct FiltersState: Equatable, Sendable {
  /// The fields of the panel, in order.
  public enum Field: Int, CaseIterable, Sendable {
    /// The media type.
    case media
    /// The result entity.
    case entity
    /// Explicit content on, off or Apple's default.
    case explicit
    /// The result language.
    case language
    /// Results per search.
    case limit
  }

  /// The filters as edited; applied only by `filtersApplied`.
  public var draft: SearchFilters
  /// Why the draft cannot be applied (drawn in the panel), or `nil`.
  public var error: String?
  /// The field with focus (the TUI moves it with `filtersFieldFocused`).
  public var focusedField: Field {
    didSet { if focusedField != oldValue { limitDigits = nil } }
  }
  /// The digits typed on the limit field since it got focus (`nil`: none typed, the next digit
  /// starts a new number).
  public var limitDigits: String?

  /// Makes a panel editing `draft`.
  public init(draft: SearchFilters, error: String? = nil, focusedField: Field = .media) {
    self.draft = draft
    self.error = error
    self.focusedField = focusedField
  }
}
