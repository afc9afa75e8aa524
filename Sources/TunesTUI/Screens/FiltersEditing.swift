import ITunesCatalog
import TunesFeatures

/// The choices of each filters field and how ←/→ step through them.
enum FiltersEditing {
  /// Page sizes offered.
  static let limits = [10, 25, 30, 50, 100, 200]

  /// Media in words.
  static func words(for media: Media) -> String {
    switch media {
    case .movie: return "movies"
    case .podcast: return "podcasts"
    case .music: return "music"
    case .musicVideo: return "music videos"
    case .audiobook: return "audiobooks"
    case .shortFilm: return "short films"
    case .tvShow: return "TV shows"
    case .software: return "apps"
    case .ebook: return "books"
    case .all: return "everything"
    }
  }

  /// An entity in words; Apple's identifier when there is no better name.
  static func words(forEntity entity: String) -> String {
    let names: [String: String] = [
      "movieArtist": "movie people", "movie": "movies", "podcastAuthor": "podcast authors",
      "podcast": "podcasts", "podcastEpisode": "podcast episodes", "musicArtist": "artists",
      "musicTrack": "songs and music videos", "album": "albums", "musicVideo": "music videos",
      "mix": "mixes", "song": "songs", "audiobookAuthor": "audiobook authors",
      "audiobook": "audiobooks", "shortFilmArtist": "short-film makers", "shortFilm": "short films",
      "tvEpisode": "TV episodes", "tvSeason": "TV seasons", "software": "iPhone apps",
      "iPadSoftware": "iPad apps", "macSoftware": "Mac apps", "ebook": "books",
      "allArtist": "artists of any kind", "allTrack": "tracks of any kind",
    ]
    return names[entity] ?? entity
  }

  /// The entities offered for a media (everything offers Apple's "all" entities).
  static func entities(for media: Media?) -> [String] {
    (media ?? .all).entities
  }

  /// The field's value as shown.
  static func value(of field: FiltersState.Field, in draft: SearchFilters) -> String {
    switch field {
    case .media: return draft.media.map(words(for:)) ?? "everything"
    case .entity: return draft.entity.map(words(forEntity:)) ?? "anything (Apple's default)"
    case .explicit:
      switch draft.explicit {
      case nil: return "allowed (Apple's default)"
      case true?: return "allowed"
      case false?: return "left out"
      }
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
      let options = [nil] + entities(for: draft.media).map(Optional.some)
      draft.entity = next(options, draft.entity)
    case .explicit:
      draft.explicit = next([nil, true, false], draft.explicit)
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
