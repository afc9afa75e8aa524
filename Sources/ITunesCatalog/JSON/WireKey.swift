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
    minimumOsVersion, languageCodesISO2A, narrator, averageUserRatingForCurrentVersion,
    userRatingCountForCurrentVersion, currentVersionReleaseDate, screenshotUrls, ipadScreenshotUrls,
    appletvScreenshotUrls, collectionArtistId

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
    /// A list of URL texts (screenshots): `JSONValue.names`.
    case urls
  }

  /// How this key's value is read.
  var shape: Shape {
    switch self {
    case .trackId, .collectionId, .artistId, .collectionArtistId, .trackTimeMillis, .trackNumber,
      .trackCount,
      .discNumber, .discCount, .fileSizeBytes, .userRatingCount, .userRatingCountForCurrentVersion:
      return .integer
    case .trackPrice, .collectionPrice, .price, .trackRentalPrice, .trackHdPrice,
      .trackHdRentalPrice:
      return .decimal
    case .averageUserRating, .averageUserRatingForCurrentVersion: return .double
    case .screenshotUrls, .ipadScreenshotUrls, .appletvScreenshotUrls: return .urls
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
    ("collectionArtistId", .collectionArtistId),
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
    ("averageUserRatingForCurrentVersion", .averageUserRatingForCurrentVersion),
    ("userRatingCountForCurrentVersion", .userRatingCountForCurrentVersion),
    ("currentVersionReleaseDate", .currentVersionReleaseDate),
    ("screenshotUrls", .screenshotUrls),
    ("ipadScreenshotUrls", .ipadScreenshotUrls),
    ("appletvScreenshotUrls", .appletvScreenshotUrls),
  ]

  /// The keys by spelling, for names that are escaped in the document.
  static let byName: [String: WireKey] = Dictionary(
    spellings.map { ($0.name.description, $0.key) }, uniquingKeysWith: { first, _ in first })
}

extension WireKey {
  /// The key spelled by `count` ASCII bytes at `base`, without making a `String`: one hash of the
  /// length and the first and last four bytes, then a word-by-word comparison per probe.
  static func matching(_ base: UnsafePointer<UInt8>, count: Int) -> WireKey? {
    guard count >= 4 else { return nil }
    let raw = UnsafeRawPointer(base)
    let head = raw.loadUnaligned(as: UInt32.self)
    let tail = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    return SpellingTable.shared.slots.withUnsafeBufferPointer { slots in
      var slot = SpellingTable.slot(head: head, tail: tail, count: count)
      while true {
        let entry = slots[slot]
        guard let name = entry.name else { return nil }
        if entry.count == count, entry.head == head, entry.tail == tail,
          count <= 8 || SpellingTable.sameMiddle(raw, UnsafeRawPointer(name), count: count)
        {
          return entry.key
        }
        slot = (slot + 1) & SpellingTable.mask
      }
    }
  }
}

/// An open-addressing table from a key's bytes to its key.
private struct SpellingTable: Sendable {
  /// One spelling: its length and first and last four bytes, then the bytes themselves.
  struct Entry: @unchecked Sendable {
    /// A static string's bytes (immutable for the life of the process); `nil` for an empty slot.
    var name: UnsafePointer<UInt8>?
    var count = 0
    var head: UInt32 = 0
    var tail: UInt32 = 0
    var key = WireKey.wrapperType
  }

  static let mask = 255
  static let shared = SpellingTable()

  /// A quarter full, so probes are short.
  var slots = [Entry](repeating: Entry(), count: mask + 1)

  init() {
    for spelling in WireKey.spellings {
      let name = spelling.name.utf8Start
      let count = spelling.name.utf8CodeUnitCount
      let raw = UnsafeRawPointer(name)
      let head = raw.loadUnaligned(as: UInt32.self)
      let tail = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      var slot = Self.slot(head: head, tail: tail, count: count)
      while slots[slot].name != nil { slot = (slot + 1) & Self.mask }
      slots[slot] = Entry(name: name, count: count, head: head, tail: tail, key: spelling.key)
    }
  }

  /// The first slot to probe.
  @inline(__always)
  static func slot(head: UInt32, tail: UInt32, count: Int) -> Int {
    let mixed =
      (UInt64(head) << 32 | UInt64(tail)) &* 0x9E37_79B9_7F4A_7C15
      ^ UInt64(truncatingIfNeeded: count)
    return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> 56) & mask
  }

  /// Whether `count` (more than 8) bytes at `a` and `b` are equal, eight at a time; the first and last
  /// four are already known to be equal.
  @inline(__always)
  static func sameMiddle(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 8 < count {
      if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
}
