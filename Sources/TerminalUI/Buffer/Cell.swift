/// One terminal cell: a grapheme cluster, its style and its display width.
///
/// A wide (two-column) cluster occupies its own cell (width 2) and the next one, which holds
/// a *continuation* cell (width 0, empty symbol) that the renderer never writes.
///
/// A cell is a plain value with no references: a one-scalar symbol is stored as the scalar
/// itself and a longer cluster as its number in a process-wide table, so buffers copy and
/// compare cells without reference counting.
public struct Cell: Sendable, Hashable {
  /// The symbol: a scalar value, `Cell.emptyCode` for the empty symbol, or
  /// `Cell.clusterFlag` plus the cluster's number in `StringTable.clusters`.
  var code: UInt32
  /// Colours and attributes.
  public var style: Style
  /// Display width: 1 or 2, or 0 for the continuation after a wide cluster.
  public var width: UInt8

  /// The code of the empty symbol (a continuation).
  static let emptyCode: UInt32 = 0xFFFF_FFFF
  /// The bit marking a code as a cluster number rather than a scalar.
  static let clusterFlag: UInt32 = 0x8000_0000

  /// The grapheme cluster shown in the cell (`" "` for a blank cell, `""` for a
  /// continuation).
  public var symbol: String {
    get { Cell.string(for: code) }
    set { code = Cell.code(for: newValue) }
  }

  /// The code storing `symbol`.
  static func code(for symbol: String) -> UInt32 {
    var scalars = symbol.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return emptyCode }
    if scalars.next() == nil { return first.value }
    return clusterFlag | StringTable.clusters.id(for: symbol)
  }

  /// The symbol stored as `code`.
  static func string(for code: UInt32) -> String {
    if code < 0x80 { return asciiStrings[Int(code)] }
    if code == emptyCode { return "" }
    if code & clusterFlag != 0 { return StringTable.clusters.string(for: code & ~clusterFlag) }
    return Unicode.Scalar(code).map { String(Character($0)) } ?? " "
  }

  /// One-character strings for the ASCII range, so reading ASCII symbols builds no strings.
  private static let asciiStrings: [String] = (0..<128).map {
    String(Character(Unicode.Scalar(UInt8($0))))
  }

  /// Whether the symbol is one scalar (or empty), so it is written without the table.
  var isScalar: Bool { code & Cell.clusterFlag == 0 }

  /// Appends the symbol's UTF-8 bytes to `bytes`; returns how many were appended.
  @discardableResult
  func appendUTF8(to bytes: inout [UInt8]) -> Int {
    if code < 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: code))
      return 1
    }
    if code == Cell.emptyCode { return 0 }
    if isScalar, let scalar = Unicode.Scalar(code) {
      var count = 0
      UTF8.encode(scalar) { byte in
        bytes.append(byte)
        count += 1
      }
      return count
    }
    let utf8 = symbol.utf8
    bytes.append(contentsOf: utf8)
    return utf8.count
  }

  /// Creates a cell holding the first grapheme cluster of `symbol` (after control characters
  /// are removed; nothing left gives a space), so a cell can never carry an escape sequence
  /// or more than one cluster. The width is measured unless given.
  public init(_ symbol: String, style: Style = .plain, width: Int? = nil) {
    let symbol = sanitize(symbol).first.map { String($0) } ?? " "
    self.code = Cell.code(for: symbol)
    self.style = style
    let w = width ?? displayWidth(of: symbol)
    self.width = UInt8(clamping: max(0, min(2, w)))
  }

  init(symbol: String, style: Style, rawWidth: UInt8) {
    self.code = Cell.code(for: symbol)
    self.style = style
    self.width = rawWidth
  }

  /// A cell from a symbol code (see `code`).
  init(code: UInt32, style: Style, rawWidth: UInt8) {
    self.code = code
    self.style = style
    self.width = rawWidth
  }

  /// A cell holding `character`, a one-scalar one stored without the table.
  init(character: Character, style: Style, rawWidth: UInt8) {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first {
      self.code = scalar.value
    } else {
      self.code = Cell.code(for: String(character))
    }
    self.style = style
    self.width = rawWidth
  }

  /// A blank cell in the plain style.
  public static let blank = Cell(code: 0x20, style: .plain, rawWidth: 1)

  /// A blank cell in the given style (used to clear and fill).
  public static func blank(_ style: Style) -> Cell {
    Cell(code: 0x20, style: style, rawWidth: 1)
  }

  /// The continuation cell placed after a wide cluster.
  public static func continuation(_ style: Style = .plain) -> Cell {
    Cell(code: emptyCode, style: style, rawWidth: 0)
  }

  /// Whether this is the continuation half of a wide cluster.
  public var isContinuation: Bool { width == 0 }
}
