import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import ITunesReplay

/// The demo catalogue's invariants: every kind, every relation resolves, media URLs are
/// Apple-shaped, the same bytes on every run.
@Suite("Demo catalogue")
struct DemoCatalogueTests {
  static let base = URL(test: "http://127.0.0.1:4321")
  static let engine = DemoCatalogue.make(base: base)
  static var us: [CatalogRecord] { engine.records.filter { $0.storefront == "us" } }

  @Test("Every kind Apple sells is there, a few hundred items in all")
  func everyKind() {
    let kinds = Set(Self.us.map(\.kind))
    let wanted: [CatalogRecord.Kind] = [
      .song, .album, .musicArtist, .musicVideo, .movie, .movieArtist, .tvEpisode, .tvSeason,
      .tvArtist, .podcast, .podcastEpisode, .podcastArtist, .audiobook, .ebook, .author,
      .software, .macSoftware, .softwareArtist,
    ]
    for kind in wanted { #expect(kinds.contains(kind), "no \(kind)") }
    #expect(Self.us.count >= 500, "\(Self.us.count) items")
    for kind in wanted where kind != .movieArtist && kind != .podcastArtist {
      #expect(Self.us.filter { $0.kind == kind }.count >= 3, "\(kind)")
    }
  }

  @Test("Every artist and collection an item names exists, and lookups of it find the item")
  func relationsResolve() {
    let artists = Set(Self.us.filter { $0.role == .artist }.map(\.id))
    let collections = Set(
      Self.us.filter { $0.role == .collection || $0.kind == .podcast }.map(\.id))
    for record in Self.us where record.role != .artist {
      if let artist = record.artistID { #expect(artists.contains(artist), "\(record.id)") }
      if record.role == .track, let collection = record.collectionID {
        #expect(collections.contains(collection), "\(record.id) in \(collection)")
      }
    }
    for collection in Self.us where collection.role == .collection {
      let tracks = Self.us.filter { $0.role == .track && $0.collectionID == collection.id }
      #expect(!tracks.isEmpty || collection.kind == .audiobook, "\(collection.id) has no tracks")
    }
    for artist in Self.us where artist.role == .artist {
      #expect(Self.us.contains { $0.role != .artist && $0.artistID == artist.id }, "\(artist.id)")
    }
  }

  @Test("Charts and genre feeds are made on the first request that may want them, not before")
  func feedsMadeLater() throws {
    let engine = DemoCatalogue.make(base: Self.base)
    let later = try #require(engine.servedLater)
    let search = engine.answer(for: ReplayRequestKey(target: "/search?term=golden"))
    #expect(search?.status == 200)
    _ = engine.answer(for: ReplayRequestKey(target: "/lookup?id=1"))
    #expect(!later.isMade)
    let chart = engine.answer(
      for: ReplayRequestKey(target: "/api/v2/us/music/most-played/10/songs.json"))
    #expect(later.isMade)
    #expect(chart?.status == 200)
    let tree = engine.answer(
      for: ReplayRequestKey(target: DemoGenres.servicePath + "?id=34&cc=us"))
    #expect(tree.map { String(decoding: $0.body, as: UTF8.self) }?.contains("\"34\"") == true)
  }

  @Test("Every object decodes as the kind it is, with nothing skipped")
  func decodes() throws {
    let page = try CatalogPage.decode(CatalogEngine.body(Self.us))
    #expect(page.skippedCount == 0)
    #expect(page.items.count == Self.us.count)
    let expected: [CatalogRecord.Kind: ItemKind] = [
      .song: .song, .album: .album, .musicArtist: .artist, .musicVideo: .musicVideo,
      .movie: .featureMovie, .tvEpisode: .tvEpisode, .tvSeason: .tvSeason, .podcast: .podcast,
      .podcastEpisode: .podcastEpisode, .audiobook: .audiobook, .ebook: .ebook,
      .software: .software, .macSoftware: .macSoftware, .author: .artist,
    ]
    for (record, item) in zip(Self.us, page.items) {
      if let kind = expected[record.kind] { #expect(item.kind == kind, "\(record.id)") }
      #expect(item.id == record.id)
      #expect(item.id > 9_100_000_000)
      #expect(!item.title.isEmpty)
    }
  }

  @Test("Artwork is Apple-shaped on the media route; previews are WAV the server makes")
  func media() throws {
    for record in Self.us where record.role != .artist {
      let artwork = try #require(record.string("artworkUrl100"), "\(record.id) has no artwork")
      #expect(artwork.hasPrefix("http://127.0.0.1:4321/media/image/thumb/Demo/"), "\(artwork)")
      #expect(artwork.hasSuffix("/100x100bb.jpg"))
      if let sixty = record.string("artworkUrl60") {
        #expect(sixty == artwork.replacingOccurrences(of: "100x100bb", with: "60x60bb"))
      }
    }
    let previews = Self.us.compactMap { $0.string("previewUrl") }
    #expect(previews.count > 300)
    let prefix = "http://127.0.0.1:4321/media/"
    for preview in previews.prefix(3) + previews.suffix(2) {
      #expect(preview.hasPrefix(prefix))
      let media = try #require(Self.engine.media?(String(preview.dropFirst(prefix.count))))
      #expect(media.contentType == "audio/wav")
      #expect(media.body.prefix(4) == Data("RIFF".utf8))
      #expect(media.body.count == 44 + DemoAudio.sampleRate * 2 * DemoCatalogue.previewSeconds)
    }
    #expect(Self.engine.media?("itunes-assets/AudioPreview/Demo/12.wav") == nil)
    #expect(Self.engine.media?("other/9100000003.wav") == nil)
  }

  @Test("The catalogue is the same on every run")
  func deterministic() {
    let again = DemoCatalogue.make(base: Self.base)
    #expect(again.records.count == Self.engine.records.count)
    #expect(zip(again.records, Self.engine.records).allSatisfy { $0.bytes == $1.bytes })
    #expect(DemoAudio.wav(id: 9_100_000_003) == DemoAudio.wav(id: 9_100_000_003))
    #expect(DemoAudio.wav(id: 9_100_000_003) != DemoAudio.wav(id: 9_100_000_004))
  }

  @Test("Five storefronts, five currencies, Apple's formats")
  func currencies() {
    for (store, currency) in [
      ("us", "USD"), ("gb", "GBP"), ("jp", "JPY"), ("fr", "EUR"), ("ru", "RUB"),
    ] {
      let records = Self.engine.records.filter { $0.storefront == store }
      #expect(records.count == Self.us.count)
      #expect(records.contains { $0.string("currency") == currency }, "\(store)")
    }
    let song = Self.engine.records.first { $0.kind == .song && $0.storefront == "jp" }
    #expect(
      song.map { String(decoding: $0.bytes, as: UTF8.self).contains("\"trackPrice\":") } == true)
    let free = Self.engine.records.first {
      $0.kind == .software && $0.storefront == "fr" && $0.string("formattedPrice") == "Gratuit"
    }
    #expect(free != nil)
  }

  @Test("Names in Japanese, Cyrillic and Arabic; explicit and clean; fields Apple leaves out")
  func variety() {
    let names = Self.us.compactMap { $0.string("artistName") }
    #expect(names.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
    #expect(names.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
    #expect(names.contains { $0.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } })
    #expect(Self.us.contains { $0.explicit && $0.kind == .song })
    #expect(Self.us.contains { !$0.explicit && $0.kind == .song })
    #expect(
      Self.us.contains {
        $0.kind == .song && $0.string("trackCensoredName") != $0.string("trackName")
      })
    let movies = Self.us.filter { $0.kind == .movie }
    #expect(movies.filter { $0.artistID == nil }.count > movies.count / 2)
    let compilation = Self.us.first { $0.string("artistName") == "Various Artists" }
    #expect(compilation?.string("artistViewUrl") == nil)
    #expect(
      compilation.map {
        String(decoding: $0.bytes, as: UTF8.self).contains("\"collectionPrice\":-1.00")
      } == true)
    #expect(Self.us.contains { $0.kind == .musicArtist && $0.integer("amgArtistId") == nil })
    #expect(Self.us.contains { $0.kind == .musicVideo && $0.string("collectionName") == nil })
    #expect(Self.us.allSatisfy { $0.role != .artist || $0.string("artworkUrl100") == nil })
  }
}
