import Foundation

/// Lookup answers for made-up ids, built from a shared recording: the Facebook app's result
/// (`software-lookup-id-284882215-facebook.json`) with its `trackId` and `trackName` changed, so
/// bulk lookups can be tested with any number of ids Apple answers as it would.
public enum SyntheticLookup {
  /// The shared recording the results are copied from.
  public static let recording = "software-lookup-id-284882215-facebook.json"

  /// An answer holding one result for each of `ids`, in order (`{"resultCount":N,"results":[…]}`).
  public static func body(for ids: [Int64]) throws -> Data {
    let data = try Fixtures.shared(recording)
    guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let results = document["results"] as? [[String: Any]], let template = results.first
    else { throw Failure("\(recording) has no result to copy") }
    let copies: [[String: Any]] = ids.map { id in
      var result = template
      result["trackId"] = id
      result["trackName"] = "App \(id)"
      return result
    }
    return try JSONSerialization.data(
      withJSONObject: ["resultCount": copies.count, "results": copies] as [String: Any],
      options: [.sortedKeys])
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
