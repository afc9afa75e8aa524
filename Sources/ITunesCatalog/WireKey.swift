import Foundation

/// The wire keys the catalogue reads, and how each key's value is read.
enum WireKey: UInt8, CaseIterable {
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

  /// How a key's value is read.
  enum Shape {
    /// A non-empty string (numbers as their text): `JSONValue.text`.
    case text
    /// A whole number, or a numeric string: `JSONValue.integer`.
    case integer
    /// A price, exactly as written: `JSONValue.decimal`.
    case decimal
    /// A rating: `JSONValue.number`.
    case double
    /// A list of names: `JSONValue.names`.
    case names
  }

  /// How this key's value is read.
  var shape: Shape {
    switch self {
    case .trackId, .collectionId, .artistId, .trackTimeMillis, .trackNumber, .trackCount,
      .discNumber, .discCount, .fileSizeBytes, .userRatingCount:
      return .integer
    case .trackPrice, .collectionPrice, .price, .trackRentalPrice, .trackHdPrice,
      .trackHdRentalPrice:
      return .decimal
    case .averageUserRating: return .double
    case .genres, .languageCodesISO2A: return .names
    default: return .text
    }
  }

  /// Every spelling Apple uses, with its key (`narratorName` is an older spelling of `narrator`).
  static let spellings: [(name: StaticString, key: WireKey)] = [
    ("wrapperType", .wrapperType),
    ("kind", .kind),
    ("collectionType", .collectionType),
    ("artistType", .artistType),
    ("trackId", .trackId),
    ("collectionId", .collectionId),
    ("artistId", .artistId),
    ("trackName", .trackName),
    ("trackCensoredName", .trackCensoredName),
    ("collectionName", .collectionName),
    ("collectionCensoredName", .collectionCensoredName),
    ("artistName", .artistName),
    ("collectionArtistName", .collectionArtistName),
    ("sellerName", .sellerName),
    ("artworkUrl30", .artworkUrl30),
    ("artworkUrl60", .artworkUrl60),
    ("artworkUrl100", .artworkUrl100),
    ("artworkUrl160", .artworkUrl160),
    ("artworkUrl512", .artworkUrl512),
    ("artworkUrl600", .artworkUrl600),
    ("previewUrl", .previewUrl),
    ("trackViewUrl", .trackViewUrl),
    ("collectionViewUrl", .collectionViewUrl),
    ("artistViewUrl", .artistViewUrl),
    ("artistLinkUrl", .artistLinkUrl),
    ("sellerUrl", .sellerUrl),
    ("trackPrice", .trackPrice),
    ("collectionPrice", .collectionPrice),
    ("price", .price),
    ("trackRentalPrice", .trackRentalPrice),
    ("trackHdPrice", .trackHdPrice),
    ("trackHdRentalPrice", .trackHdRentalPrice),
    ("currency", .currency),
    ("formattedPrice", .formattedPrice),
    ("trackTimeMillis", .trackTimeMillis),
    ("releaseDate", .releaseDate),
    ("primaryGenreName", .primaryGenreName),
    ("genres", .genres),
    ("trackExplicitness", .trackExplicitness),
    ("collectionExplicitness", .collectionExplicitness),
    ("contentAdvisoryRating", .contentAdvisoryRating),
    ("trackContentRating", .trackContentRating),
    ("longDescription", .longDescription),
    ("description", .description),
    ("shortDescription", .shortDescription),
    ("releaseNotes", .releaseNotes),
    ("copyright", .copyright),
    ("country", .country),
    ("trackNumber", .trackNumber),
    ("trackCount", .trackCount),
    ("discNumber", .discNumber),
    ("discCount", .discCount),
    ("feedUrl", .feedUrl),
    ("episodeUrl", .episodeUrl),
    ("episodeContentType", .episodeContentType),
    ("episodeFileExtension", .episodeFileExtension),
    ("bundleId", .bundleId),
    ("version", .version),
    ("fileSizeBytes", .fileSizeBytes),
    ("averageUserRating", .averageUserRating),
    ("userRatingCount", .userRatingCount),
    ("minimumOsVersion", .minimumOsVersion),
    ("languageCodesISO2A", .languageCodesISO2A),
    ("narrator", .narrator),
    ("narratorName", .narrator),
  ]

  /// The keys by spelling, for names that are escaped in the document.
  static let byName: [String: WireKey] = Dictionary(
    spellings.map { ($0.name.description, $0.key) }, uniquingKeysWith: { first, _ in first })
}

extension WireKey {
  /// The key spelled by `count` ASCII bytes at `base`, without making a `String`: one hash of the
  /// length and the first and last four bytes, then one `memcmp` per probe.
  static func matching(_ base: UnsafePointer<UInt8>, count: Int) -> WireKey? {
    guard count >= 4 else { return nil }
    let table = SpellingTable.shared
    var slot = SpellingTable.slot(base, count: count)
    while true {
      let entry = table.slots[slot]
      if entry == SpellingTable.empty { return nil }
      let spelling = spellings[Int(entry)]
      if spelling.name.utf8CodeUnitCount == count,
        memcmp(base, spelling.name.utf8Start, count) == 0
      {
        return spelling.key
      }
      slot = (slot + 1) & SpellingTable.mask
    }
  }
}

/// An open-addressing table from a key's bytes to its index in `WireKey.spellings`.
private struct SpellingTable: Sendable {
  static let empty: UInt8 = 0xFF
  static let mask = 255
  static let shared = SpellingTable()

  /// Index into `WireKey.spellings`, or `empty`; a quarter full, so probes are short.
  var slots = [UInt8](repeating: empty, count: mask + 1)

  init() {
    for (position, spelling) in WireKey.spellings.enumerated() {
      var slot = Self.slot(spelling.name.utf8Start, count: spelling.name.utf8CodeUnitCount)
      while slots[slot] != Self.empty { slot = (slot + 1) & Self.mask }
      slots[slot] = UInt8(position)
    }
  }

  /// The first slot to probe for `count` (at least 4) bytes at `base`.
  @inline(__always)
  static func slot(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
    let raw = UnsafeRawPointer(base)
    let head = UInt64(raw.loadUnaligned(as: UInt32.self))
    let tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    let mixed = (head << 32 | tail) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> 56) & mask
  }
}
