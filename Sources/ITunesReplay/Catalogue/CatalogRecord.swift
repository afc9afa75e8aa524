import Foundation
import ITunesCatalog

/// One result object of a served catalogue, with what search and lookup match it by.
///
/// The object is Apple's JSON as it is served; everything else is read from it once when the
/// record is made, plus lookup keys Apple's objects do not carry (`upc`, `isbn`, `amgAlbumId`).
package struct CatalogRecord: Sendable {
  /// Which id names the record (`lookup?id=` finds it by that one).
  package enum Role: Sendable, Equatable {
    case artist, collection, track
  }

  /// What the record is, in the terms `media` and `entity` filter by.
  package enum Kind: String, Sendable, CaseIterable {
    case song, album, musicVideo, movie, tvEpisode, tvSeason, podcast, podcastEpisode
    case audiobook, ebook, software, macSoftware, shortFilm
    case musicArtist, movieArtist, podcastArtist, author, softwareArtist, tvArtist, otherArtist
    case other

    /// Whether this is an artist of any kind.
    package var isArtist: Bool {
      switch self {
      case .musicArtist, .movieArtist, .podcastArtist, .author, .softwareArtist, .tvArtist,
        .otherArtist:
        return true
      default: return false
      }
    }
  }

  /// The object's members, in the order they are served.
  package let members: [(key: String, value: JSONValue)]
  /// The object as served (UTF-8 JSON, one line), written when it is served: most records of a
  /// catalogue never are, and writing them all up front was most of the demo's start-up.
  package var bytes: [UInt8] { JSONWriter.bytes(.object(members)) }
  /// The storefront (ISO 3166-1 alpha-2, lower case) it is sold in; `nil`: every storefront.
  package let storefront: String?
  /// Lookup keys besides the object's own fields: `upc`, `isbn`, `amgAlbumId`.
  package let keys: [String: String]
  package let role: Role
  package let kind: Kind
  /// The id `lookup?id=` finds it by.
  package let id: Int64
  package let artistID: Int64?
  package let collectionID: Int64?
  package let explicit: Bool
  /// Folded (case, accents, width) texts search matches against.
  let folded: FoldedFields
  /// `releaseDate` as written (ISO 8601 sorts as text).
  package let releaseDate: String
  package let trackNumber: Int
  package let discNumber: Int

  /// Texts a search term is matched against, folded once.
  struct FoldedFields: Sendable {
    var track = ""
    var collection = ""
    var artist = ""
    var genre = ""
    /// The descriptions as written, folded when a search reads them (`descriptionTerm` only):
    /// folding every description up front was a third of making the demo's records.
    var unfoldedDescription = ""
    var rating = ""
    var year = ""
    var languages = ""
  }

  /// A record for a result object; `nil` when it has no id to look it up by.
  package init?(
    object value: JSONValue, storefront: String?, keys: [String: String] = [:]
  ) {
    self.init(object: value, storefront: storefront, keys: keys, sameNamesAs: nil)
  }

  /// A record for a result object whose names are those of `other` (the same item in another
  /// storefront), so they are not folded again.
  init?(
    object value: JSONValue, storefront: String?, keys: [String: String],
    sameNamesAs other: CatalogRecord?
  ) {
    guard case .object(let members) = value else { return nil }
    let fields = ReadFields(members)
    func text(_ key: ReadFields.Field) -> String? {
      if case .string(let string)? = fields[key] { return string }
      return nil
    }
    func number(_ key: ReadFields.Field) -> Int64? {
      if case .number(let number)? = fields[key] { return number.int64 }
      return nil
    }
    let kind = Self.kind(
      wrapperType: text(.wrapperType), kind: text(.kind), artistType: text(.artistType),
      collectionType: text(.collectionType))
    let role: Role
    let id: Int64?
    if kind.isArtist {
      role = .artist
      id = number(.artistId)
    } else if [.album, .tvSeason, .audiobook].contains(kind) {
      role = .collection
      id = number(.collectionId) ?? number(.trackId)
    } else {
      role = .track
      id = number(.trackId) ?? number(.collectionId)
    }
    guard let id else { return nil }
    self.members = members
    self.storefront = storefront
    self.keys = keys
    self.role = role
    self.kind = kind
    self.id = id
    self.artistID = number(.artistId)
    self.collectionID = role == .collection ? id : number(.collectionId)
    self.explicit =
      text(.trackExplicitness) == "explicit" || text(.collectionExplicitness) == "explicit"
    self.releaseDate = text(.releaseDate) ?? ""
    self.trackNumber = Int(number(.trackNumber) ?? 0)
    self.discNumber = Int(number(.discNumber) ?? 1)
    if let other {
      self.folded = other.folded
      return
    }
    var folded = FoldedFields()
    folded.track = Self.fold(text(.trackName) ?? text(.trackCensoredName) ?? "")
    folded.collection = Self.fold(text(.collectionName) ?? text(.collectionCensoredName) ?? "")
    folded.artist = Self.fold(text(.artistName) ?? text(.sellerName) ?? "")
    var genres = [text(.primaryGenreName) ?? ""]
    if case .array(let list)? = fields[.genres] {
      for item in list {
        if case .string(let name) = item { genres.append(name) }
        if case .string(let name)? = item["name"] { genres.append(name) }
      }
    }
    folded.genre = Self.fold(genres.joined(separator: " "))
    folded.unfoldedDescription = [
      text(.longDescription), text(.description), text(.shortDescription),
    ]
    .compactMap { $0 }.joined(separator: " ")
    folded.rating = Self.fold(text(.contentAdvisoryRating) ?? text(.trackContentRating) ?? "")
    folded.year = String(releaseDate.prefix(4))
    if case .array(let codes)? = fields[.languageCodesISO2A] {
      folded.languages = codes.compactMap { if case .string(let c) = $0 { c } else { nil } }
        .joined(separator: " ").lowercased()
    }
    self.folded = folded
  }

  /// The members a record is made from, found in one pass over the object (the first of a key,
  /// as `JSONValue`'s subscript finds it). Looking each up in turn compared every key with every
  /// member's, most of making the demo's records; here a key is compared only with names of its
  /// length.
  struct ReadFields {
    enum Field: Int, CaseIterable {
      case wrapperType, kind, artistType, collectionType, artistId, collectionId, trackId
      case trackExplicitness, collectionExplicitness, releaseDate, trackNumber, discNumber
      case trackName, trackCensoredName, collectionName, collectionCensoredName, artistName
      case sellerName, primaryGenreName, genres, longDescription, description, shortDescription
      case contentAdvisoryRating, trackContentRating, languageCodesISO2A
    }

    /// Each field's key (its case name), by raw value, with its length in UTF-8.
    static let names = Field.allCases.map { field in
      let name = "\(field)"
      return (name: name, count: name.utf8.count)
    }
    var values: [JSONValue?]

    init(_ members: [(key: String, value: JSONValue)]) {
      values = Array(repeating: nil, count: Self.names.count)
      for member in members {
        let count = member.key.utf8.count
        for (slot, name) in Self.names.enumerated()
        where name.count == count && values[slot] == nil && name.name == member.key {
          values[slot] = member.value
          break
        }
      }
    }

    subscript(field: Field) -> JSONValue? { values[field.rawValue] }
  }

  /// A string member of the object.
  package func string(_ key: String) -> String? {
    for member in members where member.key == key {
      if case .string(let string) = member.value { return string }
    }
    return nil
  }

  /// A whole-number member of the object.
  package func integer(_ key: String) -> Int64? {
    for member in members where member.key == key {
      if case .number(let number) = member.value { return number.int64 }
    }
    return nil
  }

  /// Folds case, accents and width, as search compares them (`Björk` → `bjork`).
  package static func fold(_ text: String) -> String {
    var text = text.lowercased()
    // Lower-case ASCII has no accents or widths to fold: most text is returned here, without
    // Foundation's folding (most of making the demo catalogue).
    guard text.utf8.contains(where: { $0 > 0x7F }) else { return text }
    text = plainLetters(text)
    return text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    ).lowercased()
  }

  /// Letters that are not a base letter plus an accent, so folding keeps them: searched as the
  /// letters people type instead (`Sølvi` for `solvi`).
  private static let letters: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ħ": "h", "ı": "i", "þ": "th",
  ]

  /// `text` with ``letters`` spelt as people type them, in one pass over its scalars (Foundation's
  /// `replacingOccurrences`, once a letter, was a fifth of `tunes --demo search`).
  private static func plainLetters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isKeptLetter) else { return text }
    var plain = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isKeptLetter(scalar), let spelt = letters[scalar] {
        plain.append(contentsOf: spelt.unicodeScalars)
      } else {
        plain.append(scalar)
      }
    }
    return String(plain)
  }

  /// Whether `scalar` is one of ``letters`` (a comparison, not a hash of every scalar).
  private static func isKeptLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "ø", "æ", "œ", "ß", "đ", "ł", "ħ", "ı", "þ": return true
    default: return false
    }
  }

  static func kind(
    wrapperType: String?, kind: String?, artistType: String?, collectionType: String?
  ) -> Kind {
    switch kind {
    case "song": return .song
    case "music-video": return .musicVideo
    case "feature-movie": return .movie
    case "tv-episode": return .tvEpisode
    case "podcast": return .podcast
    case "podcast-episode": return .podcastEpisode
    case "ebook", "book": return .ebook
    case "software": return .software
    case "mac-software": return .macSoftware
    case "short-film": return .shortFilm
    case "album": return .album
    case "audiobook": return .audiobook
    default: break
    }
    switch wrapperType {
    case "artist":
      if let type = artistType {
        switch type {
        case "Artist": return .musicArtist
        case "Movie Artist": return .movieArtist
        case "Podcast Artist": return .podcastArtist
        case "Author": return .author
        case "Software Artist": return .softwareArtist
        case "TV Show": return .tvArtist
        default: return .otherArtist
        }
      }
      return .musicArtist
    case "collection":
      if let type = collectionType, type.lowercased() == "tv season" {
        return .tvSeason
      }
      return .album
    case "audiobook": return .audiobook
    case "podcastEpisode": return .podcastEpisode
    case "software": return .software
    default: return .other
    }
  }
}
