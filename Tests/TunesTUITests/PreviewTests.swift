import ITunesCatalog
import TerminalUI
import TestSupport
import Testing

@testable import TunesTUI

@Test("preview")
func preview() throws {
  let song = try Samples.first(.song, in: Samples.songs)
  let album = try Samples.items(Samples.albumTracks)
  var model = DetailViewModel(item: song, details: .loading, author: .loading)
  var doc = DetailView(model: model).document(width: 76)
  print(BufferSnapshot.textLayer(doc.buffer))
  let coll = album.first { $0.kind == .album }!
  model = DetailViewModel(
    item: coll, tracks: .loaded(album.filter { $0.kind == .song }),
    author: .loaded(
      AuthorInfo(author: nil, works: Array(album.filter { $0.kind == .song }.prefix(5)))),
    focusedWork: 1)
  doc = DetailView(model: model).document(width: 76)
  print(BufferSnapshot.textLayer(doc.buffer))
  var b = Buffer(width: 80, height: 24)
  HelpOverlay().render(in: b.area, buffer: &b)
  print(BufferSnapshot.textLayer(b))
  var g = Buffer(width: 80, height: 8)
  let songs = try Samples.items(Samples.mixed)
  TileView(item: songs[0], isSelected: true, isFavorite: true).render(
    in: Rect(x: 0, y: 0, width: 39, height: 3), buffer: &g)
  TileView(item: songs.last!).render(in: Rect(x: 40, y: 0, width: 39, height: 3), buffer: &g)
  TileView(item: songs[3]).render(in: Rect(x: 0, y: 4, width: 39, height: 3), buffer: &g)
  print(BufferSnapshot.textLayer(g))
}
