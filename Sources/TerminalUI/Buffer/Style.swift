/// Text attributes that can be switched on for a cell.
public struct Modifiers: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates modifiers from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Bold or bright text (SGR 1).
  public static let bold = Modifiers(rawValue: 1 << 0)
  /// Dim, faint text (SGR 2).
  public static let dim = Modifiers(rawValue: 1 << 1)
  /// Italic text (SGR 3).
  public static let italic = Modifiers(rawValue: 1 << 2)
  /// Underlined text (SGR 4).
  public static let underline = Modifiers(rawValue: 1 << 3)
  /// Foreground and background swapped (SGR 7).
  public static let reverse = Modifiers(rawValue: 1 << 4)
}

/// How a cell looks: colours, attributes and an optional OSC 8 hyperlink target.
public struct Style: Sendable, Hashable {
  /// The foreground as `Color.packed`: colours are stored as plain integers so comparing
  /// styles (once per cell per frame) costs a few instructions.
  var foregroundCode: UInt32
  /// The background as `Color.packed`.
  var backgroundCode: UInt32

  /// The foreground (text) colour.
  public var foreground: Color {
    get { Color(packed: foregroundCode) }
    set { foregroundCode = newValue.packed }
  }
  /// The background colour.
  public var background: Color {
    get { Color(packed: backgroundCode) }
    set { backgroundCode = newValue.packed }
  }
  /// Bold, dim, italic, underline, reverse.
  public var modifiers: Modifiers
  /// The hyperlink's number in `StringTable.links` plus one; 0 for none. A number keeps the
  /// style a plain value that copies without reference counting.
  var linkID: UInt32

  /// A URL the terminal should open when the cell is clicked (OSC 8), or `nil`.
  public var hyperlink: String? {
    get { linkID == 0 ? nil : StringTable.links.string(for: linkID - 1) }
    set { linkID = newValue.map { StringTable.links.id(for: $0) + 1 } ?? 0 }
  }

  /// Creates a style; every part defaults to the terminal's plain text.
  public init(
    foreground: Color = .default, background: Color = .default, modifiers: Modifiers = [],
    hyperlink: String? = nil
  ) {
    self.foregroundCode = foreground.packed
    self.backgroundCode = background.packed
    self.modifiers = modifiers
    self.linkID = hyperlink.map { StringTable.links.id(for: $0) + 1 } ?? 0
  }

  /// The terminal's plain text style.
  public static let plain = Style()

  /// A copy with the foreground colour changed.
  public func fg(_ color: Color) -> Style {
    var s = self
    s.foreground = color
    return s
  }

  /// A copy with the background colour changed.
  public func bg(_ color: Color) -> Style {
    var s = self
    s.background = color
    return s
  }

  /// A copy with bold switched on.
  public var bold: Style { adding(.bold) }
  /// A copy with dim switched on.
  public var dim: Style { adding(.dim) }
  /// A copy with italic switched on.
  public var italic: Style { adding(.italic) }
  /// A copy with underline switched on.
  public var underline: Style { adding(.underline) }
  /// A copy with reverse video switched on.
  public var reversed: Style { adding(.reverse) }

  /// A copy with the given modifiers added.
  public func adding(_ m: Modifiers) -> Style {
    var s = self
    s.modifiers.formUnion(m)
    return s
  }

  /// A copy linking to `url` (OSC 8).
  public func linked(to url: String?) -> Style {
    var s = self
    s.hyperlink = url
    return s
  }

  /// This style laid over `base`: non-default colours and the link replace the base's,
  /// modifiers are added.
  public func patched(onto base: Style) -> Style {
    var s = base
    if foregroundCode != 0 { s.foregroundCode = foregroundCode }
    if backgroundCode != 0 { s.backgroundCode = backgroundCode }
    s.modifiers.formUnion(modifiers)
    if linkID != 0 { s.linkID = linkID }
    return s
  }
}
