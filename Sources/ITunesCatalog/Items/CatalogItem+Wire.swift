import Foundation

extension CatalogItem {
  /// Builds an item from one raw result object; `nil` when it has no id or no name at all (such a result
  /// cannot be shown and is counted as skipped).
  init?(wire: WireFields) {
    let kind = Self.kind(of: wire)
    let id: Int64?
    let title: String?
    switch kind {
    case .artist:
      id = wire.artistID
      title = wire.artistName
    case .album, .tvSeason, .audiobook:
      id = wire.collectionID ?? wire.trackID
      title = wire.collectionName ?? wire.collectionCensoredName ?? wire.trackName
    default:
      id = wire.trackID ?? wire.collectionID ?? wire.artistID
      title = wire.trackName ?? wire.trackCensoredName ?? wire.collectionName ?? wire.artistName
    }
    guard let id, let title, !title.trimmedASCIIWhitespace.isEmpty else { return nil }
    self.init(id: id, kind: kind, title: title)
    fill(from: wire)
  }

  static func kind(of wire: WireFields) -> ItemKind {
    if let kind = wire.kind {
      if kind == "software", wire.wrapperType == "software" { return .software }
      return ItemKind(rawValue: kind)
    }
    switch wire.wrapperType {
    case "artist": return .artist
    case "audiobook": return .audiobook
    case "podcastEpisode": return .podcastEpisode
    case "software": return .software
    case "collection":
      return wire.collectionType?.lowercased() == "tv season" ? .tvSeason : .album
    case "track": return .other("track")
    case let other?: return .other(other)
    case nil: return .other("unknown")
    }
  }

  private mutating func fill(from wire: WireFields) {
    let isArtist = kind == .artist
    let isCollection = kind == .album || kind == .tvSeason || kind == .audiobook
    author = isArtist ? nil : (wire.artistName ?? wire.sellerName)
    authorID = isArtist ? nil : wire.artistID
    if !isCollection && !isArtist && kind != .software && kind != .macSoftware {
      collection = wire.collectionName
      collectionID = wire.collectionID
      collectionArtistID = wire.collectionArtistID
    }
    collectionType = wire.collectionType
    artistType = wire.artistType
    artworkText = URLText.web(wire.largestArtwork)
    previewURLText = URLText.web(wire.previewURL)
    if isArtist {
      storeURLText = URLText.web(wire.artistLinkURL) ?? URLText.web(wire.artistViewURL)
    } else if isCollection {
      storeURLText = URLText.web(wire.collectionViewURL) ?? URLText.web(wire.trackViewURL)
      authorURLText = URLText.web(wire.artistViewURL) ?? URLText.web(wire.artistLinkURL)
    } else {
      storeURLText = URLText.web(wire.trackViewURL) ?? URLText.web(wire.collectionViewURL)
      authorURLText = URLText.web(wire.artistViewURL) ?? URLText.web(wire.artistLinkURL)
    }
    let rawPrice =
      isCollection ? (wire.collectionPrice ?? wire.price) : (wire.trackPrice ?? wire.price)
    price = rawPrice.flatMap { $0 < 0 ? nil : $0 }
    currency = wire.currency
    appleFormattedPrice = wire.formattedPrice
    if kind != .podcast, kind != .artist, let millis = wire.trackTimeMillis, millis > 0 {
      durationMillis = Int(clamping: millis)
    }
    releaseDate = wire.releaseDate.flatMap(ISODate.parse)
    genre = wire.primaryGenreName ?? wire.genres.first
    genres = wire.genres
    explicitness = (wire.trackExplicitness ?? wire.collectionExplicitness).flatMap(
      Explicitness.init)
    advisoryRating = wire.contentAdvisoryRating ?? wire.trackContentRating
    description = (wire.longDescription ?? wire.description ?? wire.shortDescription)
      .map(HTMLText.plainText).flatMap { $0.isEmpty ? nil : $0 }
    copyright = wire.copyright
    country = wire.country
    trackNumber = wire.trackNumber.map { Int(clamping: $0) }
    trackCount = wire.trackCount.map { Int(clamping: $0) }
    discNumber = wire.discNumber.map { Int(clamping: $0) }
    discCount = wire.discCount.map { Int(clamping: $0) }
    fillKindFacts(from: wire)
  }

