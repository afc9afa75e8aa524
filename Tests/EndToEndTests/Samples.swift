import Foundation

/// Request bodies and import files the tests build.
enum Samples {
  /// A JSON array of `count` favourites in the CLI's item format, ids `first`, `first + 1`, ….
  static func favorites(count: Int, firstID: Int = 1) -> Data {
    var text = "["
    for index in 0..<count {
      let id = firstID + index
      if index > 0 { text += ",\n" }
      text += #"{"id":\#(id),"kind":"song","title":"T \#(id)","author":"A \#(id % 97)"}"#
    }
    return Data((text + "]\n").utf8)
  }

  /// An Apple-style search answer holding songs with these titles (ids 1001, 1002, …).
  static func searchAnswer(titles: [String]) -> Data {
    let results = titles.enumerated().map { index, title in
      """
      {"wrapperType":"track","kind":"song","trackId":\(1001 + index),"artistId":77,\
      "collectionId":88,"artistName":"Test Artist","collectionName":"Test Album",\
      "trackName":"\(title)","trackTimeMillis":200000,"trackPrice":0.99,"currency":"USD",\
      "primaryGenreName":"Rock","releaseDate":"2020-01-02T08:00:00Z","country":"USA"}
      """
    }
    return Data(
      "{\"resultCount\":\(titles.count),\"results\":[\(results.joined(separator: ","))]}".utf8)
  }
}
