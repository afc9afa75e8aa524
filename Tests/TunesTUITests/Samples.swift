import Foundation
import ITunesCatalog
import TestSupport

/// Catalogue items decoded from the shared recordings, for screen tests.
enum Samples {
  /// Every item of a shared recording.
  static func items(_ file: String) throws -> [CatalogItem] {
    try CatalogPage.decode(Fixtures.shared(file)).items
  }

  /// The first item of a kind in a shared recording.
  static func first(_ kind: ItemKind, in file: String) throws -> CatalogItem {
    guard let item = try items(file).first(where: { $0.kind == kind }) else {
      throw SampleError.missing("\(kind) in \(file)")
    }
    return item
  }

  static let songs = "song-search-jack-johnson-sorted-keys.json"
  static let mixed = "mixed-search-jack-johnson-limit25-songs-and-movies.json"
  static let albumTracks = "album-lookup-songs-queen-night-at-the-opera-gb.json"
  static let podcastEpisodes = "podcast-lookup-entity-podcastepisode-joe-budden-6.json"
  static let app = "software-lookup-id-284882215-facebook.json"
  static let japanese = "song-search-japanese-kobukuro-jp-jpy.json"
}

/// A sample that a recording does not hold.
enum SampleError: Error {
  case missing(String)
}
