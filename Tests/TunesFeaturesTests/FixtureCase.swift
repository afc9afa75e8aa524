import ITunesCatalog

/// One item of a fixture, by file and position, with the kind it must have.
struct FixtureCase: Sendable, CustomStringConvertible {
  enum Source: Sendable { case shared, own }
  var source: Source
  var file: String
  var index: Int
  var kind: ItemKind

  init(_ source: Source, _ file: String, _ index: Int, _ kind: ItemKind) {
    self.source = source
    self.file = file
    self.index = index
    self.kind = kind
  }

  var description: String { "\(file)[\(index)] \(kind.displayName)" }

  func load() throws -> CatalogItem {
    let page = try source == .shared ? Samples.shared(file) : Samples.own(file)
    return page.items[index]
  }

  static let tv = FixtureCase(.own, "tv-episode-search.json", 0, .tvEpisode)
  static let tvSeason = FixtureCase(.own, "tv-episode-search.json", 1, .tvSeason)
  static let audiobook = FixtureCase(.own, "audiobook-search.json", 0, .audiobook)
  static let macApp = FixtureCase(.own, "mac-app-lookup.json", 0, .macSoftware)
  static let ebook = FixtureCase(.own, "ebook-and-quirks.json", 0, .ebook)
  static let other = FixtureCase(.own, "ebook-and-quirks.json", 1, .other("coached-audio"))
  static let bareSong = FixtureCase(.own, "ebook-and-quirks.json", 2, .song)
  static let app = FixtureCase(.shared, "software-lookup-id-284882215-facebook.json", 0, .software)
  static let album = FixtureCase(.shared, "album-search-missy-elliott-explicit.json", 0, .album)
  static let artist = FixtureCase(.shared, "artist-search-travis-scott-modern.json", 0, .artist)
  static let song = FixtureCase(.shared, "song-search-jack-johnson-sorted-keys.json", 0, .song)
  static let movie = FixtureCase(
    .shared, "mixed-search-jack-johnson-limit25-songs-and-movies.json", 1, .featureMovie)
  static let podcast = FixtureCase(
    .shared, "podcast-lookup-entity-podcastepisode-joe-budden-6.json", 0, .podcast)
  static let episode = FixtureCase(
    .shared, "podcast-lookup-entity-podcastepisode-joe-budden-6.json", 1, .podcastEpisode)
}
