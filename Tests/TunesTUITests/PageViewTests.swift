import ITunesCatalog
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

/// The lists of the album and artist pages, drawn from the shared recordings.
@Suite("Album and artist pages")
struct PageViewTests {
  @Test("an album's track list: price after the length, [E], the total length in the heading")
  func albumTracks() throws {
    let all = try Recordings.items(Recordings.albumTracks)
    let album = try #require(all.first { $0.kind == .album })
    let songs = all.filter { $0.kind == .song }
    let model = DetailViewModel(item: album, details: .loaded(album), tracks: .loaded(songs))
    let total = songs.compactMap(\.durationMillis).reduce(0, +)
    #expect(songs.allSatisfy { $0.durationMillis != nil })
    #expect(
      model.tracksNote(songs) == "\(songs.count) · " + DurationText.format(milliseconds: total))
    let first = try #require(songs.first)
    let row = DetailView.trackRow(first, number: 1, priced: true)
    let price = try #require(first.formattedPrice)
    let length = try #require(first.formattedDuration)
    #expect(row.trailing == "\(length) · \(price)")
    var explicit = first
    explicit.explicitness = .explicit
    #expect(DetailView.trackRow(explicit, number: 1).title.hasSuffix("[E]"))
    // A track without a length: no total (a wrong sum is worse than none).
    var unknown = songs
    unknown[0].durationMillis = nil
    #expect(model.tracksNote(unknown) == String(songs.count))
    let text = BufferSnapshot.textLayer(DetailView(model: model).document(width: 100).buffer)
    #expect(text.contains("Tracks"))
    let copyright = try #require(album.copyright)
    #expect(text.contains(String(copyright.prefix(20))))
  }

  @Test("an artist page's albums come in rows of five tiles, each a target of its own")
  func artistAlbums() throws {
    let artist = try Recordings.first(.artist, in: Recordings.artist)
    let album = try Recordings.first(.album, in: Recordings.albumTracks)
    let works = (0..<7).map { index -> CatalogItem in
      var work = album
      work.id += Int64(index)
      return work
    }
    let model = DetailViewModel(
      item: artist, details: .loaded(artist),
      author: .loaded(AuthorBlock(author: artist, works: works)))
    let document = DetailView(model: model).document(width: 100)
    #expect(document.workRects.count == 7)
    let first = try #require(document.workRects[0])
    let sixth = try #require(document.workRects[5])
    #expect(sixth.y >= first.bottom + 1)
    #expect(sixth.x == first.x)
    let text = BufferSnapshot.textLayer(document.buffer)
    #expect(text.contains("Albums"))
    #expect(!text.contains("More by"))
  }
}
