import ITunesCatalog

/// Apple's words for what to search (`media`, `entity`, `attribute`), in the record kinds and
/// fields a catalogue filters by.
enum CatalogVocabulary {
  typealias Kind = CatalogRecord.Kind

  /// Every track kind: what `entity=allTrack` returns.
  static let trackKinds: Set<Kind> = [
    .song, .musicVideo, .movie, .tvEpisode, .podcast, .ebook, .software, .macSoftware, .shortFilm,
  ]

  /// Every artist kind: what `entity=allArtist` returns.
  static let artistKinds: Set<Kind> = Set(Kind.allCases.filter(\.isArtist))

  /// The kinds an entity returns; `nil` for a word Apple does not know.
  static func kinds(entity: String) -> Set<Kind>? {
    switch entity.lowercased() {
    case "musicartist": return [.musicArtist]
    case "allartist": return artistKinds
    case "movieartist", "shortfilmartist": return [.movieArtist]
    case "podcastauthor": return [.podcastArtist]
    case "audiobookauthor", "author": return [.author]
    case "softwaredeveloper": return [.softwareArtist]
    case "musictrack": return [.song, .musicVideo]
    case "song": return [.song]
    case "album": return [.album]
    case "musicvideo": return [.musicVideo]
    case "mix": return []
    case "movie": return [.movie]
    case "podcast": return [.podcast]
    case "podcastepisode": return [.podcastEpisode]
    case "audiobook": return [.audiobook]
    case "shortfilm": return [.shortFilm]
    case "tvepisode": return [.tvEpisode]
    case "tvseason": return [.tvSeason]
    case "software", "ipadsoftware": return [.software]
    case "macsoftware": return [.macSoftware]
    case "ebook": return [.ebook]
    case "alltrack": return trackKinds
    default: return nil
    }
  }

  /// The kinds a search of `media` returns when no entity is given (Apple: "the track entity
  /// associated with the specified media type").
  static func defaultKinds(media: Media) -> Set<Kind> {
    switch media {
    case .movie: return [.movie]
    case .podcast: return [.podcast]
    case .music: return [.song, .musicVideo]
    case .musicVideo: return [.musicVideo]
    case .audiobook: return [.audiobook]
    case .shortFilm: return [.shortFilm]
    case .tvShow: return [.tvEpisode]
    case .software: return [.software]
    case .ebook: return [.ebook]
    case .all: return trackKinds.union([.audiobook])
    }
  }

  /// Whether `entity` may be asked for with `media` (any known entity goes with `all`).
  static func accepts(entity: String, media: Media) -> Bool {
    let lowered = entity.lowercased()
    let allowed = media == .all ? Media.lookupEntities + ["softwareDeveloper"] : media.entities
    return allowed.contains { $0.lowercased() == lowered }
  }

  /// The record fields an attribute matches the term against; `nil` for a word Apple does not
  /// know.
  static func fields(attribute: String) -> [Field]? {
    switch attribute.lowercased() {
    case "artistterm", "allartistterm", "actorterm", "authorterm", "composerterm",
      "producerterm", "directorterm", "movieartistterm", "softwaredeveloper":
      return [.artist]
    case "albumterm", "tvseasonterm": return [.collection]
    case "songterm", "movieterm", "featurefilmterm", "shortfilmterm", "tvepisodeterm",
      "alltrackterm", "mixterm", "titleterm":
      return [.title]
    case "showterm": return [.artist, .collection]
    case "genreindex": return [.genre]
    case "descriptionterm": return [.description]
    case "keywordsterm": return [.title, .description]
    case "ratingterm", "ratingindex": return [.rating]
    case "releaseyearterm": return [.year]
    case "languageterm": return [.languages]
    default: return nil
    }
  }

  /// Whether `attribute` may be asked for with `media`.
  static func accepts(attribute: String, media: Media) -> Bool {
    let lowered = attribute.lowercased()
    let allowed = media == .all ? Media.allAttributes + ["softwareDeveloper"] : media.attributes
    return allowed.contains { $0.lowercased() == lowered }
  }

  /// A text of a record a term can be matched against.
  enum Field {
    /// The record's own name: the track's, the collection's or the artist's.
    case title
    case collection, artist, genre, description, rating, year, languages
  }

  /// The names a term matches when no attribute is given.
  static let nameFields: [Field] = [.title, .collection, .artist]
}

extension CatalogRecord {
  /// The folded text of one field (descriptions are folded on each call: only
  /// `descriptionTerm` searches read them).
  func text(_ field: CatalogVocabulary.Field) -> String {
    switch field {
    case .title:
      switch role {
      case .artist: return folded.artist
      case .collection: return folded.collection.isEmpty ? folded.track : folded.collection
      case .track: return folded.track.isEmpty ? folded.collection : folded.track
      }
    case .collection: return folded.collection
    case .artist: return folded.artist
    case .genre: return folded.genre
    case .description: return Self.fold(folded.unfoldedDescription)
    case .rating: return folded.rating
    case .year: return folded.year
    case .languages: return folded.languages
    }
  }
}
