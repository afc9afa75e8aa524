/// An editing step in the query box, named by what it does (the key map decides which key
/// does it: readline's keys in the terminal).
public enum QueryEdit: Equatable, Sendable {
  /// Inserts text at the cursor (already made one line and free of control characters).
  case insert(String)
  /// Deletes the character before the cursor.
  case deleteBackward
  /// Deletes the character after the cursor.
  case deleteForward
  /// Deletes the word before the cursor (and the spaces between it and the cursor).
  case deleteWordBackward
  /// Deletes everything before the cursor.
  case deleteToStart
  /// Deletes everything after the cursor.
  case deleteToEnd
  /// Moves the cursor one character left.
  case moveLeft
  /// Moves the cursor one character right.
  case moveRight
  /// Moves the cursor to the start of the word before it.
  case moveWordLeft
  /// Moves the cursor past the end of the word after it.
  case moveWordRight
  /// Moves the cursor to the start.
  case moveToStart
  /// Moves the cursor to the end.
  case moveToEnd
}

/// The query text with its cursor, counted in grapheme clusters.
public struct QueryText: Equatable, Sendable {
  /// The text.
  public private(set) var text: String
  /// The cursor: the number of characters before it (`0...text.count`).
  public private(set) var cursor: Int

  /// The text with the cursor at `cursor` (clamped), or at the end when `nil`.
  public init(_ text: String = "", cursor: Int? = nil) {
    self.text = text
    self.cursor = max(0, min(text.count, cursor ?? text.count))
  }

  /// Applies an edit.
  public mutating func apply(_ edit: QueryEdit) {
    var characters = Array(text)
    switch edit {
    case .insert(let string):
      guard !string.isEmpty else { return }
      // Re-segment around the cursor so combining marks join the character before them.
      let before = Array(String(characters[..<cursor]) + string)
      characters = before + characters[cursor...]
      cursor = before.count
    case .deleteBackward:
      guard cursor > 0 else { return }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return }
      characters.remove(at: cursor)
    case .deleteWordBackward:
      let start = Self.wordStart(characters, before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    case .moveLeft: cursor = max(0, cursor - 1)
    case .moveRight: cursor = min(characters.count, cursor + 1)
    case .moveWordLeft: cursor = Self.wordStart(characters, before: cursor)
    case .moveWordRight: cursor = Self.wordEnd(characters, after: cursor)
    case .moveToStart: cursor = 0
    case .moveToEnd: cursor = characters.count
    }
    text = String(characters)
  }

  private static func wordStart(_ characters: [Character], before index: Int) -> Int {
    var i = index
    while i > 0 && characters[i - 1].isWhitespace { i -= 1 }
    while i > 0 && !characters[i - 1].isWhitespace { i -= 1 }
    return i
  }

  private static func wordEnd(_ characters: [Character], after index: Int) -> Int {
    var i = index
    while i < characters.count && characters[i].isWhitespace { i += 1 }
    while i < characters.count && !characters[i].isWhitespace { i += 1 }
    return i
  }
}
