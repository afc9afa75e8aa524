import ITunesCatalog

/// The canonical form of a request, so that requests which must get the same answer compare equal.
///
/// Rules, in order:
/// - the path is percent-decoded, a trailing `/` is dropped, and a scheme and host are removed;
/// - `+` and `%20` are spaces, percent-encoding differences vanish, parameter order is ignored and
///   parameter names are compared without case;
/// - `term` is lowercased, trimmed, and runs of white space become one space;
/// - `country`, `lang`, `explicit`, `media`, `entity`, `attribute` and `output` values are
///   compared without case; spaces around the commas of an `id` list are dropped;
/// - parameters that cannot change Apple's answer are removed: `_` (a cache-buster, any value),
///   `country=us`, `lang=en_us`, `explicit=yes`, `version=2`, `media=all`, `output=json`,
///   `cc=us` (the genre service's storefront) (the defaults), `limit=50` on `/search` only, and
///   empty values.
package struct ReplayRequestKey: Hashable, Sendable, CustomStringConvertible {
  /// ASCII bytes kept as they are in a canonical query value, beyond the coder's own
  /// letters, digits and `.-_*`.
  static let queryCharacters: Set<UInt8> = Set(Array("~,".utf8))
  /// ASCII bytes kept as they are in a canonical path: the query set plus `/=:`.
  static let pathCharacters: Set<UInt8> = queryCharacters.union(Array("/=:".utf8))

  /// The decoded path, e.g. `/search`.
  package let path: String
  /// The remaining parameters as sorted (name, value) pairs, names lowercased.
  package let parameters: [Parameter]

  /// One query parameter after normalisation.
  package struct Parameter: Hashable, Sendable, Comparable {
    /// The lowercased parameter name.
    package let name: String
    /// The normalised value.
    package let value: String

    /// Orders by name, then value.
    package static func < (lhs: Parameter, rhs: Parameter) -> Bool {
      (lhs.name, lhs.value) < (rhs.name, rhs.value)
    }
  }

  private static let caseInsensitiveValues: Set<String> = [
    "country", "lang", "explicit", "media", "entity", "attribute", "output", "cc",
  ]
  private static let defaults: Set<Parameter> = [
    Parameter(name: "country", value: "us"),
    Parameter(name: "lang", value: "en_us"),
    Parameter(name: "explicit", value: "yes"),
    Parameter(name: "version", value: "2"),
    Parameter(name: "media", value: "all"),
    Parameter(name: "output", value: "json"),
    Parameter(name: "cc", value: "us"),
  ]
  /// Apple's default `limit` for search (lookup's default depends on `entity`, so it stays).
  private static let searchDefaultLimit = Parameter(name: "limit", value: "50")
  private static let cacheBusters: Set<String> = ["_"]

  /// Parses a request target such as `/search?term=Jack%20Johnson&limit=3`.
  package init(target: String) {
    var rest = Substring(target)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    if let scheme = rest.range(of: "://") {
      let afterScheme = rest[scheme.upperBound...]
      rest =
        afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterScheme[$0...] } ?? ""
    }
    let pathPart: Substring
    let queryPart: Substring
    if let question = rest.firstIndex(of: "?") {
      pathPart = rest[..<question]
      queryPart = rest[rest.index(after: question)...]
    } else {
      pathPart = rest
      queryPart = ""
    }
    var path = QueryEncoding.decode(pathPart, plusIsSpace: false)
    if path.isEmpty || !path.hasPrefix("/") { path = "/" + path }
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.path = path
    var parameters = Self.normalise(queryPart)
    if path == "/search" { parameters.removeAll { $0 == Self.searchDefaultLimit } }
    self.parameters = parameters
  }

  private static func normalise(_ query: Substring) -> [Parameter] {
    var result: [Parameter] = []
    for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
      let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = QueryEncoding.decode(pair[0]).lowercased()
      let rawValue = pair.count > 1 ? QueryEncoding.decode(pair[1]) : ""
      let value = normaliseValue(rawValue, for: name)
      guard !name.isEmpty, !value.isEmpty, !cacheBusters.contains(name) else { continue }
      let parameter = Parameter(name: name, value: value)
      if defaults.contains(parameter) { continue }
      result.append(parameter)
    }
    return result.sorted()
  }

  private static func normaliseValue(_ value: String, for name: String) -> String {
    switch name {
    case "term":
      return value.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    case "id":
      return value.split(separator: ",").map { $0.trimmingSpaces() }.joined(separator: ",")
    case "lang":
      return value.trimmingSpaces().lowercased().replacingOccurrences(of: "-", with: "_")
    case _ where caseInsensitiveValues.contains(name):
      return value.trimmingSpaces().lowercased()
    default:
      return value
    }
  }

  /// The canonical request, e.g. `/search?entity=album&term=missy+elliott`.
  package var description: String {
    let path = QueryEncoding.encode(self.path, alsoKeeping: Self.pathCharacters)
    guard !parameters.isEmpty else { return path }
    let query = parameters.map {
      QueryEncoding.encode($0.name, alsoKeeping: Self.queryCharacters) + "="
        + QueryEncoding.encode($0.value, alsoKeeping: Self.queryCharacters)
    }
    return path + "?" + query.joined(separator: "&")
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    String(
      self.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
  }
}
