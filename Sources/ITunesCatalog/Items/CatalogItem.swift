import Foundation

/// One thing in Apple's catalogue (a song, album, artist, movie, podcast, episode, app, book …), in Swift
/// terms. Fields Apple did not send are `nil` and are never shown.
public struct CatalogItem: Hashable, Sendable, Identifiable {
  /// trackId for tracks, episodes, apps and books; collectionId for collections and audiobooks; artistId
  /// for artists.
  public var id: Int64
  /// What the item is.
  public var kind: ItemKind
  /// trackName, collectionName or artistName, as fits the item.
  public var title: String
  /// The artist, developer, author or director.
  public var author: String?
  /// The author's iTunes id (often missing for movies).
  public var authorID: Int64?
  /// The album, season or podcast a track belongs to.
  public var collection: String?
  /// The collection's iTunes id.
  public var collectionID: Int64?
  /// The iTunes id of the collection's artist (a movie's collection names its studio so,
  /// where the movie itself has no `artistId`).
  public var collectionArtistID: Int64?
  /// For collections: Apple's collectionType (`Album`, `Compilation`, `TV Season` …).
  public var collectionType: String?
  /// For artists: Apple's artistType (`Artist`, `Author` …).
  public var artistType: String?
  /// The largest artwork URL Apple gave; use `artworkURL(size:)` for other sizes.
  public var artwork: URL? {
    get { artworkText.flatMap(URLText.url) }
    set { artworkText = newValue?.absoluteString }
  }
  /// `artwork` as Apple's text: URLs are parsed only when used, which keeps decoding fast.
  public var artworkText: String?
  /// A 30-second (or longer, for episodes) preview.
  public var previewURL: URL? {
    get { previewURLText.flatMap(URLText.url) }
    set { previewURLText = newValue?.absoluteString }
  }
  /// `previewURL` as Apple's text: URLs are parsed only when used, which keeps decoding fast.
  public var previewURLText: String?
  /// The item's page in Apple's store.
  public var storeURL: URL? {
    get { storeURLText.flatMap(URLText.url) }
    set { storeURLText = newValue?.absoluteString }
  }
  /// `storeURL` as Apple's text: URLs are parsed only when used, which keeps decoding fast.
  public var storeURLText: String?
  /// The author's page in Apple's store.
  public var authorURL: URL? {
    get { authorURLText.flatMap(URLText.url) }
    set { authorURLText = newValue?.absoluteString }
  }
  /// `authorURL` as Apple's text: URLs are parsed only when used, which keeps decoding fast.
  public var authorURLText: String?
  /// The price in `currency`; `nil` when not sold on its own (Apple's -1) or not given.
  public var price: Decimal?
  /// ISO 4217 currency code.
  public var currency: String?
  /// Apple's own formatted price when it sends one (apps and books, localised: "Gratuit").
  public var appleFormattedPrice: String?
  /// Length in milliseconds.
  public var durationMillis: Int?
  /// First release.
  public var releaseDate: Date?
  /// Primary genre.
  public var genre: String?
  /// All genre names Apple listed.
  public var genres: [String]
  /// Apple's explicitness flag.
  public var explicitness: Explicitness?
  /// Advisory rating: `Explicit`, `PG-13`, `4+` …
  public var advisoryRating: String?
  /// The description as plain text (HTML converted).
  public var description: String?
  /// Copyright line.
  public var copyright: String?
  /// Storefront country (Apple's ISO-3 code, e.g. `USA`).
  public var country: String?
  /// Track number on its disc.
  public var trackNumber: Int?
  /// Number of tracks (for a podcast: episodes).
  public var trackCount: Int?
  /// Disc number.
  public var discNumber: Int?
  /// Number of discs.
  public var discCount: Int?
  /// Movie prices.
  public var movie: MovieFacts?
  /// Podcast and episode facts.
  public var episode: EpisodeFacts?
  /// App facts.
  public var app: AppFacts?
  /// Book facts.
  public var book: BookFacts?

  /// Apple's explicitness values.
  public enum Explicitness: String, Hashable, Sendable {
    case explicit, cleaned, notExplicit
  }

  /// Makes an item with the required fields; set the rest as properties.
  public init(id: Int64, kind: ItemKind, title: String) {
    self.id = id
    self.kind = kind
    self.title = title
    self.genres = []
  }

  /// `true` when Apple marks the item explicit (by flag or advisory); `nil` when it says nothing.
  public var isExplicit: Bool? {
    if let explicitness { return explicitness == .explicit }
    if let advisoryRating, advisoryRating.lowercased() == "explicit" { return true }
    return nil
  }

  /// `true` for an album of tracks by several artists.
  public var isCompilation: Bool { collectionType?.lowercased() == "compilation" }

