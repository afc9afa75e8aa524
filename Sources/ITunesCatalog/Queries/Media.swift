/// The media types Apple's search accepts (`media=`), with their entities and attributes (Apple's tables
/// 2-1 and 2-2).
public enum Media: String, CaseIterable, Sendable, Codable {
  case movie, podcast, music, musicVideo, audiobook, shortFilm, tvShow, software, ebook, all

  /// The entities Apple accepts with this media (Table 2-1).
  public var entities: [String] {
    switch self {
    case .movie: return ["movieArtist", "movie"]
    case .podcast: return ["podcastAuthor", "podcast", "podcastEpisode"]
    case .music: return ["musicArtist", "musicTrack", "album", "musicVideo", "mix", "song"]
    case .musicVideo: return ["musicArtist", "musicVideo"]
    case .audiobook: return ["audiobookAuthor", "audiobook"]
    case .shortFilm: return ["shortFilmArtist", "shortFilm"]
    case .tvShow: return ["tvEpisode", "tvSeason"]
    case .software: return ["software", "iPadSoftware", "macSoftware"]
    case .ebook: return ["ebook"]
    case .all:
      return [
        "movie", "album", "allArtist", "podcast", "musicVideo", "mix", "audiobook", "tvSeason",
        "allTrack",
      ]
    }
  }

  /// The attributes Apple accepts with this media (Table 2-2).
  public var attributes: [String] {
    switch self {
    case .movie:
      return [
        "actorTerm", "genreIndex", "artistTerm", "shortFilmTerm", "producerTerm", "ratingTerm",
        "directorTerm", "releaseYearTerm", "featureFilmTerm", "movieArtistTerm", "movieTerm",
        "ratingIndex", "descriptionTerm",
      ]
    case .podcast:
      return [
        "titleTerm", "languageTerm", "authorTerm", "genreIndex", "artistTerm", "ratingIndex",
        "keywordsTerm", "descriptionTerm",
      ]
    case .music:
      return [
        "mixTerm", "genreIndex", "artistTerm", "composerTerm", "albumTerm", "ratingIndex",
        "songTerm",
      ]
    case .musicVideo: return ["genreIndex", "artistTerm", "albumTerm", "ratingIndex", "songTerm"]
    case .audiobook: return ["titleTerm", "authorTerm", "genreIndex", "ratingIndex"]
    case .shortFilm:
      return ["genreIndex", "artistTerm", "shortFilmTerm", "ratingIndex", "descriptionTerm"]
    case .software: return ["softwareDeveloper"]
    case .tvShow:
      return [
        "genreIndex", "tvEpisodeTerm", "showTerm", "tvSeasonTerm", "ratingIndex", "descriptionTerm",
      ]
    case .ebook: return []
    case .all:
      return [
        "actorTerm", "languageTerm", "allArtistTerm", "tvEpisodeTerm", "shortFilmTerm",
        "directorTerm",
        "releaseYearTerm", "titleTerm", "featureFilmTerm", "ratingIndex", "keywordsTerm",
        "descriptionTerm", "authorTerm", "genreIndex", "mixTerm", "allTrackTerm", "artistTerm",
        "composerTerm", "tvSeasonTerm", "producerTerm", "ratingTerm", "songTerm", "movieArtistTerm",
        "showTerm", "movieTerm", "albumTerm",
      ]
    }
  }

  /// Every entity of every media, without repeats, in table order.
  public static var allEntities: [String] { unique(allCases.flatMap(\.entities)) }
  /// Every attribute of every media, without repeats, in table order.
  public static var allAttributes: [String] { unique(allCases.flatMap(\.attributes)) }

  /// The entities a lookup may ask for (`lookup?id=…&entity=…`).
  public static var lookupEntities: [String] {
    unique(allEntities + ["podcastEpisode", "software", "ebook"])
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }
}
