import Foundation

/// A request to one of Apple's document services beside the Search API: the chart feeds (v2 on
/// `rss.applemarketingtools.com`, legacy on `itunes.apple.com/{cc}/rss/…`) and the genre service.
///
/// Like `CatalogRequest` it is what a transport sends and what the response cache is keyed by
/// (`canonicalKey`). Its `host` says which Apple host it belongs to; with an API base set, every
/// request goes to that base instead, with its path kept.
public struct FeedRequest: Hashable, Sendable {
  /// The Apple host a request belongs to.
  public enum Host: String, Hashable, Sendable, CaseIterable {
    /// `itunes.apple.com`: legacy feeds and the genre service (and search and lookup).
    case itunes = "itunes.apple.com"
    /// `rss.applemarketingtools.com`: the v2 chart feeds.
    case marketingTools = "rss.applemarketingtools.com"

    /// The host's base URL, e.g. `https://rss.applemarketingtools.com`.
    public var baseURLString: String { "https://" + rawValue }
  }

  /// What the answer is, so it can be decoded (and checked before it is cached).
  public enum Document: Hashable, Sendable {
    /// A chart feed; `expected` is the kind of its entries when the feed does not say.
    case chart(expected: ItemKind?)
    /// The genre service's tree.
    case genres(id: Int)
  }

  /// The Apple host this request belongs to (pacing counts per host).
  public var host: Host
  /// The path, already percent-encoded, e.g. `/api/v2/us/music/most-played/25/songs.json`.
  public var path: String
  /// The query parameters, in the order they are sent.
  public var parameters: [CatalogRequest.Parameter]
  /// What the answer is.
  public var document: Document

  /// Makes a request.
  public init(
    host: Host, path: String, parameters: [CatalogRequest.Parameter] = [], document: Document
  ) {
    self.host = host
    self.path = path
    self.parameters = parameters
    self.document = document
  }

  /// Path and query, e.g. `/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=us`.
  public var pathAndQuery: String {
    let query = parameters.map {
      QueryEncoding.encode($0.name) + "=" + QueryEncoding.encode($0.value)
    }
    return path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  /// A key that is the same for the same request whatever the parameter order.
  public var canonicalKey: String {
    let sorted = parameters.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    return FeedRequest(host: host, path: path, parameters: sorted, document: document)
      .pathAndQuery
  }

  /// The full URL: below `base` when one is set (its path prefix kept), else on Apple's host.
  public func url(relativeTo base: URL?) -> URL? {
    var text = base?.absoluteString ?? host.baseURLString
    while text.hasSuffix("/") { text.removeLast() }
    return URL(string: text + pathAndQuery)
  }
}
