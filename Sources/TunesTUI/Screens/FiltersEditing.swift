import ITunesCatalog
import TunesFeatures

/// The choices of each filters field and how ←/→ step through them.
enum FiltersEditing {
  /// Page sizes offered.

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

  /// The field's value as shown.
  static func value(
    of field: FiltersState.Field, in draft: SearchFilters, typing: String? = nil
  ) -> String {
    switch field {
    case .media: return draft.media.map(words(for:)) ?? "everything"
    case .entity: return draft.entity.map(words(forEntity:)) ?? "anything (Apple's default)"
    case .explicit:
      // Allowed (nil or yes) is Apple's default; only leaving it out is a filter.
      return draft.explicit == false ? "left out" : "allowed (Apple's default)"
    case .language:
      switch draft.language {
      case nil: return "storefront's default"
      case .enUS?: return "English (en_us)"
      case .jaJP?: return "Japanese (ja_jp)"
      }
    case .limit:
      if let typing { return typing + "▏ results (type 1–200)" }
      return draft.limit == 1 ? "1 result" : "\(draft.limit) results"
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
}
