import Foundation
import ITunesCatalog

/// Builds the demo catalogue's items from `DemoNames` with a seeded generator: the same items,
/// ids and prices on every run. Items come in ranking order (what search returns first).
///
/// Ids start at 9,100,000,001, far above Apple's, so a demo item kept as a favourite never
/// passes for a real one.
struct DemoGenerator {
  /// The first id minus one.
  static let idBase: Int64 = 9_100_000_000

  var random = DemoRandom(seed: 0x7475_6E65_732D_6465)
  var nextID = DemoGenerator.idBase
  var items: [DemoItem] = []
  /// The song titles each artist has so far (see ``uniqueSongTitle(_:by:)``).
  var songTitles: [String: Set<String>] = [:]

  /// Every item, music first, then video, spoken word, books and apps, then the songs of the
  /// words newcomers search for first.
  static func make() -> [DemoItem] {
    var generator = DemoGenerator()
    generator.music()
    generator.movies()
    generator.television()
    generator.podcasts()
    generator.books()
    generator.apps()
    generator.firstWords()
    return generator.items
  }

  mutating func id() -> Int64 {
    nextID += 1
    return nextID
  }

  // MARK: Shared pieces

  /// A URL path segment for a name, as Apple writes them: lower case ASCII words joined by `-`,
  /// other letters percent-encoded.
  static func slug(_ name: String) -> String {
    // ASCII names (most) in one pass over the bytes: letters and digits are the same there, and
    // the words need no encoding; other names by their characters.
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(name) }
    var words: [String] = []
    for word in name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
      words.append(QueryEncoding.encode(String(word)))
    }
    return words.isEmpty ? "item" : words.joined(separator: "-")
  }

  private static func asciiSlug(_ name: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(name.utf8.count)
    var pending = false
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if pending, !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pending = false
        out.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        if pending, !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pending = false
        out.append(byte + 32)
      default:
        pending = true
      }
    }
    return out.isEmpty ? "item" : String(decoding: out, as: UTF8.self)
  }

  /// Artwork members for `sizes` (30, 60, 100 …): Apple-shaped paths on the media route,
  /// `image/thumb/Demo/<Kind>/<id>/<id>.jpg/<w>x<h>bb.jpg`.
  static func artwork(kind: String, id: Int64, sizes: [Int]) -> [(key: String, value: DemoValue)] {
    sizes.map { size in
      (
        "artworkUrl\(size)",
        .media("\(DemoCatalogue.artworkPrefix)/\(kind)/\(id)/\(id).jpg/\(size)x\(size)bb.jpg")
      )
    }
  }

  /// The preview (generated audio) of an item.
  static func preview(_ id: Int64) -> DemoValue {
    .media("\(DemoCatalogue.previewPrefix)/\(id).wav")
  }

  /// A release date between `years`, at one of the hours Apple uses.
  mutating func date(_ years: ClosedRange<Int>) -> String {
    let year = random.int(years)
    let month = random.int(1...12)
    let day = random.int(1...28)
    let hour = random.pick(["07", "08", "12"])
    return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T\(hour):00:00Z"
  }

  /// A title from a pattern: `%A` an adjective, `%N` a noun, `%P` a place.
  mutating func title(_ patterns: [String]) -> String {
    var text = random.pick(patterns)
    // Every %A first, then every %N, then every %P, each left to right: the order the words
    // are drawn in, so the same seed makes the same titles.
    text = Self.filling("A", in: text) { random.pick(DemoNames.adjectives) }
    text = Self.filling("N", in: text) { random.pick(DemoNames.nouns) }
    text = Self.filling("P", in: text) { random.pick(DemoNames.places) }
    return text
  }

  /// `text` with each `%` followed by `letter` replaced, left to right, by what `word` gives
  /// (over the bytes: Foundation's search, once a placeholder, was a tenth of making the items).
  static func filling(_ letter: Unicode.Scalar, in text: String, with word: () -> String)
    -> String
  {
    let bytes = Array(text.utf8)
    let mark = UInt8(ascii: "%")
    let wanted = UInt8(ascii: letter)
    guard bytes.contains(mark) else { return text }
    var out = ""
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == mark, bytes[index + 1] == wanted {
        out += String(decoding: bytes[start..<index], as: UTF8.self)
        out += word()
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    out += String(decoding: bytes[start...], as: UTF8.self)
    return out
  }

  /// Whether `text` holds `word` (ASCII), byte for byte.
  static func holds(_ word: StaticString, in text: String) -> Bool {
    let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    let bytes = Array(text.utf8)
    guard needle.count <= bytes.count, let first = needle.first else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start] == first {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }

  /// An artist record: Apple sends no artwork for artists, and `amgArtistId` and the genre only
  /// sometimes.
  mutating func artist(
    name: String, type: String, genre: String?, path: String, amg: Int64? = nil
  ) -> Int64 {
    let id = id()
    var item = DemoItem()
    item.add("wrapperType", "artist")
    item.add("artistType", type)
    item.add("artistName", name)
    item.add("artistLinkUrl", .store("\(path)/\(Self.slug(name))/\(id)"))
    item.add("artistId", id)
    if let amg { item.add("amgArtistId", amg) }
    if let genre {
      item.add("primaryGenreName", genre)
      item.add("primaryGenreId", Int64(20 + abs(genre.hashValueStable % 40)))
    }
    items.append(item)
    return id
  }

  /// A 13-digit ISBN (978 prefix) with a valid check digit.
  static func isbn(_ seed: Int64) -> String {
    let body = "978" + pad(seed % 1_000_000_000, 9)
    let digits = body.compactMap { $0.wholeNumberValue }
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }

  /// A 12-digit UPC.
  static func upc(_ seed: Int64) -> String {
    pad((seed % 1_000_000_007) * 7919 % 1_000_000_000_000, 12)
  }

  /// `value` with leading zeros to `width` digits.
  static func pad<T: BinaryInteger>(_ value: T, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

extension String {
  /// A hash that is the same in every process (Swift's `hashValue` is seeded per run).
  var hashValueStable: Int {
    var hash: UInt64 = 1_469_598_103_934_665_603
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
    return Int(truncatingIfNeeded: hash >> 1)
  }
}
