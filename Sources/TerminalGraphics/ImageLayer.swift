import TerminalUI

/// Between a rendered frame and the terminal: turns the frame's image placements into what the
/// chosen protocol draws, encoding each image once per (source, cell area, visible part) off
/// the UI loop. A picture covers its whole cell area (scaled with its aspect kept until no band
/// is left, the overflow cut off centred: ``ImageFit/cover(width:height:columns:rows:cell:part:)``),
/// and a placement cut by its view draws only its visible part.
///
/// - Symbols become cells in the frame (the text diff then draws them like any text).
/// - Pixel protocols (kitty, iTerm2, sixel) keep the placement once its encoding is ready; the
///   ``Writer`` draws it after the text diff and erases it when it leaves the frame.
/// - A placement whose encoding is not ready yet is dropped from this frame (its placeholder
///   shows) and the encoding is started; `onReady` asks for a new frame when it is done.
@MainActor
package final class ImageLayer {
  /// The protocol and sizes.
  package let choice: GraphicsChoice
  private let pixels: @Sendable (String) async -> RGBAImage?
  private let log: @Sendable (String) -> Void
  private var onReady: @MainActor () -> Void = {}
  private var onUnavailable: @MainActor (_ source: String, _ hadPixels: Bool) -> Void = { _, _ in }
  private var encodings: [Key: Entry] = [:]
  private var pending: Set<Key> = []
  private var useCounter: UInt64 = 0
  private var encodedBytes = 0
  private var readyScheduled = false
  // kitty: transmitted images by source, placements by where they are.
  private var kittyImages: [String: UInt32] = [:]
  private var kittyPlacements: [ImagePlacement: UInt32] = [:]
  // kitty: each source's PNG (base64) and pixel size, for the crops of other sizes and parts.
  private var kittyPayloads: [String: (payload: [UInt8], width: Int, height: Int)] = [:]
  // Symbol and placeholder placements in the last frame composed (for the log).
  private var symbolsShown: Set<ImagePlacement> = []
  private var nextKittyImage: UInt32 = 1
  private var nextKittyPlacement: UInt32 = 1
  // kitty placeholders: image numbers 1–255 (the palette colour that names them) by encoding,
  // the cells showing each, and the frame each was last shown in (the oldest is given again).
  private var placeholderIDs: [Key: UInt8] = [:]
  private var placeholderKeys: [UInt8: Key] = [:]
  private var placeholderCells: [Key: Buffer] = [:]
  private var placeholderFrame: [UInt8: UInt64] = [:]
  private var frameNumber: UInt64 = 0
  // Commands for the terminal to read before the next frame's text (placeholder images).
  private var commands: [UInt8] = []
  private let originProvider: (@Sendable () -> Position?)?
  private let offload: Offload

  /// Runs `work` off the UI loop, soon (the live one: threads niced below the UI thread's).
  package typealias Offload = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

  /// Where the app's screen starts in the terminal that draws the pixels: inside tmux the
  /// pane's offset in the outer terminal (asked again at every full redraw), else 0,0.
  package private(set) var origin = Position(x: 0, y: 0)

  /// Encodings kept, in bytes, before the least recently used are dropped.
  package var byteLimit = 48 << 20

  struct Key: Hashable {
    var source: String
    /// The whole picture's cells.
    var columns: Int
    var rows: Int
    /// The cells that show, relative to the whole picture (`nil`: all of them).
    var part: Rect?

    init(source: String, columns: Int, rows: Int, part: Rect? = nil) {
      self.source = source
      self.columns = columns
      self.rows = rows
      self.part = part
    }

    init(_ placement: ImagePlacement) {
      self.init(
        source: placement.source, columns: placement.imageArea.width,
        rows: placement.imageArea.height, part: placement.isCut ? placement.visiblePart : nil)
    }
  }

  /// One image encoded for one cell area: where it sits in the area, and what draws it.
  package struct Encoding: Sendable {
    /// The image's cells inside the placement's (visible) area, relative: all of it, as the
    /// picture covers its cells.
    package var fitted: Rect
    /// What draws it.
    package var content: Content
    /// kitty: the pixels of the transmitted image that show (the cover crop of the visible
    /// part); `nil` for the other protocols, whose bytes are already cut.
    package var crop: ImageFit.PixelRect? = nil
    /// sixel: the colours of the picture's bottom edge, one a column of cells, for the last row
    /// of cells under it. chafa keeps a sixel's height to whole bands of six pixel rows, so a
    /// few rows of pixels at the bottom of the area stay uncovered; painted in the picture's
    /// own edge colours they read as the picture, not as a band of placeholder. `nil`: the
    /// picture covers every pixel.
    package var underlay: [Color]? = nil
    /// kitty: the transmitted image's size in pixels (the crops of other parts are made in it).
    package var imageSize: (width: Int, height: Int)? = nil
    /// Whether the payload is another encoding's (counted once).
    var sharesPayload = false

    /// The forms an encoding takes.
    package enum Content: Sendable {
      /// Symbol cells.
      case cells(Buffer)
      /// Bytes written at the fitted area's top-left cell (sixel, iTerm2).
      case bytes([UInt8])
      /// A PNG for kitty, already in base64, transmitted once and placed by id.
      case kitty([UInt8])
    }

    var byteCount: Int {
      if sharesPayload { return 64 }
      switch content {
      case .cells(let buffer): return buffer.width * buffer.height * 16
      case .bytes(let bytes), .kitty(let bytes): return bytes.count
      }
    }
  }

  struct Entry {
    var encoding: Encoding
    var lastUse: UInt64
  }

  /// Creates a layer.
  /// - Parameters:
  ///   - choice: the protocol, cell size and colours.
  ///   - pixels: the decoded image for a placement's source (the artwork memory cache, else
  ///     disk); `nil` when it cannot be had.
  ///   - log: where failures and each image drawn (cells and source) are told.
  ///   - origin: inside tmux, the pane's offset in the outer terminal (asked at each full
  ///     redraw: a resize may move the pane); `nil` outside tmux.
  ///   - offload: where encodings are made; `nil`: on the cooperative pool, in the task that
  ///     fetched the pixels.
  package init(
    choice: GraphicsChoice, pixels: @escaping @Sendable (String) async -> RGBAImage?,
    log: @escaping @Sendable (String) -> Void = { _ in },
    origin: (@Sendable () -> Position?)? = nil, offload: Offload? = nil
  ) {
    self.choice = choice
    self.pixels = pixels
    self.log = log
    self.originProvider = origin
    self.offload = offload ?? { work in work() }
    if let offset = origin?() { self.origin = offset }
  }

  /// The commands the terminal must read before the next frame (placeholder images to
  /// transmit and place), emptied; the program loop writes them first.
  package func takeCommands() -> [UInt8] {
    defer { commands = [] }
    return commands
  }

  /// Before a frame drawn whole (after a resize, a resume, or tmux telling tunes its window is
  /// back): placeholder images are transmitted again, since the terminal may not have them
  /// (tmux drops passthrough while the pane is hidden; a reattach may be another terminal).
  package func terminalWillRedraw() {
    guard choice.kittyPlaceholders else { return }
    placeholderIDs.removeAll()
    placeholderKeys.removeAll()
    placeholderCells.removeAll()
    placeholderFrame.removeAll()
  }

  /// Whether commands wait for the next frame.
  package var hasCommands: Bool { !commands.isEmpty }

  /// `bytes` as the outer terminal must get them: wrapped in tmux passthrough when the choice
  /// says so.
  private func outer(_ bytes: [UInt8]) -> [UInt8] {
    choice.passthrough ? TmuxPassthrough.wrap(bytes) : bytes
  }

  /// Called on the main actor when encodings finished (the loop draws a new frame).
  package func whenReady(_ action: @escaping @MainActor () -> Void) {
    onReady = action
  }

  /// Called on the main actor when a placement's image cannot be drawn: its pixels are no
  /// longer in the artwork caches (`hadPixels` false: the owner of readiness, the store, fetches
  /// it again) or the encoder gave nothing for this terminal (`true`). The layer keeps no
  /// failures of its own: the placement is not made again once the store knows.
  package func whenUnavailable(
    _ action: @escaping @MainActor (_ source: String, _ hadPixels: Bool) -> Void
  ) {
    onUnavailable = action
  }

  /// Whether an encoding is being made (for tests waiting on the layer).
  package var isEncoding: Bool { !pending.isEmpty }
  /// How many placements the last composed frame shows as images (symbol cells or kept
  /// pixel placements), for benchmarks and tests.
  package private(set) var shownInLastFrame = 0

  /// Replaces `buffer`'s placements with what the protocol draws (see the type's notes).
  package func compose(_ buffer: inout Buffer) {
    shownInLastFrame = 0
    frameNumber += 1
    var symbolsDrawn: Set<ImagePlacement> = []
    defer { symbolsShown = symbolsDrawn }
    guard !buffer.images.isEmpty else { return }
    let placements = buffer.images
    buffer.images = []
    guard choice.graphicsProtocol != .none else { return }
    var kept: [ImagePlacement] = []
    for placement in placements {
      // Placeholder cells name their row and column in the whole picture, so a cut tile shows
      // its part with the whole picture's cells: one encoding (and image) for every part.
      let key =
        choice.kittyPlaceholders
        ? Key(
          source: placement.source, columns: placement.imageArea.width,
          rows: placement.imageArea.height)
        : Key(placement)
      if !choice.kittyPlaceholders, encodings[key] == nil, let derived = derivedEncoding(for: key) {
        // kitty: a cut part of an image already sent is only a new source rectangle.
        useCounter += 1
        encodings[key] = Entry(encoding: derived, lastUse: useCounter)
        encodedBytes += derived.byteCount
      }
      if encodings[key] == nil, key.part != nil, case .cells(let cells)? = wholeCells(of: key) {
        // Symbols: the whole picture's cells, clipped to the part that shows (no encoding).
        shownInLastFrame += 1
        let at = Position(x: placement.imageArea.x, y: placement.imageArea.y)
        buffer.draw(cells, at: at, clippedTo: placement.area)
        symbolsDrawn.insert(placement)
        if !symbolsShown.contains(placement) {
          logDrawn(
            placement, at: Position(x: placement.area.x, y: placement.area.y),
            size: Rect(x: 0, y: 0, width: placement.area.width, height: placement.area.height))
        }
        continue
      }
      guard var entry = encodings[key] else {
        schedule(key)
        continue
      }
      useCounter += 1
      entry.lastUse = useCounter
      encodings[key] = entry
      shownInLastFrame += 1
      switch entry.encoding.content {
      case .cells(let cells):
        let at = Position(
          x: placement.area.x + entry.encoding.fitted.x,
          y: placement.area.y + entry.encoding.fitted.y)
        buffer.draw(cells, at: at, clippedTo: placement.area)
        symbolsDrawn.insert(placement)
        if !symbolsShown.contains(placement) {
          logDrawn(placement, at: at, size: entry.encoding.fitted)
        }
      case .kitty(let base64) where choice.kittyPlaceholders:
        guard
          let cells = placeholders(
            for: key, base64: base64, fitted: entry.encoding.fitted, crop: entry.encoding.crop)
        else {
          shownInLastFrame -= 1
          continue
        }
        let origin = Position(x: placement.imageArea.x, y: placement.imageArea.y)
        buffer.draw(cells, at: origin, clippedTo: placement.area)
        symbolsDrawn.insert(placement)
        if !symbolsShown.contains(placement) {
          logDrawn(
            placement, at: Position(x: placement.area.x, y: placement.area.y),
            size: Rect(x: 0, y: 0, width: placement.area.width, height: placement.area.height))
        }
      case .bytes, .kitty:
        if let underlay = entry.encoding.underlay, !placement.area.isEmpty {
          let y = placement.area.bottom - 1
          for (offset, color) in underlay.prefix(placement.area.width).enumerated() {
            buffer.set(
              Cell(" ", style: Style.plain.bg(color), width: 1), x: placement.area.x + offset, y: y)
          }
        }
        kept.append(placement)
      }
    }
    buffer.images = kept
  }

  /// Symbols: the encoding of the whole picture a cut placement shows part of, when it exists.
  private func wholeCells(of key: Key) -> Encoding.Content? {
    guard choice.graphicsProtocol == .symbols else { return nil }
    return encodings[Key(source: key.source, columns: key.columns, rows: key.rows)]?.encoding
      .content
  }

  /// kitty: an encoding for `key` made from the PNG already made for its source (any size):
  /// the same payload, the crop for this area and part.
  private func derivedEncoding(for key: Key) -> Encoding? {
    guard choice.graphicsProtocol == .kitty, let sent = kittyPayloads[key.source] else {
      return nil
    }
    let whole = Rect(x: 0, y: 0, width: key.columns, height: key.rows)
    let shown = (key.part ?? whole).intersection(whole)
    guard !shown.isEmpty else { return nil }
    let crop = ImageFit.cover(
      width: sent.width, height: sent.height, columns: key.columns, rows: key.rows,
      cell: choice.cellPixels, part: shown)
    let all = crop == ImageFit.PixelRect(x: 0, y: 0, width: sent.width, height: sent.height)
    var encoding = Encoding(
      fitted: Rect(x: 0, y: 0, width: shown.width, height: shown.height),
      content: .kitty(sent.payload), crop: all ? nil : crop)
    encoding.sharesPayload = true
    return encoding
  }

  /// One line per image drawn (symbols: per placement newly on screen); the real-terminal
  /// tests find the pixels to check by it. A picture cut by its view adds
  /// `of WxH+X+Y`: the whole picture's cells and where the drawn part lies in them.
  private func logDrawn(_ placement: ImagePlacement, at: Position, size: Rect) {
    var line =
      "image drawn \(choice.graphicsProtocol.rawValue) at \(at.x),\(at.y)"
      + " \(size.width)x\(size.height) \(placement.source)"
    if placement.isCut {
      let part = placement.visiblePart
      line +=
        " of \(placement.imageArea.width)x\(placement.imageArea.height)+\(part.x)+\(part.y)"
    }
    log(line)
  }

  /// The placeholder cells of `key`'s image, giving it a number (and queueing its transmission
  /// and virtual placement) the first time; the number shown longest ago is given again when
  /// all 255 are taken. `nil` when every number is on screen in this frame.
  private func placeholders(
    for key: Key, base64: [UInt8], fitted: Rect, crop: ImageFit.PixelRect?
  ) -> Buffer? {
    if let id = placeholderIDs[key], let cells = placeholderCells[key] {
      placeholderFrame[id] = frameNumber
      return cells
    }
    let id: UInt8
    if placeholderKeys.count < 255 {
      id = UInt8(placeholderKeys.count + 1)
    } else {
      guard
        let (oldest, frame) = placeholderFrame.min(by: { $0.value < $1.value }),
        frame < frameNumber
      else { return nil }
      id = oldest
      if let old = placeholderKeys[id] {
        placeholderIDs[old] = nil
        placeholderCells[old] = nil
      }
      commands += outer(KittyGraphics.deleteImage(id: UInt32(id)))
    }
    let cells = KittyPlaceholders.cells(id: id, columns: fitted.width, rows: fitted.height)
    placeholderIDs[key] = id
    placeholderKeys[id] = key
    placeholderCells[key] = cells
    placeholderFrame[id] = frameNumber
    commands += outer(KittyGraphics.transmit(base64: base64, id: UInt32(id)))
    commands += outer(
      KittyGraphics.placeVirtual(
        id: UInt32(id), columns: cells.width, rows: cells.height, source: crop))
    log("kitty placeholders image \(id) \(cells.width)x\(cells.height) \(key.source)")
    return cells
  }

  private func schedule(_ key: Key) {
    guard !pending.contains(key) else { return }
    pending.insert(key)
    let choice = self.choice
    let pixels = self.pixels
    let offload = self.offload
    Task.detached(priority: .utility) { [weak self] in
      let image = await pixels(key.source)
      var encoding: Encoding?
      if let image {
        encoding = await withCheckedContinuation { continuation in
          offload {
            continuation.resume(
              returning: Self.encode(
                image, columns: key.columns, rows: key.rows, choice: choice, part: key.part))
          }
        }
      }
      await self?.finish(key, encoding, hadPixels: image != nil)
    }
  }

  private func finish(_ key: Key, _ encoding: Encoding?, hadPixels: Bool) {
    pending.remove(key)
    guard let encoding else {
      log(
        hadPixels
          ? "artwork: could not encode \(key.source) for \(choice.graphicsProtocol.rawValue)"
          : "artwork: \(key.source) is no longer in the cache")
      onUnavailable(key.source, hadPixels)
      return
    }
    useCounter += 1
    encodings[key] = Entry(encoding: encoding, lastUse: useCounter)
    encodedBytes += encoding.byteCount
    if case .kitty(let payload) = encoding.content, let size = encoding.imageSize {
      kittyPayloads[key.source] = (payload, size.width, size.height)
    }
    evictIfNeeded()
    guard !readyScheduled else { return }
    readyScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      self.readyScheduled = false
      self.onReady()
    }
  }

  private func evictIfNeeded() {
    guard encodedBytes > byteLimit else { return }
    let oldest = encodings.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldest {
      guard encodedBytes > byteLimit * 3 / 4 else { break }
      encodings[key] = nil
      encodedBytes -= entry.encoding.byteCount
    }
    // A PNG kept for cut parts goes with the last encoding of its source.
    let sources = Set(encodings.keys.map(\.source))
    kittyPayloads = kittyPayloads.filter { sources.contains($0.key) }
  }

  /// The image writer for ``DiffRenderer`` over this layer's encodings.
  package var writer: Writer { Writer(layer: self) }

  /// Draws and erases this layer's placements.
  package struct Writer: ImageWriter {
    let layer: ImageLayer

    package mutating func reset(into bytes: inout [UInt8]) {
      MainActor.assumeIsolated { layer.resetPlacements(into: &bytes) }
    }

    package mutating func erase(_ placement: ImagePlacement, into bytes: inout [UInt8]) {
      MainActor.assumeIsolated { layer.erase(placement, into: &bytes) }
    }

    package mutating func draw(_ placement: ImagePlacement, into bytes: inout [UInt8]) -> Bool {
      MainActor.assumeIsolated { layer.draw(placement, into: &bytes) }
    }
  }

  /// What to write before the terminal is given back: kitty frees every image it was sent (the
  /// other protocols leave nothing behind the cleared screen).
  package func releaseBytes() -> [UInt8] {
    guard choice.graphicsProtocol == .kitty, !kittyImages.isEmpty || !placeholderKeys.isEmpty
    else { return [] }
    kittyImages.removeAll()
    kittyPlacements.removeAll()
    placeholderIDs.removeAll()
    placeholderKeys.removeAll()
    placeholderCells.removeAll()
    placeholderFrame.removeAll()
    commands.removeAll()
    return outer(KittyGraphics.deleteAllImages)
  }

  func resetPlacements(into bytes: inout [UInt8]) {
    // A full redraw follows a resize, which may have moved the pane.
    if let provider = originProvider, let offset = provider() { origin = offset }
    guard choice.graphicsProtocol == .kitty, !choice.kittyPlaceholders else { return }
    bytes.append(contentsOf: outer(KittyGraphics.deleteAllPlacements))
    kittyPlacements.removeAll()
  }

  func erase(_ placement: ImagePlacement, into bytes: inout [UInt8]) {
    guard choice.graphicsProtocol == .kitty,
      let id = kittyImages[placement.source],
      let number = kittyPlacements.removeValue(forKey: placement)
    else { return }
    bytes.append(contentsOf: outer(KittyGraphics.deletePlacement(id: id, placement: number)))
  }

  func draw(_ placement: ImagePlacement, into bytes: inout [UInt8]) -> Bool {
    let key = Key(placement)
    guard let encoding = encodings[key]?.encoding else { return false }
    let x = placement.area.x + encoding.fitted.x
    let y = placement.area.y + encoding.fitted.y
    if case .cells = encoding.content { return false }
    if choice.kittyPlaceholders, case .kitty = encoding.content { return false }
    logDrawn(placement, at: Position(x: x, y: y), size: encoding.fitted)
    switch encoding.content {
    case .cells:
      return false
    case .bytes(let payload):
      let move = Array("\u{1B}[\(origin.y + y + 1);\(origin.x + x + 1)H".utf8)
      if choice.passthrough {
        // The outer terminal's cursor is wherever tmux left it: the move goes inside, and the
        // payload's ESCs were doubled when it was encoded.
        TmuxPassthrough.wrap(move, doubledBody: payload, into: &bytes)
      } else {
        bytes.append(contentsOf: move)
        bytes.append(contentsOf: payload)
      }
    case .kitty where choice.kittyPlaceholders:
      return false
    case .kitty(let base64):
      let id: UInt32
      if let known = kittyImages[placement.source] {
        id = known
      } else {
        id = nextKittyImage
        nextKittyImage = nextKittyImage == UInt32.max ? 1 : nextKittyImage + 1
        kittyImages[placement.source] = id
        bytes.append(contentsOf: outer(KittyGraphics.transmit(base64: base64, id: id)))
      }
      let number = kittyPlacements[placement] ?? nextKittyPlacement
      if kittyPlacements[placement] == nil {
        kittyPlacements[placement] = number
        nextKittyPlacement = nextKittyPlacement == UInt32.max ? 1 : nextKittyPlacement + 1
      }
      let move = Array("\u{1B}[\(origin.y + y + 1);\(origin.x + x + 1)H".utf8)
      let place = KittyGraphics.place(
        id: id, placement: number, columns: encoding.fitted.width, rows: encoding.fitted.height,
        source: encoding.crop)
      if choice.passthrough {
        bytes.append(contentsOf: TmuxPassthrough.wrap(move + place))
      } else {
        bytes.append(contentsOf: move + place)
      }
    }
    return true
  }
}
