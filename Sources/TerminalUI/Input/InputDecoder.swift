/// Decodes raw terminal input bytes into key, paste, mouse, focus and report events.
///
/// Feed it chunks as they arrive from the terminal; a sequence split across chunks is kept
/// until the rest arrives. A lone ESC cannot be told from the start of a sequence, so when
/// `hasPendingInput` is true after a `feed`, the caller should call `flush()` after a short
/// timeout (e.g. 25 ms) with no new input: a pending lone ESC then becomes the Escape key.
/// Unknown or malformed sequences are dropped without disturbing later input.
public struct InputDecoder: Sendable {
  private var pending: [UInt8] = []
  private var paste: [UInt8]?
  private var skippingSequence = false

  /// The largest paste kept; bytes beyond it are dropped.
  public static let maximumPasteBytes = 4 << 20

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are waiting for the rest of a sequence (outside a bracketed paste), so the
  /// caller should schedule a `flush()`.
  public var hasPendingInput: Bool { paste == nil && !pending.isEmpty }

  /// Whether a bracketed paste has started and not yet ended.
  public var isInPaste: Bool { paste != nil }

  /// Decodes as many events as the bytes so far allow.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var i = 0
    loop: while i < pending.count {
      if skippingSequence {
        let b = pending[i]
        if b >= 0x20 && b <= 0x3F {
          i += 1
          continue
        }
        skippingSequence = false
        if b >= 0x40 && b <= 0x7E { i += 1 }
        continue
      }
      if paste != nil {
        if let end = InputParser.pasteEnd(in: pending, from: i) {
          appendPaste(pending[i..<end])
          events.append(.paste(InputParser.decodePaste(paste ?? [])))
          paste = nil
          i = end + InputParser.pasteTerminator.count
          continue
        }
        let keep = InputParser.partialTerminatorLength(in: pending, from: i)
        appendPaste(pending[i..<(pending.count - keep)])
        i = pending.count - keep
        break loop
      }
      switch InputParser.parse(pending, at: i) {
      case .events(let decoded, let length):
        events.append(contentsOf: decoded)
        i += length
      case .pasteStart(let length):
        paste = []
        i += length
      case .runaway(let length):
        skippingSequence = true
        i += length
      case .incomplete:
        break loop
      }
    }
    pending.removeFirst(i)
    return events
  }

  /// Resolves input left waiting for more bytes: a lone ESC becomes Escape, ESC followed by
  /// one byte becomes that key with Alt, anything else is dropped. Does nothing inside a
  /// bracketed paste.
  public mutating func flush() -> [InputEvent] {
    guard paste == nil, !pending.isEmpty else { return [] }
    defer { pending.removeAll() }
    if pending == [0x1B] { return [.key(.escape, [])] }
    if pending.count == 2, pending[0] == 0x1B, pending[1] >= 0x20, pending[1] < 0x7F {
      return [.key(.character(Character(Unicode.Scalar(pending[1]))), .alt)]
    }
    return []
  }

  private mutating func appendPaste(_ bytes: ArraySlice<UInt8>) {
    guard var current = paste else { return }
    paste = nil
    let room = max(0, Self.maximumPasteBytes - current.count)
    current.append(contentsOf: bytes.prefix(room))
    paste = current
  }
}
