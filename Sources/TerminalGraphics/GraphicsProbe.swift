/// What the terminal answered at start-up, as far as images go (the POSIX probe fills it).
package struct GraphicsProbe: Sendable, Equatable {
  /// Whether the terminal answered the kitty graphics query with `OK`; `nil`: no answer.
  package var kittyGraphics: Bool?
  /// The primary device attributes (`ESC [ ? 62 ; 4 ; … c`); 4 means sixel. `nil`: no answer.
  package var deviceAttributes: [Int]?
  /// The cell size from `CSI 16 t` (or the window's pixel size over its cells).
  package var cellPixels: CellPixels?
  /// The terminal's name and version from XTVERSION (`kitty(0.26.5)`, `XTerm(379)`), if any.
  package var version: String?

  /// Creates a probe result.
  package init(
    kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, cellPixels: CellPixels? = nil,
    version: String? = nil
  ) {
    self.kittyGraphics = kittyGraphics
    self.deviceAttributes = deviceAttributes
    self.cellPixels = cellPixels
    self.version = version
  }

  /// Whether the device attributes list sixel graphics (attribute 4).
  package var sixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

  /// kitty's version from XTVERSION (`kitty(0.28.1)` → (0, 28, 1)).
  package var kittyVersion: (Int, Int, Int)? {
    guard let version, version.hasPrefix("kitty("), version.hasSuffix(")") else { return nil }
    let numbers = version.dropFirst(6).dropLast().split(separator: ".").compactMap { Int($0) }
    guard numbers.count >= 2 else { return nil }
    return (numbers[0], numbers[1], numbers.count > 2 ? numbers[2] : 0)
  }
}
