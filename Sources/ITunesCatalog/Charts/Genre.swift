import Foundation

/// A genre of Apple's store (Music, Blues, Chicago Blues …) with its subgenres and the legacy
/// chart feeds the genre service names for it.
public struct Genre: Hashable, Sendable, Identifiable {
  /// Apple's genre id, e.g. 34 for Music.
  public var id: Int
  /// The genre's name.
  public var name: String
  /// The genre's page in Apple's store.
  public var storeURLText: String?
  /// The chart feeds the service lists (`rssUrls`), in its order.
  public var feeds: [GenreFeed]
  /// The subgenres, in the service's order; empty for a leaf.
  public var subgenres: [Genre]

  /// Makes a genre.
  public init(
    id: Int, name: String, storeURLText: String? = nil, feeds: [GenreFeed] = [],
    subgenres: [Genre] = []
  ) {
    self.id = id
    self.name = name
    self.storeURLText = storeURLText
    self.feeds = feeds
    self.subgenres = subgenres
  }

  /// The charts tunes knows among the genre's feeds (e.g. top songs and top albums for music).
  public var charts: [ChartKind] {
    let known = Set(feeds.compactMap(\.chart))
    return ChartKind.allCases.filter { known.contains($0) }
  }

  /// This genre or the first of its descendants with `id`, depth first.
  public func find(_ id: Int) -> Genre? {
    if self.id == id { return self }
    for genre in subgenres {
      if let found = genre.find(id) { return found }
    }
    return nil
  }

  /// How many genres are below this one, at every depth.
  public var descendantCount: Int {
    subgenres.reduce(subgenres.count) { $0 + $1.descendantCount }
  }

  /// Decodes the genre service's answer for `id`: `{"34": {name, id, url, rssUrls, chartUrls,
  /// subgenres: {"2": {…}}}}`.
  ///
  /// - Throws: `CatalogError.unknownGenre` when the answer does not hold genre `id` (Apple answers
  ///   an unknown id with an empty object); `.malformed` for an empty body, HTML or invalid JSON;
  ///   `.notFeed` for JSON of another shape.
  public static func decode(_ body: Data, id: Int) throws(CatalogError) -> Genre {
    let document = try FeedJSON.parse(body).value
    guard case .object(let members) = document else {
      throw .notFeed(reason: "the genre service's answer is not an object")
    }
    if let message = document["errorMessage"]?.text { throw .apple(message: message) }
    guard let value = document[String(id)] else {
      if members.isEmpty { throw .unknownGenre(id) }
      if document["results"] != nil || document["feed"] != nil {
        throw .notFeed(reason: "it is not the genre service's answer")
      }
      throw .unknownGenre(id)
    }
    guard let genre = Self.genre(from: value, depth: 0) else {
      throw .notFeed(reason: "genre \(id) has no id or name")
    }
    return genre
  }

  private static func genre(from value: JSONValue, depth: Int) -> Genre? {
    guard case .object = value, let id = value["id"]?.integer, let name = value["name"]?.text,
      let intID = Int(exactly: id)
    else { return nil }
    var genre = Genre(id: intID, name: name, storeURLText: URLText.web(value["url"]?.text))
    if case .object(let feeds)? = value["rssUrls"] {
      genre.feeds = feeds.compactMap { member in
        member.value.text.map { GenreFeed(name: member.key, urlText: $0) }
      }
    }
    if depth < 16, case .object(let children)? = value["subgenres"] {
      genre.subgenres = children.compactMap { Self.genre(from: $0.value, depth: depth + 1) }
    }
    return genre
  }
}

/// One chart feed the genre service names for a genre: `topSongs` → a legacy feed URL.
public struct GenreFeed: Hashable, Sendable {
  /// The service's key, e.g. `topAlbums`.
  public var name: String
  /// The feed's URL as the service gave it, e.g.
  /// `https://itunes.apple.com/us/rss/topalbums/genre=34/json`.
  public var urlText: String

  /// Makes a feed entry.
  public init(name: String, urlText: String) {
    self.name = name
    self.urlText = urlText
  }

  /// The chart tunes knows this feed as, read from the URL's `/rss/{feed}/` part (else the key).
  public var chart: ChartKind? {
    let parts = urlText.split(separator: "/")
    if let rss = parts.firstIndex(of: "rss"), rss + 1 < parts.count,
      let kind = ChartKind(legacyFeed: String(parts[rss + 1]))
    {
      return kind
    }
    return ChartKind(legacyFeed: name)
  }
}

/// A request to the genre service for one genre's tree.
public struct GenreQuery: Hashable, Sendable {
  /// The media tunes names genres by, with their top genre ids.
  public static let media: [(name: String, id: Int)] = [
    ("music", 34), ("podcasts", 26), ("apps", 36), ("books", 38), ("movies", 33), ("tv", 32),
    ("music-videos", 31), ("audiobooks", 50_000_024),
  ]

  /// The genre whose tree is asked for.
  public var id: Int
  /// The storefront, lower case.
  public var country: String

  /// Makes a validated query.
  /// - Throws: `CatalogError.invalidValue` for an unknown country, `.outOfRange` for an id < 1.
  public init(id: Int, country: String? = nil) throws(CatalogError) {
    guard id >= 1 else {
      throw .outOfRange(parameter: "genre", value: id, range: 1...Int(Int32.max))
    }
    self.id = id
    if let country {
      guard let code = Country.normalized(country) else {
        throw .invalidValue(
          parameter: "country", value: country, allowed: Country.codes.sorted())
      }
      self.country = code.lowercased()
    } else {
      self.country = Country.appleDefault
    }
  }

  /// The query for a medium's name (`music`, `podcasts` …) or a genre id given as digits.
  /// - Throws: `CatalogError.invalidValue` naming the media when `medium` is neither.
  public init(medium: String, country: String? = nil) throws(CatalogError) {
    let lower = medium.lowercased()
    if let found = Self.media.first(where: { $0.name == lower }) {
      try self.init(id: found.id, country: country)
    } else if let id = Int(lower) {
      try self.init(id: id, country: country)
    } else {
      throw .invalidValue(parameter: "medium", value: medium, allowed: Self.media.map(\.name))
    }
  }

  /// `/WebObjects/MZStoreServices.woa/ws/genres?id=N&cc=CC` on `itunes.apple.com`.
  public var request: FeedRequest {
    FeedRequest(
      host: .itunes, path: "/WebObjects/MZStoreServices.woa/ws/genres",
      parameters: [.init("id", String(id)), .init("cc", country)], document: .genres(id: id))
  }
}
