import Foundation
import ITunesCatalog
import ITunesReplay

/// A catalogue whose answers a test changes between runs (a new price, a new version, a new
/// album, a storefront without the item), served by a `ReplayServer` through
/// `serve(catalogue:)` or written as a folder for `tunes replay DIR --catalog` (which reads it
/// again on SIGHUP).
///
/// Results are copies of shared recordings with their fields changed: apps from the Facebook
/// lookup, albums from the Queen album lookup, artists from the Slayer lookup, so they decode as
/// Apple's answers do.
public struct ChangingCatalogue: Sendable {
  /// An app as a storefront sells it.
  public struct App: Sendable {
    /// The track id.
    public var id: Int64
    /// The app's name.
    public var title: String
    /// The price in US dollars; other storefronts get it in their currency (see ``currency``).
    public var price: Double
    /// The version.
    public var version: String
    /// The version's release notes.
    public var notes: String
    /// The developer (`artistId`).
    public var developerID: Int64
    /// Storefronts that sell it (lower case); `nil`: every storefront.
    public var storefronts: Set<String>?

    /// An app; see the properties.
    public init(
      id: Int64, title: String, price: Double, version: String = "1.0",
      notes: String = "Bug fixes.", developerID: Int64 = 500, storefronts: Set<String>? = nil
    ) {
      self.id = id
      self.title = title
      self.price = price
      self.version = version
      self.notes = notes
      self.developerID = developerID
      self.storefronts = storefronts
    }
  }

  /// An album.
  public struct Album: Sendable {
    /// The collection id.
    public var id: Int64
    /// The album's name.
    public var title: String
    /// The artist (`artistId`).
    public var artistID: Int64
    /// The price in US dollars.
    public var price: Double
    /// How many tracks it has.
    public var trackCount: Int
    /// `releaseDate` as Apple writes it.
    public var releaseDate: String
    /// Whether it is the explicit version.
    public var explicit: Bool
    /// Storefronts that sell it (lower case); `nil`: every storefront.
    public var storefronts: Set<String>?

    /// An album; see the properties.
    public init(
      id: Int64, title: String, artistID: Int64, price: Double = 9.99, trackCount: Int = 10,
      releaseDate: String = "2020-01-01T08:00:00Z", explicit: Bool = false,
      storefronts: Set<String>? = nil
    ) {
      self.id = id
      self.title = title
      self.artistID = artistID
      self.price = price
      self.trackCount = trackCount
      self.releaseDate = releaseDate
      self.explicit = explicit
      self.storefronts = storefronts
    }
  }

  /// An artist.
  public struct Artist: Sendable {
    /// The artist id.
    public var id: Int64
    /// The artist's name.
    public var name: String

    /// An artist.
    public init(id: Int64, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// A podcast and its episodes (sold everywhere).
  public struct Podcast: Sendable {
    /// The podcast's id (its track and collection id).
    public var id: Int64
    /// The podcast's name.
    public var title: String
    /// Its episodes: id, title and `releaseDate` as Apple writes it.
    public var episodes: [(id: Int64, title: String, releaseDate: String)]

    /// A podcast; see the properties.
    public init(
      id: Int64, title: String, episodes: [(id: Int64, title: String, releaseDate: String)]
    ) {
      self.id = id
      self.title = title
      self.episodes = episodes
    }
  }

  /// The podcasts served.
  public var podcasts: [Podcast] = []
  /// The apps served.
  public var apps: [App] = []
  /// The albums served.
  public var albums: [Album] = []
  /// The artists served.
  public var artists: [Artist] = []
  /// The storefronts an item sold "everywhere" is answered in (`nil` in a record: all).
  public var everywhere: [String] = Country.storefronts

  /// A catalogue of these items.
  public init(apps: [App] = [], albums: [Album] = [], artists: [Artist] = []) {
    self.apps = apps
    self.albums = albums
    self.artists = artists
  }

  /// A storefront's currency and its price for a US price: dollars, pounds, yen (×150, whole),
  /// euros elsewhere.
  public static func currency(_ storefront: String, usd: Double) -> (String, Double) {
    switch storefront {
    case "us": return ("USD", usd)
    case "gb": return ("GBP", (usd * 0.8 * 100).rounded() / 100)
    case "jp": return ("JPY", (usd * 150).rounded())
    default: return ("EUR", usd)
    }
  }

  /// The catalogue engine serving this state.
  package func engine() throws -> CatalogEngine {
    var records: [CatalogRecord] = []
    for (storefront, object) in try objects() {
      let value = try JSONParser.parse(Array(object))
      if let record = CatalogRecord(object: value, storefront: storefront) {
        records.append(record)
      }
    }
    return CatalogEngine(records: records)
  }

  /// Writes this state as a folder `tunes replay DIR --catalog` serves (and reads again on
  /// SIGHUP): one answer file per storefront and an `index.tsv` placing each in its storefront.
  /// Results sold everywhere go into every storefront's file.
  public func write(to directory: URL) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
    where name.hasSuffix(".json") {
      try manager.removeItem(at: directory.appendingPathComponent(name))
    }
    var byStorefront: [String: [Data]] = [:]
    var shared: [Data] = []
    for (storefront, object) in try objects() {
      if let storefront {
        byStorefront[storefront, default: []].append(object)
      } else {
        shared.append(object)
      }
    }
    if byStorefront.isEmpty { byStorefront[Country.appleDefault] = [] }
    var index = "file\tstatus\trequest\n"
    for (storefront, objects) in byStorefront.sorted(by: { $0.key < $1.key }) {
      let results = objects + shared
      var body = Data("{\"resultCount\":\(results.count),\"results\":[".utf8)
      for (offset, object) in results.enumerated() {
        if offset > 0 { body.append(UInt8(ascii: ",")) }
        body.append(object)
      }
      body.append(contentsOf: Array("]}".utf8))
      let file = "\(storefront).json"
      try body.write(to: directory.appendingPathComponent(file), options: .atomic)
      index += "\(file)\t200\t/lookup?id=0&country=\(storefront)\n"
    }
    try Data(index.utf8).write(to: directory.appendingPathComponent("index.tsv"), options: .atomic)
  }

