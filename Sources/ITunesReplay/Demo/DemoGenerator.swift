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
    var words: [String] = []
    for word in name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
      words.append(QueryEncoding.encode(String(word)))
    }
    return words.isEmpty ? "item" : words.joined(separator: "-")
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
    while let range = text.range(of: "%A") {
      text.replaceSubrange(range, with: random.pick(DemoNames.adjectives))
    }
    while let range = text.range(of: "%N") {
      text.replaceSubrange(range, with: random.pick(DemoNames.nouns))
    }
    while let range = text.range(of: "%P") {
      text.replaceSubrange(range, with: random.pick(DemoNames.places))
    }
    return text
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
