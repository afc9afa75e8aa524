/// One row of a `ListView`: text and an optional highlighted range (e.g. the part of a
/// suggestion that matches the query).
public struct ListItem: Sendable, Hashable {
  /// The text (sanitized when created).
  public var text: String
  /// Style of the row.
  public var style: Style
  /// Grapheme-cluster offsets of the highlighted part, or `nil`.
  public var highlight: Range<Int>?

  /// Creates an item; `text` is sanitized to one line.
  public init(_ text: String, style: Style = .plain, highlight: Range<Int>? = nil) {
    self.text = sanitize(text)
    self.style = style
    self.highlight = highlight
  }

  /// An item highlighting the first case-insensitive occurrence of `query` in `text`.
  public static func matching(_ text: String, query: String, style: Style = .plain) -> ListItem {
    var item = ListItem(text, style: style)
    let haystack = item.text.map { $0.lowercased() }
    let needle = sanitize(query).map { $0.lowercased() }
    guard !needle.isEmpty, needle.count <= haystack.count else { return item }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      item.highlight = start..<(start + needle.count)
      break
    }
    return item
  }

  /// The text split into spans: before, highlighted, after.
  func spans(highlightStyle: Style) -> [Span] {
    guard let range = highlight else { return [Span(text, style: style)] }
    let chars = Array(text)
    let lower = max(0, min(chars.count, range.lowerBound))
    let upper = max(lower, min(chars.count, range.upperBound))
    return [
      Span(String(chars[..<lower]), style: style),
      Span(String(chars[lower..<upper]), style: highlightStyle.patched(onto: style)),
      Span(String(chars[upper...]), style: style),
    ]
  }
}
