extension JSONCursor {
  /// Moves past one value (the cursor is on its first byte) without building it, rejecting exactly what
  /// `parseValue(depth:)` rejects: the same grammar, depth limit and UTF-8 checks.
  mutating func skipValue(depth: Int) throws(Failure) {
    guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
    case UInt8(ascii: "["): try skipArray(depth: depth + 1)
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    default: _ = try parseValue(depth: depth)  // literals and errors: nothing to allocate
    }
  }

  /// Moves past a string (the cursor is on its opening quote), validating it.
  mutating func skipString() throws(Failure) {
    let start = index + 1
    guard let raw = try scanRawString() else {
      _ = try parseEscapedString(from: start)
      return
    }
    if !raw.isASCII { _ = try string(raw) }
  }

  private mutating func skipObject(depth: Int) throws(Failure) {
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
      guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
      try skipString()
      try expectColon()
      try skipValue(depth: depth)
      if try atEndOfMembers() { return }
    }
  }

  /// Moves past a list (the cursor is on `[`; `depth` as for `parseValue(depth:)`), validating
  /// its elements without building them, and returns how many there were.
  mutating func countElements(depth: Int) throws(Failure) -> Int {
    let depth = depth + 1
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return 0
    }
    var count = 0
    while true {
      skipWhitespace()
      try skipValue(depth: depth)
      count += 1
      if try atEndOfElements() { return count }
    }
  }

  private mutating func skipArray(depth: Int) throws(Failure) {
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try skipValue(depth: depth)
      if try atEndOfElements() { return }
    }
  }

  /// Moves past white space, a colon and white space after a member name.
  mutating func expectColon() throws(Failure) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw fail(index < bytes.count ? "expected ':'" : "the document ends early (truncated?)")
    }
    index += 1
    skipWhitespace()
  }

  /// After a member's value: `false` past a comma (another member follows), `true` past the `}`.
  mutating func atEndOfMembers() throws(Failure) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return false
    }
    guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
    index += 1
    return true
  }

  /// After an element: `false` past a comma (another element follows), `true` past the `]`.
  mutating func atEndOfElements() throws(Failure) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return false
    }
    guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
    index += 1
    return true
  }
}