  /// The artwork at `size`×`size` pixels, by rewriting the `100x100bb` part of Apple's URL.
  public func artworkURL(size: Int) -> URL? {
    guard let artwork else { return nil }
    return ArtworkURL.resized(artwork, size: size)
  }

  /// `artworkURL(size:)?.absoluteString`, without parsing a URL when Apple's text is plainly
  /// valid (see `URLText.absoluteString(_:)`).
  public func artworkURLText(size: Int) -> String? {
    guard let text = artworkText.flatMap(URLText.absoluteString) else { return nil }
    let rebuilt = ArtworkURL.resized(text: text, size: size)
    if rebuilt == text { return text }
    var copy = rebuilt
    if copy.withUTF8(URLText.isPlain) { return rebuilt }
    return URL(string: rebuilt)?.absoluteString ?? text
  }
}

/// Movie prices beyond the purchase price.
public struct MovieFacts: Hashable, Sendable {
  /// Rental price.
  public var rentalPrice: Decimal?
  /// HD purchase price.
  public var hdPrice: Decimal?
  /// HD rental price.
  public var hdRentalPrice: Decimal?
  /// Makes movie facts.
  public init(rentalPrice: Decimal? = nil, hdPrice: Decimal? = nil, hdRentalPrice: Decimal? = nil) {
    self.rentalPrice = rentalPrice
    self.hdPrice = hdPrice
    self.hdRentalPrice = hdRentalPrice
  }
}

/// Facts about a podcast or one of its episodes.
public struct EpisodeFacts: Hashable, Sendable {
  /// The podcast's RSS feed.
  public var feedURL: URL?
  /// The episode's audio or video file.
  public var episodeURL: URL?
  /// `audio` or `video`.
  public var contentType: String?
  /// File extension, e.g. `mp3`.
  public var fileExtension: String?
  /// Short description of an episode.
  public var shortDescription: String?
  /// Makes episode facts.
  public init(
    feedURL: URL? = nil, episodeURL: URL? = nil, contentType: String? = nil,
    fileExtension: String? = nil, shortDescription: String? = nil
  ) {
    self.feedURL = feedURL
    self.episodeURL = episodeURL
    self.contentType = contentType
    self.fileExtension = fileExtension
    self.shortDescription = shortDescription
  }
}

/// Facts about an app.
public struct AppFacts: Hashable, Sendable {
  /// Bundle id.
  public var bundleID: String?
  /// Current version.
  public var version: String?
  /// Download size in bytes.
  public var fileSizeBytes: Int64?
  /// Average user rating, 0–5.
  public var averageRating: Double?
  /// Number of ratings.
  public var ratingCount: Int?
  /// The seller's name.
  public var seller: String?
  /// The seller's web site.
  public var sellerURL: URL?
  /// Minimum OS version.
  public var minimumOSVersion: String?
  /// ISO 639 language codes.
  public var languages: [String]
  /// Release notes of the current version.
  public var releaseNotes: String?
  /// Average user rating of the current version, 0–5.
  public var currentVersionRating: Double?
  /// Number of ratings of the current version.
  public var currentVersionRatingCount: Int?
  /// When the current version came out.
  public var currentVersionReleaseDate: Date?
  /// How many iPhone screenshots Apple lists (`nil`: no list sent).
  public var screenshotCount: Int?
  /// How many iPad screenshots Apple lists (`nil`: no list sent).
  public var iPadScreenshotCount: Int?
  /// The iPhone screenshots' URL texts as Apple gives them (a Mac app's: Mac screenshots);
  /// empty when none were sent (an item read back from the CLI's JSON keeps only the counts).
  public var screenshotURLs: [String] = []
  /// The iPad screenshots' URL texts.
  public var iPadScreenshotURLs: [String] = []
  /// The Apple TV screenshots' URL texts.
  public var appleTVScreenshotURLs: [String] = []
  /// Makes app facts.
  public init() { languages = [] }
}

/// Facts about a book or audiobook.
public struct BookFacts: Hashable, Sendable {
  /// Average user rating, 0–5.
  public var averageRating: Double?
  /// Number of ratings.
  public var ratingCount: Int?
  /// File size in bytes.
  public var fileSizeBytes: Int64?
  /// The narrator, when Apple names one.
  public var narrator: String?
  /// Makes book facts.
  public init(
    averageRating: Double? = nil, ratingCount: Int? = nil, fileSizeBytes: Int64? = nil,
    narrator: String? = nil
  ) {
    self.averageRating = averageRating
    self.ratingCount = ratingCount
    self.fileSizeBytes = fileSizeBytes
    self.narrator = narrator
  }
}
