import Foundation

/// Everything that can go wrong while building a catalogue request or reading an answer.
///
/// Grouped by phase: `request` cases are raised before anything is sent; `response` cases describe an
/// answer that arrived but cannot be used.
public enum CatalogError: Error, Equatable, Sendable {
  // MARK: Request (raised before any request is made)

  /// The search term is empty or only white space.
  case emptyTerm
  /// A parameter has a value outside its allowed set; `allowed` lists what would be accepted.
  case invalidValue(parameter: String, value: String, allowed: [String])
  /// A number is outside its allowed range.
  case outOfRange(parameter: String, value: Int, range: ClosedRange<Int>)
  /// An entity or attribute that exists, but not for the chosen media.
  case notValidForMedia(parameter: String, value: String, media: String, allowed: [String])
  /// A lookup with no key, or with keys that cannot be combined.
  case invalidLookup(String)

  // MARK: Response (an answer arrived but cannot be used)

  /// Apple answered with its error object, `{"errorMessage": …}`.
  case apple(message: String)
  /// The body is not JSON (an HTML error page, an empty body, cut-off or invalid bytes).
  case malformed(reason: String)
  /// The body is JSON, but not an iTunes Search/Lookup document (for example a proxy's wrapper).
  case notITunesDocument(reason: String)
  /// The body is JSON, but not a chart feed or genre-service answer of the expected shape.
  case notFeed(reason: String)
  /// The genre service knows no genre with this id.
  case unknownGenre(Int)
}

extension CatalogError: LocalizedError {
  /// What happened, in one sentence.
  public var errorDescription: String? {
    switch self {
    case .emptyTerm:
      return "The search term is empty."
    case .invalidValue(let parameter, let value, let allowed):
      return "\"\(value)\" is not a valid \(parameter). Allowed: \(Self.list(allowed))."
    case .outOfRange(let parameter, let value, let range):
      return "\(parameter) \(value) is out of range: it must be from \(range.lowerBound) to "
        + "\(range.upperBound)."
    case .notValidForMedia(let parameter, let value, let media, let allowed):
      return "\(parameter) \"\(value)\" does not go with media \"\(media)\". "
        + "Allowed for \(media): \(allowed.isEmpty ? "none" : Self.list(allowed))."
    case .invalidLookup(let reason):
      return reason
    case .apple(let message):
      return "Apple rejected the request: \(message)"
    case .malformed(let reason):
      return "The server's answer could not be read: \(reason)."
    case .notITunesDocument(let reason):
      return "The server's answer is not an iTunes Search API document: \(reason)."
    case .notFeed(let reason):
      return "The server's answer is not a chart feed or genre list: \(reason)."
    case .unknownGenre(let id):
      return "Apple knows no genre \(id)."
    }
  }

  /// What a person can do about it, in words any front end can show (no command-line flags or
  /// keys: the command line and the app each add their own advice).
  public var recoverySuggestion: String? {
    switch self {
    case .emptyTerm:
      return "Give a word to search for, e.g. jack johnson."
    case .invalidValue, .outOfRange, .notValidForMedia, .invalidLookup:
      return "Correct the value and try again."
    case .apple:
      return "Check the ids and parameters; Apple's message names the key it did not accept."
    case .malformed, .notITunesDocument, .notFeed:
      return
        "Try again later; if it persists, check that the API base URL points at the iTunes API."
    case .unknownGenre:
      return "Pick a genre from the list of the medium's genres."
    }
  }

  private static func list(_ values: [String]) -> String {
    values.count > 30
      ? values.prefix(30).joined(separator: ", ") + ", …" : values.joined(separator: ", ")
  }
}
