import Foundation

/// The item as the CLI's JSON writes it (and as favourites are stored and exported).
///
/// Keys: `id`, `kind`, `title`, `author`, `collection`, `storeURL`, `authorURL`, `artworkURL` (600 px),
/// `previewURL`, `price`, `currency`, `durationMillis`, `releaseDate` (ISO 8601), `genre`, `explicit`,
/// `description`, then further keys (ids: `authorId`, `collectionId`, `collectionArtistId`) for kind-specific facts. A missing value is omitted, never `null`.
extension CatalogItem {
  /// The item as an ordered JSON object.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    func put(_ key: String, _ value: String?) {
      if let value { members.append((key, .string(value))) }
    }
    func put(_ key: String, _ value: Int64?) {
      if let value { members.append((key, .number(JSONNumber(text: String(value))))) }
    }
    func put(_ key: String, _ value: Int?) { put(key, value.map(Int64.init)) }
    func put(_ key: String, _ value: Decimal?) {
      if let value { members.append((key, .number(JSONNumber(text: "\(value)")))) }
    }
    func put(_ key: String, _ value: Double?) {
      if let value, value.isFinite { members.append((key, .number(JSONNumber(text: "\(value)")))) }
    }
    func put(_ key: String, _ value: URL?) { put(key, value?.absoluteString) }

    put("id", id)
    put("kind", kind.rawValue)
    put("title", title)
    put("author", author)
    put("collection", collection)
    // The URLs' text as their `URL`s would write it, without parsing what is plainly valid.
    put("storeURL", storeURLText.flatMap(URLText.absoluteString))
    put("authorURL", authorURLText.flatMap(URLText.absoluteString))
    put("artworkURL", artworkURLText(size: 600))
    put("previewURL", previewURLText.flatMap(URLText.absoluteString))
    put("price", price)
    put("currency", currency)
    put("durationMillis", durationMillis)
    put("releaseDate", releaseDate.map(ISODate.string(from:)))
    put("genre", genre)
    if let explicit = isExplicit { members.append(("explicit", .bool(explicit))) }
    put("description", description)
    put("authorId", authorID)
    put("collectionId", collectionID)
    put("collectionArtistId", collectionArtistID)
    put("collectionType", collectionType)
    put("artistType", artistType)
    put("formattedPrice", appleFormattedPrice)
    put("advisoryRating", advisoryRating)
    if genres.count > 1 { members.append(("genres", .array(genres.map(JSONValue.string)))) }
    put("copyright", copyright)
    put("country", country)
    put("trackNumber", trackNumber)
    put("trackCount", trackCount)
    put("discNumber", discNumber)
    put("discCount", discCount)
    put("rentalPrice", movie?.rentalPrice)
    put("hdPrice", movie?.hdPrice)
    put("hdRentalPrice", movie?.hdRentalPrice)
    put("feedURL", episode?.feedURL)
    put("episodeURL", episode?.episodeURL)
    put("episodeContentType", episode?.contentType)
    put("episodeFileExtension", episode?.fileExtension)
    put("shortDescription", episode?.shortDescription)
    put("bundleId", app?.bundleID)
    put("version", app?.version)
    put("fileSizeBytes", app?.fileSizeBytes ?? book?.fileSizeBytes)
    put("averageRating", app?.averageRating ?? book?.averageRating)
    put("ratingCount", app?.ratingCount ?? book?.ratingCount)
    put("seller", app?.seller)
    put("sellerURL", app?.sellerURL)
    put("minimumOSVersion", app?.minimumOSVersion)
    if let languages = app?.languages, !languages.isEmpty {
      members.append(("languages", .array(languages.map(JSONValue.string))))
    }
    put("releaseNotes", app?.releaseNotes)
    put("currentVersionRating", app?.currentVersionRating)
    put("currentVersionRatingCount", app?.currentVersionRatingCount)
    put("currentVersionReleaseDate", app?.currentVersionReleaseDate.map(ISODate.string(from:)))
    put("screenshotCount", app?.screenshotCount)
    put("iPadScreenshotCount", app?.iPadScreenshotCount)
    put("narrator", book?.narrator)
    return .object(members)
  }

  /// The item as one line of compact JSON.
  public var jsonBytes: [UInt8] { JSONWriter.bytes(jsonValue) }

  /// Reads an item back from the CLI's JSON format (favourites import); `nil` without `id` and `title`.
  public init?(json: JSONValue) {
    guard case .object = json, let id = json["id"]?.integer, let title = json["title"]?.text else {
      return nil
    }
    self.init(id: id, kind: ItemKind(rawValue: json["kind"]?.text ?? "unknown"), title: title)
    let url: (String) -> URL? = { json[$0]?.text.flatMap(CatalogItem.url) }
    let int: (String) -> Int? = { json[$0]?.integer.map { Int(clamping: $0) } }
    author = json["author"]?.text
    collection = json["collection"]?.text
    storeURL = url("storeURL")
    authorURL = url("authorURL")
    artwork = url("artworkURL")
    previewURL = url("previewURL")
    price = json["price"]?.decimal
    currency = json["currency"]?.text
    durationMillis = int("durationMillis")
    releaseDate = json["releaseDate"]?.text.flatMap(ISODate.parse)
    genre = json["genre"]?.text
    genres = json["genres"]?.names ?? genre.map { [$0] } ?? []
    if case .bool(let flag)? = json["explicit"] { explicitness = flag ? .explicit : .notExplicit }
    description = json["description"]?.text
    authorID = json["authorId"]?.integer
    collectionID = json["collectionId"]?.integer
    collectionArtistID = json["collectionArtistId"]?.integer
    collectionType = json["collectionType"]?.text
    artistType = json["artistType"]?.text
    appleFormattedPrice = json["formattedPrice"]?.text
    advisoryRating = json["advisoryRating"]?.text
    copyright = json["copyright"]?.text
    country = json["country"]?.text
    trackNumber = int("trackNumber")
    trackCount = int("trackCount")
    discNumber = int("discNumber")
    discCount = int("discCount")
    readFacts(from: json, url: url, int: int)
  }

  private mutating func readFacts(
    from json: JSONValue, url: (String) -> URL?, int: (String) -> Int?
  ) {
    switch kind {
    case .featureMovie:
      let facts = MovieFacts(
        rentalPrice: json["rentalPrice"]?.decimal, hdPrice: json["hdPrice"]?.decimal,
        hdRentalPrice: json["hdRentalPrice"]?.decimal)
      if facts != MovieFacts() { movie = facts }
    case .podcast, .podcastEpisode:
      episode = EpisodeFacts(
        feedURL: url("feedURL"), episodeURL: url("episodeURL"),
        contentType: json["episodeContentType"]?.text,
        fileExtension: json["episodeFileExtension"]?.text,
        shortDescription: json["shortDescription"]?.text)
    case .software, .macSoftware:
      var facts = AppFacts()
      facts.bundleID = json["bundleId"]?.text
      facts.version = json["version"]?.text
      facts.fileSizeBytes = json["fileSizeBytes"]?.integer
      facts.averageRating = json["averageRating"]?.number
      facts.ratingCount = int("ratingCount")
      facts.seller = json["seller"]?.text
      facts.sellerURL = url("sellerURL")
      facts.minimumOSVersion = json["minimumOSVersion"]?.text
      facts.languages = json["languages"]?.names ?? []
      facts.releaseNotes = json["releaseNotes"]?.text
      facts.currentVersionRating = json["currentVersionRating"]?.number
      facts.currentVersionRatingCount = int("currentVersionRatingCount")
      facts.currentVersionReleaseDate = json["currentVersionReleaseDate"]?.text.flatMap(
        ISODate.parse)
      facts.screenshotCount = int("screenshotCount")
      facts.iPadScreenshotCount = int("iPadScreenshotCount")
      app = facts
    case .ebook, .audiobook:
      let facts = BookFacts(
        averageRating: json["averageRating"]?.number, ratingCount: int("ratingCount"),
        fileSizeBytes: json["fileSizeBytes"]?.integer, narrator: json["narrator"]?.text)
      if facts != BookFacts() { book = facts }
    default:
      break
    }
  }
}
