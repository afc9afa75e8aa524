import Foundation

/// The fields of one raw result object, read leniently in a single pass: a field of an unexpected type
/// (a number sent as a string, genres as objects) is converted where that is safe and ignored otherwise.
///
/// Fields that the mapping often does not read (other artwork sizes, censored names, alternative links)
/// may hold the position of their plain ASCII bytes in the document instead of a string; the string is
/// made when, and each time, the field is read. Such a value is only valid while `source` is.
struct WireFields {
  /// A text field's value.
  enum Text {
    /// A string (or none).
    case text(String?)
    /// Non-empty plain ASCII bytes of `source`, made into a string when read.
    case ascii(Range<Int>)

    static let none = Text.text(nil)
  }

  /// The document being read by the fast reader, while it reads; empty for the tree path.
  var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  var wrapperType: String?
  var kind: String?
  var collectionType: String?
  var artistType: String?
  var trackID: Int64?
  var collectionID: Int64?
  var artistID: Int64?
  var collectionArtistID: Int64?
  var trackName: String?
  var trackCensoredName: String? { string(from: trackCensoredNameText) }
  private var trackCensoredNameText = Text.none
  var collectionName: String?
  var collectionCensoredName: String? { string(from: collectionCensoredNameText) }
  private var collectionCensoredNameText = Text.none
  var artistName: String?
  var collectionArtistName: String?
  var sellerName: String?
  var artwork30: String? { string(from: artwork30Text) }
  private var artwork30Text = Text.none
  var artwork60: String? { string(from: artwork60Text) }
  private var artwork60Text = Text.none
  var artwork100: String? { string(from: artwork100Text) }
  private var artwork100Text = Text.none
  var artwork160: String? { string(from: artwork160Text) }
  private var artwork160Text = Text.none
  var artwork512: String? { string(from: artwork512Text) }
  private var artwork512Text = Text.none
  var artwork600: String? { string(from: artwork600Text) }
  private var artwork600Text = Text.none
  var previewURL: String?
  var trackViewURL: String? { string(from: trackViewURLText) }
  private var trackViewURLText = Text.none
  var collectionViewURL: String? { string(from: collectionViewURLText) }
  private var collectionViewURLText = Text.none
  var artistViewURL: String? { string(from: artistViewURLText) }
  private var artistViewURLText = Text.none
  var artistLinkURL: String? { string(from: artistLinkURLText) }
  private var artistLinkURLText = Text.none
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
  var collectionExplicitness: String? { string(from: collectionExplicitnessText) }
  private var collectionExplicitnessText = Text.none
  var contentAdvisoryRating: String?
  var trackContentRating: String?
  var longDescription: String?
  var description: String?
  var shortDescription: String? { string(from: shortDescriptionText) }
  private var shortDescriptionText = Text.none
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
  var currentVersionRating: Double?
  var currentVersionRatingCount: Int64?
  var currentVersionReleaseDate: String?
  /// The iPhone (a Mac app: Mac) screenshots' URL texts (`nil`: no list).
  var screenshotURLs: [String]?
  /// The iPad screenshots' URL texts (`nil`: no list).
  var iPadScreenshotURLs: [String]?
  /// The Apple TV screenshots' URL texts (`nil`: no list).
  var appleTVScreenshotURLs: [String]?

  /// The largest artwork URL text given.
  var largestArtwork: String? {
    artwork600 ?? artwork512 ?? artwork160 ?? artwork100 ?? artwork60 ?? artwork30
  }

  init() {}

  init(_ members: [(key: String, value: JSONValue)]) {
    for (key, value) in members {
      if let field = WireKey.byName[key] { read(field, value) }
    }
  }

  /// Reads one member's value the lenient way (see `WireKey.Shape`); a later duplicate key wins, even
  /// when its value is unreadable.
  mutating func read(_ field: WireKey, _ value: JSONValue) {
    switch field.shape {
    case .text: set(field, text: value.text)
    case .integer: set(field, integer: value.integer)
    case .decimal: set(field, decimal: value.decimal)
    case .double:
      if field == .averageUserRating {
        averageUserRating = value.number
      } else {
        currentVersionRating = value.number
      }
    case .urls:
      var urls: [String]?
      if case .array(let elements) = value { urls = elements.compactMap(\.text) }
      set(field, urls: urls)
    case .names:
      if field == .genres { genres = value.names } else { languageCodes = value.names }
    }
  }

