import Foundation

/// The fields of one raw result object, read leniently in a single pass: a field of an unexpected type
/// (a number sent as a string, genres as objects) is converted where that is safe and ignored otherwise.
struct WireFields {
  var wrapperType: String?
  var kind: String?
  var collectionType: String?
  var artistType: String?
  var trackID: Int64?
  var collectionID: Int64?
  var artistID: Int64?
  var trackName: String?
  var trackCensoredName: String?
  var collectionName: String?
  var collectionCensoredName: String?
  var artistName: String?
  var collectionArtistName: String?
  var sellerName: String?
  var artwork30: String?
  var artwork60: String?
  var artwork100: String?
  var artwork160: String?
  var artwork512: String?
  var artwork600: String?
  var previewURL: String?
  var trackViewURL: String?
  var collectionViewURL: String?
  var artistViewURL: String?
  var artistLinkURL: String?
  var sellerURL: String?
  var trackPrice: Decimal?
  var collectionPrice: Decimal?
  var price: Decimal?
  var trackRentalPrice: Decimal?
  var trackHdPrice: Decimal?
  var trackHdRentalPrice: Decimal?
  var currency: String?
  var formattedPrice: String?
  var trackTimeMillis: Int64?
  var releaseDate: String?
  var primaryGenreName: String?
  var genres: [String] = []
  var trackExplicitness: String?
  var collectionExplicitness: String?
  var contentAdvisoryRating: String?
  var trackContentRating: String?
  var longDescription: String?
  var description: String?
  var shortDescription: String?
  var releaseNotes: String?
  var copyright: String?
  var country: String?
  var trackNumber: Int64?
  var trackCount: Int64?
  var discNumber: Int64?
  var discCount: Int64?
  var feedURL: String?
  var episodeURL: String?
  var episodeContentType: String?
  var episodeFileExtension: String?
  var bundleID: String?
  var version: String?
  var fileSizeBytes: Int64?
  var averageUserRating: Double?
  var userRatingCount: Int64?
  var minimumOSVersion: String?
  var languageCodes: [String] = []
  var narrator: String?

  /// The largest artwork URL text given.
  var largestArtwork: String? {
    artwork600 ?? artwork512 ?? artwork160 ?? artwork100 ?? artwork60 ?? artwork30
  }

  init(_ members: [(key: String, value: JSONValue)]) {
    for (key, value) in members {
      read(key, value)
    }
  }

  private mutating func read(_ key: String, _ value: JSONValue) {
    // One hash lookup instead of dozens of string comparisons per member.
    guard let field = WireKey.byName[key] else { return }
    switch field {
    case .wrapperType: wrapperType = value.text
    case .kind: kind = value.text
    case .collectionType: collectionType = value.text
    case .artistType: artistType = value.text
    case .trackId: trackID = value.integer
    case .collectionId: collectionID = value.integer
    case .artistId: artistID = value.integer
    case .trackName: trackName = value.text
    case .trackCensoredName: trackCensoredName = value.text
    case .collectionName: collectionName = value.text
    case .collectionCensoredName: collectionCensoredName = value.text
    case .artistName: artistName = value.text
    case .collectionArtistName: collectionArtistName = value.text
    case .sellerName: sellerName = value.text
    case .artworkUrl30: artwork30 = value.text
    case .artworkUrl60: artwork60 = value.text
    case .artworkUrl100: artwork100 = value.text
    case .artworkUrl160: artwork160 = value.text
    case .artworkUrl512: artwork512 = value.text
    case .artworkUrl600: artwork600 = value.text
    case .previewUrl: previewURL = value.text
    case .trackViewUrl: trackViewURL = value.text
    case .collectionViewUrl: collectionViewURL = value.text
    case .artistViewUrl: artistViewURL = value.text
    case .artistLinkUrl: artistLinkURL = value.text
    case .sellerUrl: sellerURL = value.text
    case .trackPrice: trackPrice = value.decimal
    case .collectionPrice: collectionPrice = value.decimal
    case .price: price = value.decimal
    case .trackRentalPrice: trackRentalPrice = value.decimal
    case .trackHdPrice: trackHdPrice = value.decimal
    case .trackHdRentalPrice: trackHdRentalPrice = value.decimal
    case .currency: currency = value.text
    case .formattedPrice: formattedPrice = value.text
    case .trackTimeMillis: trackTimeMillis = value.integer
    case .releaseDate: releaseDate = value.text
    case .primaryGenreName: primaryGenreName = value.text
    case .genres: genres = value.names
    case .trackExplicitness: trackExplicitness = value.text
    case .collectionExplicitness: collectionExplicitness = value.text
    case .contentAdvisoryRating: contentAdvisoryRating = value.text
    case .trackContentRating: trackContentRating = value.text
    case .longDescription: longDescription = value.text
    case .description: description = value.text
    case .shortDescription: shortDescription = value.text
    case .releaseNotes: releaseNotes = value.text
    case .copyright: copyright = value.text
    case .country: country = value.text
    case .trackNumber: trackNumber = value.integer
    case .trackCount: trackCount = value.integer
    case .discNumber: discNumber = value.integer
    case .discCount: discCount = value.integer
    case .feedUrl: feedURL = value.text
    case .episodeUrl: episodeURL = value.text
    case .episodeContentType: episodeContentType = value.text
    case .episodeFileExtension: episodeFileExtension = value.text
    case .bundleId: bundleID = value.text
    case .version: version = value.text
    case .fileSizeBytes: fileSizeBytes = value.integer
    case .averageUserRating: averageUserRating = value.number
    case .userRatingCount: userRatingCount = value.integer
    case .minimumOsVersion: minimumOSVersion = value.text
    case .languageCodesISO2A: languageCodes = value.names
    case .narrator: narrator = value.text
    }
  }
}

