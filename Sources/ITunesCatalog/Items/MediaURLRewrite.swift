import Foundation

/// Points artwork and preview URLs at another host (`TUNES_MEDIA_BASE`), for tests and demos
/// against the replay server: the base's scheme, host and port replace the URL's, the base's path
/// goes before the URL's path, and the query is kept.
///
/// ```swift
/// let rewrite = MediaURLRewrite(base: "http://127.0.0.1:8080/media")
/// rewrite?.apply(URL(string: "https://audio-ssl.itunes.apple.com/a/b/p.m4a")!)
/// // http://127.0.0.1:8080/media/a/b/p.m4a
/// ```
public struct MediaURLRewrite: Equatable, Sendable {
  /// The environment variable that sets the base.
  public static let environmentKey = "TUNES_MEDIA_BASE"

  /// The base URL.
  public let base: URL

  /// A rewrite to `base`, or `nil` unless it is an absolute http(s) URL with a host.
  public init?(base text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    base = url
  }

  /// The rewrite `TUNES_MEDIA_BASE` asks for in `environment`, if it is set and valid.
  public static func from(environment: [String: String]) -> MediaURLRewrite? {
    environment[environmentKey].flatMap { MediaURLRewrite(base: $0) }
  }

  /// `url` on the base's host, with the base's path before its own.
  public func apply(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let target = URLComponents(url: base, resolvingAgainstBaseURL: false)
    else { return url }
    components.scheme = target.scheme
    components.host = target.host
    components.port = target.port
    var prefix = target.percentEncodedPath
    while prefix.hasSuffix("/") { prefix.removeLast() }
    components.percentEncodedPath = prefix + components.percentEncodedPath
    return components.url ?? url
  }

  /// The item with its artwork and preview URLs rewritten (other links stay on Apple's store).
  public func apply(to item: CatalogItem) -> CatalogItem {
    var item = item
    if let artwork = item.artwork { item.artwork = apply(artwork) }
    if let preview = item.previewURL { item.previewURL = apply(preview) }
    return item
  }
}
