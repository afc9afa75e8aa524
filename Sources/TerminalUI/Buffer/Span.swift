/// A piece of text in one style; a line is an array of spans.
public struct Span: Sendable, Hashable {
  /// The text (sanitize it first if it came from outside).
  public var text: String
  /// Its style.
  public var style: Style

  /// Creates a span.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// The display width of the text.
  public var width: Int { displayWidth(of: text) }
}