  /// Every result object with its storefront (`nil`: all).
  func objects() throws -> [(String?, Data)] {
    var out: [(String?, Data)] = []
    let app = try Self.template("software-lookup-id-284882215-facebook.json")
    for item in apps {
      for storefront in item.storefronts.map({ Array($0).sorted() }) ?? everywhere {
        var object = app
        let (currency, price) = Self.currency(storefront, usd: item.price)
        object["trackId"] = item.id
        object["trackName"] = item.title
        object["price"] = price
        object["formattedPrice"] = price == 0 ? "Free" : String(price)
        object["currency"] = currency
        object["version"] = item.version
        object["releaseNotes"] = item.notes
        object["artistId"] = item.developerID
        object["currentVersionReleaseDate"] = "2026-11-01T08:00:00Z"
        object["trackViewUrl"] = "https://apps.apple.com/\(storefront)/app/id\(item.id)"
        object.removeValue(forKey: "country")
        out.append((storefront, try JSONSerialization.data(withJSONObject: object)))
      }
    }
    let album = try Self.template("album-lookup-songs-queen-night-at-the-opera-gb.json")
    for item in albums {
      for storefront in item.storefronts.map({ Array($0).sorted() }) ?? everywhere {
        var object = album
        let (currency, price) = Self.currency(storefront, usd: item.price)
        object["collectionId"] = item.id
        object["collectionName"] = item.title
        object["collectionCensoredName"] = item.title
        object["artistId"] = item.artistID
        object["collectionPrice"] = price
        object["currency"] = currency
        object["trackCount"] = item.trackCount
        object["releaseDate"] = item.releaseDate
        object["collectionExplicitness"] = item.explicit ? "explicit" : "cleaned"
        object["collectionViewUrl"] = "https://music.apple.com/\(storefront)/album/\(item.id)"
        object.removeValue(forKey: "country")
        out.append((storefront, try JSONSerialization.data(withJSONObject: object)))
      }
    }
    let podcastAnswer = try Self.results("podcast-lookup-entity-podcastepisode-joe-budden-6.json")
    for item in podcasts {
      var object = podcastAnswer[0]
      object["trackId"] = item.id
      object["collectionId"] = item.id
      object["trackName"] = item.title
      object["collectionName"] = item.title
      object["trackCount"] = item.episodes.count
      object.removeValue(forKey: "country")
      out.append((nil, try JSONSerialization.data(withJSONObject: object)))
      for episode in item.episodes {
        var object = podcastAnswer[1]
        object["trackId"] = episode.id
        object["trackName"] = episode.title
        object["collectionId"] = item.id
        object["collectionName"] = item.title
        object["releaseDate"] = episode.releaseDate
        object.removeValue(forKey: "country")
        out.append((nil, try JSONSerialization.data(withJSONObject: object)))
      }
    }
    // Each developer is an artist, as Apple answers `lookup?id=DEVELOPER&entity=software`.
    for developer in Set(apps.map(\.developerID)).sorted() {
      let object: [String: Any] = [
        "wrapperType": "artist", "artistType": "Software Artist", "artistId": developer,
        "artistName": "Developer \(developer)",
        "artistLinkUrl": "https://apps.apple.com/developer/id\(developer)",
      ]
      out.append((nil, try JSONSerialization.data(withJSONObject: object)))
    }
    for item in artists {
      let object: [String: Any] = [
        "wrapperType": "artist", "artistType": "Artist", "artistId": item.id,
        "artistName": item.name, "artistLinkUrl": "https://music.apple.com/artist/\(item.id)",
        "primaryGenreName": "Rock",
      ]
      out.append((nil, try JSONSerialization.data(withJSONObject: object)))
    }
    return out
  }

  /// The first result of a shared recording, as an object to change.
  static func template(_ name: String) throws -> [String: Any] {
    try results(name)[0]
  }

  /// The results of a shared recording (at least two), as objects to change.
  static func results(_ name: String) throws -> [[String: Any]] {
    let data = try Fixtures.shared(name)
    guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let results = document["results"] as? [[String: Any]], !results.isEmpty
    else { throw SyntheticLookup.Failure("\(name) has no result to copy") }
    return results
  }
}