/// The wire keys the catalogue reads.
private enum WireKey {
  case wrapperType, kind, collectionType, artistType, trackId, collectionId, artistId, trackName,
    trackCensoredName, collectionName, collectionCensoredName, artistName, collectionArtistName,
    sellerName, artworkUrl30, artworkUrl60, artworkUrl100, artworkUrl160, artworkUrl512,
    artworkUrl600, previewUrl, trackViewUrl, collectionViewUrl, artistViewUrl, artistLinkUrl,
    sellerUrl, trackPrice, collectionPrice, price, trackRentalPrice, trackHdPrice,
    trackHdRentalPrice, currency, formattedPrice, trackTimeMillis, releaseDate, primaryGenreName,
    genres, trackExplicitness, collectionExplicitness, contentAdvisoryRating, trackContentRating,
    longDescription, description, shortDescription, releaseNotes, copyright, country, trackNumber,
    trackCount, discNumber, discCount, feedUrl, episodeUrl, episodeContentType,
    episodeFileExtension, bundleId, version, fileSizeBytes, averageUserRating, userRatingCount,
    minimumOsVersion, languageCodesISO2A, narrator

  static let byName: [String: WireKey] = [
    "wrapperType": .wrapperType,
    "kind": .kind,
    "collectionType": .collectionType,
    "artistType": .artistType,
    "trackId": .trackId,
    "collectionId": .collectionId,
    "artistId": .artistId,
    "trackName": .trackName,
    "trackCensoredName": .trackCensoredName,
    "collectionName": .collectionName,
    "collectionCensoredName": .collectionCensoredName,
    "artistName": .artistName,
    "collectionArtistName": .collectionArtistName,
    "sellerName": .sellerName,
    "artworkUrl30": .artworkUrl30,
    "artworkUrl60": .artworkUrl60,
    "artworkUrl100": .artworkUrl100,
    "artworkUrl160": .artworkUrl160,
    "artworkUrl512": .artworkUrl512,
    "artworkUrl600": .artworkUrl600,
    "previewUrl": .previewUrl,
    "trackViewUrl": .trackViewUrl,
    "collectionViewUrl": .collectionViewUrl,
    "artistViewUrl": .artistViewUrl,
    "artistLinkUrl": .artistLinkUrl,
    "sellerUrl": .sellerUrl,
    "trackPrice": .trackPrice,
    "collectionPrice": .collectionPrice,
    "price": .price,
    "trackRentalPrice": .trackRentalPrice,
    "trackHdPrice": .trackHdPrice,
    "trackHdRentalPrice": .trackHdRentalPrice,
    "currency": .currency,
    "formattedPrice": .formattedPrice,
    "trackTimeMillis": .trackTimeMillis,
    "releaseDate": .releaseDate,
    "primaryGenreName": .primaryGenreName,
    "genres": .genres,
    "trackExplicitness": .trackExplicitness,
    "collectionExplicitness": .collectionExplicitness,
    "contentAdvisoryRating": .contentAdvisoryRating,
    "trackContentRating": .trackContentRating,
    "longDescription": .longDescription,
    "description": .description,
    "shortDescription": .shortDescription,
    "releaseNotes": .releaseNotes,
    "copyright": .copyright,
    "country": .country,
    "trackNumber": .trackNumber,
    "trackCount": .trackCount,
    "discNumber": .discNumber,
    "discCount": .discCount,
    "feedUrl": .feedUrl,
    "episodeUrl": .episodeUrl,
    "episodeContentType": .episodeContentType,
    "episodeFileExtension": .episodeFileExtension,
    "bundleId": .bundleId,
    "version": .version,
    "fileSizeBytes": .fileSizeBytes,
    "averageUserRating": .averageUserRating,
    "userRatingCount": .userRatingCount,
    "minimumOsVersion": .minimumOsVersion,
    "languageCodesISO2A": .languageCodesISO2A,
    "narrator": .narrator,
    "narratorName": .narrator,
  ]
}

extension JSONValue {
  /// A non-empty string; numbers are given as their text.
  public var text: String? {
    switch self {
    case .string(let text): return text.isEmpty ? nil : text
    case .number(let number): return number.text
    default: return nil
    }
  }

  /// A whole number, from a number or a numeric string.
  public var integer: Int64? {
    switch self {
    case .number(let number): return number.int64
    case .string(let text): return JSONNumber(text: text.trimmedASCIIWhitespace).int64
    default: return nil
    }
  }

  /// A decimal, from a number or a numeric string, exactly as written.
  public var decimal: Decimal? {
    switch self {
    case .number(let number):
      return Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX"))
    case .string(let text):
      guard Double(text) != nil else { return nil }
      return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    default: return nil
    }
  }

  /// A double, from a number or a numeric string.
  public var number: Double? {
    switch self {
    case .number(let number): return number.double
    case .string(let text): return Double(text)
    default: return nil
    }
  }

  /// Names from an array of strings or of objects with a `name` member (episodes' genres).
  public var names: [String] {
    guard case .array(let elements) = self else { return text.map { [$0] } ?? [] }
    return elements.compactMap { element in
      if case .object = element { return element["name"]?.text }
      return element.text
    }
  }
}

private let posixLocale = Locale(identifier: "en_US_POSIX")
