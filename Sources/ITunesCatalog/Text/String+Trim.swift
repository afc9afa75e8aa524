extension String {
  /// The text without leading and trailing ASCII white space (space, tab, CR, LF). Much cheaper than
  /// Foundation's `trimmingCharacters(in:)`, which bridges through NSString on Linux.
  var trimmedASCIIWhitespace: String {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    // Native strings are contiguous: look at the two ends of the buffer (the common answer is "nothing
    // to trim", decided by two bytes).
    let untouched = utf8.withContiguousStorageIfAvailable { bytes in
      guard let first = bytes.first, let last = bytes.last else { return true }
      return !isSpace(first) && !isSpace(last)
    }
    if untouched == true { return self }
    let utf8 = self.utf8
    guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
    var end = utf8.endIndex
    while end > first, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
    if first == utf8.startIndex, end == utf8.endIndex { return self }
    return String(self[first..<end])
  }
}

extension Substring {
  /// See `String.trimmedASCIIWhitespace`.
  var trimmedASCIIWhitespace: String { String(self).trimmedASCIIWhitespace }
}
