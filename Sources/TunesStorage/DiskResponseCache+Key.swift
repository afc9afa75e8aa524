import Foundation

extension DiskResponseCache {
  /// The canonical cache key of a request URL: lower-case scheme and host, the path, and the query
  /// parameters sorted by name then value, so parameter order never splits the cache.
  ///
  /// `https://itunes.apple.com/search?term=a&media=music` and `…?media=music&term=a` give the same key.
  public static func key(for url: URL) -> String {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    let parameters = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    var prefix =
      (components.scheme?.lowercased() ?? "") + "://"
      + (components.host?.lowercased() ?? "")
    if let port = components.port { prefix += ":\(port)" }
    return key(path: prefix + components.path, parameters: parameters)
  }

  /// The canonical key of a request given as a path (or base URL) and its parameters, which are
  /// sorted by name then value and percent-encoded.
  public static func key(path: String, parameters: [(String, String)]) -> String {
    let sorted = parameters.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
    guard !sorted.isEmpty else { return path }
    return path + "?" + sorted.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
  }

  /// The canonical key of a request given as a path and a parameter dictionary.
  public static func key(path: String, parameters: [String: String]) -> String {
    key(path: path, parameters: parameters.map { ($0.key, $0.value) })
  }

  private static func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
