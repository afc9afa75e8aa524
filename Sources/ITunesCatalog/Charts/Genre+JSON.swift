/// The JSON shape of a genre tree, shared by `tunes genres --format json` and `tunes mcp`.
extension Genre {
  /// The tree as nested JSON: `id`, `name`, `url`, `charts` (tunes' chart names), `feeds`
  /// (Apple's keys → URLs), `subgenres` down to `depth` levels (`nil`: all of them).
  public func jsonValue(depth: Int?) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .number(JSONNumber(text: String(id)))), ("name", .string(name)),
    ]
    if let url = storeURLText { members.append(("url", .string(url))) }
    if !charts.isEmpty {
      members.append(("charts", .array(charts.map { .string($0.rawValue) })))
    }
    if !feeds.isEmpty {
      members.append(("feeds", .object(feeds.map { ($0.name, .string($0.urlText)) })))
    }
    if !subgenres.isEmpty, depth.map({ $0 > 0 }) ?? true {
      let next = depth.map { $0 - 1 }
      members.append(("subgenres", .array(subgenres.map { $0.jsonValue(depth: next) })))
    }
    return .object(members)
  }
}
