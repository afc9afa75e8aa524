import ITunesCatalog

extension SearchFilters {
  /// The limits ←/→ step through in the panel.
  public static let limitChoices = [10, 25, 30, 50, 100, 200]

  /// These filters with `field` stepped `delta` choices (wrapping): what ←/→ do in the panel.
  public func stepped(_ field: FiltersState.Field, by delta: Int) -> SearchFilters {
    var draft = self
    func next<T: Equatable>(_ options: [T], _ current: T) -> T {
      let index = options.firstIndex(of: current) ?? 0
      let count = options.count
      return options[((index + delta) % count + count) % count]
    }
    switch field {
    case .media:
      draft.media = next(
        [nil] + Media.allCases.filter { $0 != .all }.map(Optional.some), draft.media)
      draft.entity = nil
    case .entity:
      let options = [nil] + (draft.media ?? .all).entities.map(Optional.some)
      draft.entity = next(options, draft.entity)
    case .explicit:
      // Allowed is Apple's default: one choice for it, not two (nil and yes).
      draft.explicit = next([nil, false], draft.explicit == true ? nil : draft.explicit)
    case .language:
      draft.language = next(
        [nil] + SearchQuery.Language.allCases.map(Optional.some), draft.language)
    case .limit:
      draft.limit = next(
        Self.limitChoices,
        Self.limitChoices.contains(draft.limit) ? draft.limit : SearchFilters.defaultLimit)
    }
    return draft
  }
}