  private mutating func fillKindFacts(from wire: WireFields) {
    switch kind {
    case .featureMovie:
      let facts = MovieFacts(
        rentalPrice: wire.trackRentalPrice, hdPrice: wire.trackHdPrice,
        hdRentalPrice: wire.trackHdRentalPrice)
      if facts != MovieFacts() { movie = facts }
    case .podcast, .podcastEpisode:
      episode = EpisodeFacts(
        feedURL: wire.feedURL.flatMap(Self.url), episodeURL: wire.episodeURL.flatMap(Self.url),
        contentType: wire.episodeContentType, fileExtension: wire.episodeFileExtension,
        shortDescription: wire.shortDescription.map(HTMLText.plainText))
    case .software, .macSoftware:
      var facts = AppFacts()
      facts.bundleID = wire.bundleID
      facts.version = wire.version
      facts.fileSizeBytes = wire.fileSizeBytes
      facts.averageRating = wire.averageUserRating
      facts.ratingCount = wire.userRatingCount.map { Int(clamping: $0) }
      facts.seller = wire.sellerName
      facts.sellerURL = wire.sellerURL.flatMap(Self.url)
      facts.minimumOSVersion = wire.minimumOSVersion
      facts.languages = wire.languageCodes
      facts.releaseNotes = wire.releaseNotes.map(HTMLText.plainText)
        .flatMap { $0.isEmpty ? nil : $0 }
      facts.currentVersionRating = wire.currentVersionRating
      facts.currentVersionRatingCount = wire.currentVersionRatingCount.map { Int(clamping: $0) }
      facts.currentVersionReleaseDate = wire.currentVersionReleaseDate.flatMap(ISODate.parse)
      facts.screenshotCount = wire.screenshotURLs?.count
      facts.iPadScreenshotCount = wire.iPadScreenshotURLs?.count
      facts.screenshotURLs = wire.screenshotURLs ?? []
      facts.iPadScreenshotURLs = wire.iPadScreenshotURLs ?? []
      facts.appleTVScreenshotURLs = wire.appleTVScreenshotURLs ?? []
      app = facts
    case .ebook, .audiobook:
      let facts = BookFacts(
        averageRating: wire.averageUserRating,
        ratingCount: wire.userRatingCount.map { Int(clamping: $0) },
        fileSizeBytes: wire.fileSizeBytes, narrator: wire.narrator)
      if facts != BookFacts() { book = facts }
    default:
      break
    }
  }

  static func url(_ text: String) -> URL? { URLText.url(text) }
}