  /// Sets a `.text` field.
  mutating func set(_ field: WireKey, text value: String?) {
    switch field {
    case .wrapperType: wrapperType = value
    case .kind: kind = value
    case .collectionType: collectionType = value
    case .artistType: artistType = value
    case .trackName: trackName = value
    case .trackCensoredName: trackCensoredNameText = .text(value)
    case .collectionName: collectionName = value
    case .collectionCensoredName: collectionCensoredNameText = .text(value)
    case .artistName: artistName = value
    case .collectionArtistName: collectionArtistName = value
    case .sellerName: sellerName = value
    case .artworkUrl30: artwork30Text = .text(value)
    case .artworkUrl60: artwork60Text = .text(value)
    case .artworkUrl100: artwork100Text = .text(value)
    case .artworkUrl160: artwork160Text = .text(value)
    case .artworkUrl512: artwork512Text = .text(value)
    case .artworkUrl600: artwork600Text = .text(value)
    case .previewUrl: previewURL = value
    case .trackViewUrl: trackViewURLText = .text(value)
    case .collectionViewUrl: collectionViewURLText = .text(value)
    case .artistViewUrl: artistViewURLText = .text(value)
    case .artistLinkUrl: artistLinkURLText = .text(value)
    case .sellerUrl: sellerURL = value
    case .currency: currency = value
    case .formattedPrice: formattedPrice = value
    case .releaseDate: releaseDate = value
    case .primaryGenreName: primaryGenreName = value
    case .trackExplicitness: trackExplicitness = value
    case .collectionExplicitness: collectionExplicitnessText = .text(value)
    case .contentAdvisoryRating: contentAdvisoryRating = value
    case .trackContentRating: trackContentRating = value
    case .longDescription: longDescription = value
    case .description: description = value
    case .shortDescription: shortDescriptionText = .text(value)
    case .releaseNotes: releaseNotes = value
    case .copyright: copyright = value
    case .country: country = value
    case .feedUrl: feedURL = value
    case .episodeUrl: episodeURL = value
    case .episodeContentType: episodeContentType = value
    case .episodeFileExtension: episodeFileExtension = value
    case .bundleId: bundleID = value
    case .version: version = value
    case .minimumOsVersion: minimumOSVersion = value
    case .narrator: narrator = value
    case .currentVersionReleaseDate: currentVersionReleaseDate = value
    default: break
    }
  }

  /// Keeps a `.text` field as the position of its plain ASCII bytes in `source`, when the field is one
  /// that can wait; `false` when it is not (then set the string).
  mutating func set(_ field: WireKey, ascii span: Range<Int>) -> Bool {
    let text = Text.ascii(span)
    switch field {
    case .trackCensoredName: trackCensoredNameText = text
    case .collectionCensoredName: collectionCensoredNameText = text
    case .artworkUrl30: artwork30Text = text
    case .artworkUrl60: artwork60Text = text
    case .artworkUrl100: artwork100Text = text
    case .artworkUrl160: artwork160Text = text
    case .artworkUrl512: artwork512Text = text
    case .artworkUrl600: artwork600Text = text
    case .trackViewUrl: trackViewURLText = text
    case .collectionViewUrl: collectionViewURLText = text
    case .artistViewUrl: artistViewURLText = text
    case .artistLinkUrl: artistLinkURLText = text
    case .collectionExplicitness: collectionExplicitnessText = text
    case .shortDescription: shortDescriptionText = text
    default: return false
    }
    return true
  }

  private func string(from text: Text) -> String? {
    switch text {
    case .text(let value): return value
    case .ascii(let span):
      return String(decoding: UnsafeBufferPointer(rebasing: source[span]), as: UTF8.self)
    }
  }

  /// Sets an `.integer` field.
  mutating func set(_ field: WireKey, integer value: Int64?) {
    switch field {
    case .trackId: trackID = value
    case .collectionId: collectionID = value
    case .artistId: artistID = value
    case .collectionArtistId: collectionArtistID = value
    case .trackTimeMillis: trackTimeMillis = value
    case .trackNumber: trackNumber = value
    case .trackCount: trackCount = value
    case .discNumber: discNumber = value
    case .discCount: discCount = value
    case .fileSizeBytes: fileSizeBytes = value
    case .userRatingCount: userRatingCount = value
    case .userRatingCountForCurrentVersion: currentVersionRatingCount = value
    default: break
    }
  }

  /// Sets a `.urls` field: the list's strings, `nil` when the value was not a list.
  mutating func set(_ field: WireKey, urls value: [String]?) {
    switch field {
    case .screenshotUrls: screenshotURLs = value
    case .ipadScreenshotUrls: iPadScreenshotURLs = value
    case .appletvScreenshotUrls: appleTVScreenshotURLs = value
    default: break
    }
  }

  /// Sets a `.decimal` field.
  mutating func set(_ field: WireKey, decimal value: Decimal?) {
    switch field {
    case .trackPrice: trackPrice = value
    case .collectionPrice: collectionPrice = value
    case .price: price = value
    case .trackRentalPrice: trackRentalPrice = value
    case .trackHdPrice: trackHdPrice = value
    case .trackHdRentalPrice: trackHdRentalPrice = value
    default: break
    }
  }
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
      return Self.plainDecimal(number.text) ?? Decimal(string: number.text, locale: posixLocale)
    case .string(let text):
      guard Double(text) != nil else { return nil }
      return Self.plainDecimal(text) ?? Decimal(string: text, locale: posixLocale)
    default: return nil
    }
  }

  /// `text` as a decimal when it is plain (`-12.34`: an optional minus, at most 18 digits, at
  /// most one point), else `nil`. Made from its digits, without Foundation's parser: that one
  /// wants a locale, and making the first locale in a process (ICU's data read from disk) was
  /// most of the first favourites screen's fixed cost.
  static func plainDecimal(_ text: String) -> Decimal? {
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var negative = false
    var point = false
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "-") where index == 0:
        negative = true
      case UInt8(ascii: ".") where !point && digits > 0:
        point = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 18 else { return nil }
        significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        digits += 1
        if point { fractionDigits += 1 }
      default:
        return nil
      }
    }
    guard digits > 0, !point || fractionDigits > 0 else { return nil }
    // Foundation keeps a zero's exponent (`0.00` is 0 × 10⁻²): its parser, without a locale
    // (the separator is `.` then), makes it exactly.
    if significand == 0 { return Decimal(string: text, locale: nil) }
    return Decimal(
      sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
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
