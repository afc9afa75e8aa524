/// What a catalogue item is. Apple's `kind` where it sends one, else derived from `wrapperType`; a kind
/// this code does not know is kept as `.other` and shown by its name, never dropped.
public enum ItemKind: Hashable, Sendable {
  case song, album, artist, featureMovie, musicVideo, tvEpisode, tvSeason, podcast, podcastEpisode
  case audiobook, ebook, software, macSoftware
  /// A kind this version does not know, with Apple's spelling (e.g. `coached-audio`).
  case other(String)

  /// The kind as the CLI's JSON writes it: Apple's `kind` spelling, or `artist`, `album`, `audiobook`,
  /// `podcast-episode`, `tv-season` where Apple sends none.
  public var rawValue: String {
    switch self {
    case .song: return "song"
    case .album: return "album"
    case .artist: return "artist"
    case .featureMovie: return "feature-movie"
    case .musicVideo: return "music-video"
    case .tvEpisode: return "tv-episode"
    case .tvSeason: return "tv-season"
    case .podcast: return "podcast"
    case .podcastEpisode: return "podcast-episode"
    case .audiobook: return "audiobook"
    case .ebook: return "ebook"
    case .software: return "software"
    case .macSoftware: return "mac-software"
    case .other(let raw): return raw
    }
  }

  /// Makes a kind from its JSON spelling; unknown spellings become `.other`.
  public init(rawValue: String) {
    switch rawValue {
    case "song": self = .song
    case "album": self = .album
    case "artist": self = .artist
    case "feature-movie": self = .featureMovie
    case "music-video": self = .musicVideo
    case "tv-episode": self = .tvEpisode
    case "tv-season": self = .tvSeason
    case "podcast": self = .podcast
    case "podcast-episode": self = .podcastEpisode
    case "audiobook": self = .audiobook
    case "ebook", "book": self = .ebook
    case "software", "software-package":
      self = rawValue == "software" ? .software : .other(rawValue)
    case "mac-software": self = .macSoftware
    default: self = .other(rawValue)
    }
  }

  /// A short name for badges: Song, Album, Artist, Movie, Music Video, TV Episode, Podcast, Episode …
  public var displayName: String {
    switch self {
    case .song: return "Song"
    case .album: return "Album"
    case .artist: return "Artist"
    case .featureMovie: return "Movie"
    case .musicVideo: return "Music Video"
    case .tvEpisode: return "TV Episode"
    case .tvSeason: return "TV Season"
    case .podcast: return "Podcast"
    case .podcastEpisode: return "Episode"
    case .audiobook: return "Audiobook"
    case .ebook: return "Book"
    case .software: return "App"
    case .macSoftware: return "Mac App"
    case .other(let raw):
      let words = raw.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
      let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      return name.isEmpty ? "Item" : name
    }
  }

  /// The kind's name in a sentence: "a song", "an album", "an app" …
  public var descriptiveName: String {
    let name = displayName
    let lower = self == .tvEpisode || self == .tvSeason ? name : name.lowercased()
    let article = lower.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    return article + " " + lower
  }
}
