/// Chart-feed paths without their limit, so one recording answers a feed whatever the limit.
///
/// - v1/v2: `/api/v2/{cc}/{media}/{chart}/{n}/{type}.json` → the `n` segment becomes `*`;
/// - legacy: `/{cc}/rss/{feed}/limit=N/genre=G/json` → the `limit=` segment is dropped and the
///   other `key=value` segments are sorted.
///
/// The country and feed names are compared without case. Other paths give `nil`.
enum FeedPath {
  static func limitless(_ path: String) -> String? {
    var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if parts.count >= 6, parts[0] == "api", parts[1].hasPrefix("v"),
      parts[parts.count - 1].hasSuffix(".json"), Int(parts[parts.count - 2]) != nil
    {
      parts[2] = parts[2].lowercased()
      parts[parts.count - 2] = "*"
      return "/" + parts.joined(separator: "/")
    }
    if parts.count >= 4, parts[1] == "rss", parts[parts.count - 1].lowercased() == "json" {
      let head = [parts[0].lowercased(), "rss", parts[2].lowercased()]
      let options = parts[3..<(parts.count - 1)].filter { !$0.lowercased().hasPrefix("limit=") }
        .map { $0.lowercased() }.sorted()
      return "/" + (head + options + ["json"]).joined(separator: "/")
    }
    return nil
  }
}
