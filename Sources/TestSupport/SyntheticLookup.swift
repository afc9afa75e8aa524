import Foundation

/// Lookup answers for made-up ids, built from a shared recording: the Facebook app's result
/// (`software-lookup-id-284882215-facebook.json`) with its `trackId` and `trackName` changed, so
/// bulk lookups can be tested with any number of ids Apple answers as it would.
public enum SyntheticLookup {
  /// The shared recording the results are copied from.
  public static let recording = "software-lookup-id-284882215-facebook.json"

  /// An answer holding one result for each of `ids`, in order (`{"resultCount":N,"results":[…]}`).
  public static func body(for ids: [Int64]) throws -> Data {
    let (before, middle, after) = try template.get()
    var text = "{\"resultCount\":\(ids.count),\"results\":["
    text.reserveCapacity(
      ids.count * (before.utf8.count + middle.utf8.count + after.utf8.count + 32))
    for (index, id) in ids.enumerated() {
      if index > 0 { text += "," }
      text += before + String(id) + middle + "App \(id)" + after
    }
    return Data((text + "]}").utf8)
  }

  /// The recorded result written once with markers for the id and the name, cut around them
  /// (so a body of 1,000 results is string joins, not 1,000 serializations).
  private static let template: Result<(String, String, String), any Error> = Result {
    let data = try Fixtures.shared(recording)
    guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let results = document["results"] as? [[String: Any]], var result = results.first
    else { throw Failure("\(recording) has no result to copy") }
    result["trackId"] = 987_654_321_987
    result["trackName"] = "NAME-MARKER"
    let text = String(
      decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]),
      as: UTF8.self)
    guard let id = text.range(of: "987654321987"), let name = text.range(of: "NAME-MARKER"),
      id.upperBound <= name.lowerBound
    else { throw Failure("\(recording): markers not found in its copy") }
    return (
      String(text[..<id.lowerBound]), String(text[id.upperBound..<name.lowerBound]),
      String(text[name.upperBound...])
    )
  }

  /// The ids of a lookup request's `id` parameter (`/lookup?id=1,2,3` → `[1, 2, 3]`).
  public static func ids(inQuery value: String) -> [Int64] {
    value.split(separator: ",").compactMap { Int64($0) }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
