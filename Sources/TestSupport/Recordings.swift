import Foundation
import ITunesCatalog

/// Catalogue items decoded from the shared recordings in `../shared/fixtures/itunes`, and the
/// names of the recordings the tests use most.
public enum Recordings {
  /// Every item of a shared recording.
  public static func items(_ file: String) throws -> [CatalogItem] {
    try CatalogPage.decode(Fixtures.shared(file)).items
  }

  /// The first item of a kind in a shared recording.
  /// - Throws: ``RecordingError/missing(_:)`` when the recording holds no such item.
  public static func first(_ kind: ItemKind, in file: String) throws -> CatalogItem {
    guard let item = try items(file).first(where: { $0.kind == kind }) else {
      throw RecordingError.missing("\(kind) in \(file)")
    }
    return item
  }

  /// Jack Johnson songs, keys sorted.
  public static let songs = "song-search-jack-johnson-sorted-keys.json"
  /// 8 songs and 17 movies.
  public static let mixed = "mixed-search-jack-johnson-limit25-songs-and-movies.json"
  /// Queen's A Night at the Opera with its tracks (GB store).
  public static let albumTracks = "album-lookup-songs-queen-night-at-the-opera-gb.json"
  /// A podcast with six episodes.
  public static let podcastEpisodes = "podcast-lookup-entity-podcastepisode-joe-budden-6.json"
  /// The Facebook app.
  public static let app = "software-lookup-id-284882215-facebook.json"
  /// The recorded lookup of Slayer's artist record (the artist alone).
  public static let artist = "artist-lookup-slayer-gb.extracted-body.json"
  /// Japanese songs priced in yen.
  public static let japanese = "song-search-japanese-kobukuro-jp-jpy.json"
}

/// A sample that a recording does not hold.
public enum RecordingError: Error {
  /// The described item is not in the recording.
  case missing(String)
}
