/// The editable text of a single-line field, with a cursor counted in grapheme clusters.
///
/// Keys follow readline: ←/→, Home/End, Ctrl-A/E (start/end), Ctrl-B/F (left/right),
/// Ctrl-W (delete word before), Ctrl-U (delete to start), Ctrl-K (delete to end),
/// Backspace/Ctrl-H, Delete/Ctrl-D, Alt-B/F and Ctrl-←/→ (word left/right).
public struct TextFieldState: Sendable, Hashable {
  /// The text, one element per grapheme cluster.
  public private(set) var characters: [Character]
  /// The cursor: the number of clusters before it (0...characters.count).
  public private(set) var cursor: Int
  /// The first display column shown (horizontal scrolling); kept by `TextField.render`.
  public var scrollOffset: Int = 0

  /// Creates a state with the cursor at the end of `text` (sanitized to one line).
  public init(text: String = "") {
    characters = Array(sanitize(text))
    cursor = characters.count
  }

  /// The text as a string.
  public var text: String { String(characters) }

  /// Replaces the whole text and puts the cursor at the end.
  public mutating func setText(_ text: String) {
    characters = Array(sanitize(text))
    cursor = characters.count
  }

  /// Moves the cursor to a cluster index (clamped).
  public mutating func moveCursor(to index: Int) {
    cursor = max(0, min(characters.count, index))
  }

  /// Inserts text at the cursor (sanitized to one line) and moves past it.
  public mutating func insert(_ string: String) {
    let clean = sanitize(string)
    guard !clean.isEmpty else { return }
    // Re-segment around the cursor so combining marks join the cluster before them.
    let before = String(characters[..<cursor]) + clean
    let after = characters[cursor...]
    let merged = Array(before)
    characters = merged + after
    cursor = merged.count
  }

  /// Deletes the cluster before the cursor.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  /// Deletes the cluster after the cursor.
  public mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  /// Deletes the word before the cursor (and the spaces between it and the cursor).
  public mutating func deleteWordBackward() {
    let start = wordStart(before: cursor)
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Deletes everything before the cursor.
  public mutating func deleteToStart() {
    characters.removeSubrange(0..<cursor)
    cursor = 0
  }

  /// Deletes everything after the cursor.
  public mutating func deleteToEnd() {
    characters.removeSubrange(cursor...)
  }

  private func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0 && characters[i - 1].isWhitespace { i -= 1 }
    while i > 0 && !characters[i - 1].isWhitespace { i -= 1 }
    return i
  }

  private func wordEnd(after index: Int) -> Int {
    var i = index
    while i < characters.count && characters[i].isWhitespace { i += 1 }
    while i < characters.count && !characters[i].isWhitespace { i += 1 }
    return i
  }

  /// Applies an editing key. Returns whether the key was an editing key (handled), so the
  /// caller can give other keys to other handlers.
  @discardableResult
  public mutating func handle(_ key: Key, modifiers: KeyModifiers = []) -> Bool {
    if modifiers.contains(.control), case .character(let c) = key {
      switch c {
      case "a": cursor = 0
      case "e": cursor = characters.count
      case "b": moveCursor(to: cursor - 1)
      case "f": moveCursor(to: cursor + 1)
      case "w": deleteWordBackward()
      case "u": deleteToStart()
      case "k": deleteToEnd()
      case "h": deleteBackward()
      case "d": deleteForward()
      default: return false
      }
      return true
    }
    if modifiers.contains(.alt), case .character(let c) = key {
      switch c {
      case "b": cursor = wordStart(before: cursor)
      case "f": cursor = wordEnd(after: cursor)
      default: return false
      }
      return true
    }
    let word = modifiers.contains(.control) || modifiers.contains(.alt)
    switch key {
    case .character(let c):
      insert(String(c))
    case .left:
      cursor = word ? wordStart(before: cursor) : max(0, cursor - 1)
    case .right:
      cursor = word ? wordEnd(after: cursor) : min(characters.count, cursor + 1)
    case .home:
      cursor = 0
    case .end:
      cursor = characters.count
    case .backspace:
      if word { deleteWordBackward() } else { deleteBackward() }
    case .delete:
      deleteForward()
    default:
      return false
    }
    return true
  }

  /// The display column of the cursor within the whole text.
  public var cursorColumn: Int {
    var column = 0
    for c in characters[..<cursor] { column += displayWidth(of: c) }
    return column
  }
}
