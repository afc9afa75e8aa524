import ITunesCatalog
import TunesFeatures

/// The choices of each filters field and how ←/→ step through them.
enum FiltersEditing {
  /// Storefronts offered in the panel (Apple's default, US, first).
  static let countries: [String?] = [
    nil, "US", "GB", "CA", "AU", "NZ", "IE", "DE", "FR", "ES", "IT", "NL", "SE", "JP", "KR",
    "BR", "MX", "IN",
  ]
  /// Page sizes offered.
  static let limits = [10, 25, 30, 50, 100, 200]

  /// The field's value as shown.
  static func value(of field: FiltersState.Field, in draft: SearchFilters) -> String {
    switch field {
    case .media: return draft.media?.rawValue ?? "everything"
    case .entity: return draft.entity ?? "default for the media"
    case .explicit:
      switch draft.explicit {
      case nil: return "allowed (Apple's default)"
      case true?: return "allowed"
      case false?: return "left out"
      }
    case .country: return draft.country ?? "US (Apple's default)"
    case .language:
      switch draft.language {
      case nil: return "storefront's default"
      case .enUS?: return "English (en_us)"
      case .jaJP?: return "Japanese (ja_jp)"
      }
    case .limit: return "\(draft.limit) results"
    }
  }

  /// The field's label.
  static func label(of field: FiltersState.Field) -> String {
    switch field {
    case .media: return "Media"
    case .entity: return "Entity"
    case .explicit: return "Explicit"
    case .country: return "Country"
    case .language: return "Language"
    case .limit: return "Limit"
    }
  }

  /// `draft` with `field` stepped `by` choices (wrapping).
  static func step(_ draft: SearchFilters, field: FiltersState.Field, by delta: Int)
    -> SearchFilters
  {
    var draft = draft
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
      let options = [nil] + (draft.media?.entities ?? []).map(Optional.some)
      draft.entity = next(options, draft.entity)
    case .explicit:
      draft.explicit = next([nil, true, false], draft.explicit)
    case .country:
      draft.country = next(countries, draft.country)
    case .language:
      draft.language = next(
        [nil] + SearchQuery.Language.allCases.map(Optional.some), draft.language)
    case .limit:
      draft.limit = next(
        limits, limits.contains(draft.limit) ? draft.limit : SearchFilters.defaultLimit)
    }
    return draft
  }
}
