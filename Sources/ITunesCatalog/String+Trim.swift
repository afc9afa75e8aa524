extension String {
  /// The text without leading and trailing ASCII white space (space, tab, CR, LF). Much cheaper than
  /// Foundation's `trimmingCharacters(in:)`, which bridges through NSString on Linux.
  var trimmedASCIIWhitespace: String {
    let utf8 = self.utf8
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
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