/// Turns Apple's URL text into `URL`s.
public enum URLText {
  /// A URL from Apple's text; spaces or other unencoded characters are percent-encoded first.
  /// Only `http` and `https` URLs with a host are made (`web(_:)`): anything else is `nil`.
  public static func url(_ text: String) -> URL? {
    guard let trimmed = web(text) else { return nil }
    if let url = URL(string: trimmed), url.scheme != nil { return url }
    let allowed = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "#%"))
    return trimmed.addingPercentEncoding(withAllowedCharacters: allowed).flatMap(URL.init(string:))
  }

  /// `text` trimmed when it is an `http://` or `https://` URL with a host; `nil` for anything
  /// else (`javascript:`, `file://`, `smb://`, bare paths, mpv's and ffmpeg's protocols such
  /// as `edl://`, `lavf://`, `appending://`, `fd://`, blank text). Every link and preview URL
  /// is read through it when an answer is decoded, so a hostile answer's link is absent rather
  /// than drawn (OSC 8) or handed to mpv.
  public static func web(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmedASCIIWhitespace
    // ASCII text (Apple's URLs) is read as bytes, one a character; any other takes the
    // scalar-by-scalar reading below, which gives the same verdict on ASCII, a hundred times slower.
    if let verdict = trimmed.utf8.withContiguousStorageIfAvailable(webASCII) ?? nil {
      return verdict ? trimmed : nil
    }
    let lower = trimmed.prefix(8).lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = trimmed.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = trimmed.dropFirst(7)
    } else {
      return nil
    }
    guard let first = rest.unicodeScalars.first, !["/", "?", "#", " ", "@", ":"].contains(first),
      !rest.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return nil }
    return trimmed
  }

  /// `web(_:)`'s verdict on ASCII text; `nil` when a byte is not ASCII.
  private static func webASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    for byte in bytes where byte >= 0x80 { return nil }
    let start: Int
    if hasScheme(bytes, "https://", anyCase: true) {
      start = 8
    } else if hasScheme(bytes, "http://", anyCase: true) {
      start = 7
    } else {
      return false
    }
    guard start < bytes.count else { return false }
    switch bytes[start] {
    case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "),
      UInt8(ascii: "@"), UInt8(ascii: ":"):
      return false
    default: break
    }
    for byte in bytes[start...] where byte < 0x20 || byte == 0x7F { return false }
    return true
  }

  /// The text a URL from `web(_:)`'s `text` is written back as (`url(_:)`'s `absoluteString`),
  /// without parsing it when it is plainly valid: `http(s)://` in lower case, a host of letters,
  /// digits, dots and hyphens with an optional port, then only characters RFC 3986 allows
  /// unescaped (or `%` and two hex digits) and at most one `#`. Such text is its own
  /// `absoluteString`; anything else goes through `URL`.
  public static func absoluteString(_ text: String) -> String? {
    var text = text
    let plain = text.withUTF8(isPlain)
    return plain ? text : url(text)?.absoluteString
  }

  /// Whether `bytes` is a URL `absoluteString(_:)` may keep as it is (see there).
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index: Int
    if hasScheme(bytes, "https://", anyCase: false) {
      index = 8
    } else if hasScheme(bytes, "http://", anyCase: false) {
      index = 7
    } else {
      return false
    }
    let hostStart = index
    while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
    guard index > hostStart, bytes[hostStart] != UInt8(ascii: "."),
      bytes[hostStart] != UInt8(ascii: "-")
    else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
      index += 1
      let portStart = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      guard index > portStart, index - portStart <= 5 else { return false }
    }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): break
      default: return false
      }
    }
    var fragment = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexByte(bytes[index + 1]),
          isHexByte(bytes[index + 2])
        else { return false }
        index += 3
        continue
      }
      if byte == UInt8(ascii: "#") {
        if fragment { return false }
        fragment = true
      } else if !isPathByte(byte) {
        return false
      }
      index += 1
    }
    return true
  }

  /// Whether `bytes` start with `scheme` (lower-case ASCII), ASCII letters in any case if asked.
  @inline(__always)
  private static func hasScheme(
    _ bytes: UnsafeBufferPointer<UInt8>, _ scheme: StaticString, anyCase: Bool
  ) -> Bool {
    guard bytes.count >= scheme.utf8CodeUnitCount else { return false }
    for index in 0..<scheme.utf8CodeUnitCount {
      let byte = bytes[index]
      let lower = anyCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      if lower != scheme.utf8Start[index] { return false }
    }
    return true
  }

  /// A byte of a plain host: an ASCII letter or digit, `.` or `-`.
  @inline(__always)
  private static func isHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D: return true
    default: return false
    }
  }

  /// A byte RFC 3986 allows unescaped after the authority: unreserved, sub-delims, `:@/?`.
  @inline(__always)
  private static func isPathByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
      return true
    default: return false
    }
  }

  @inline(__always)
  private static func isHexByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x46, 0x61...0x66: return true
    default: return false
    }
  }
}
