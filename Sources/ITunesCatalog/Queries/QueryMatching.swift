import Foundation

/// How a typed text finds remembered searches: the one matcher behind the app's suggestions and
/// `tunes history --match`.
public enum QueryMatching {
  /// Whether a remembered `query` matches what has been `typed`: blank text matches
  /// everything; otherwise a substring test after folding case (full Unicode folding: 'мУз'
  /// finds 'Музыка'), accents ('bjork' finds 'Björk') and width in both.
  public static func matches(_ query: String, typed: String) -> Bool {
    let needle = typed.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return true }
    let options: String.CompareOptions = [
      .caseInsensitive, .diacriticInsensitive, .widthInsensitive,
    ]
    return query.folding(options: options, locale: nil)
      .contains(needle.folding(options: options, locale: nil))
  }

  /// The remembered searches matching `typed`, in the order given (newest first), at most
  /// `limit` of them.
  public static func suggestions(for typed: String, in history: [String], limit: Int = 5)
    -> [String]
  {
    Array(history.lazy.filter { matches($0, typed: typed) }.prefix(limit))
  }
}
