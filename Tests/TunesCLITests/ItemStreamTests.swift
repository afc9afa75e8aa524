import Foundation
import ITunesCatalog
import Testing

@testable import TunesCLI

@Suite("ItemStream")
struct ItemStreamTests {
  static func song(_ id: Int64) -> CatalogItem {
    var item = CatalogItem(id: id, kind: .song, title: "Song \(id)")
    item.previewURLText = "https://a.example/\(id).m4a"
    return item
  }

  @Test("an M3U8 playlist written in batches has one header, and an empty one is just the header")
  func playlistInBatches() {
    var stream = ItemStream(format: .m3u8, formatter: ItemFormatter(width: nil, color: false))
    var out = stream.write([Self.song(1)]) + stream.write([]) + stream.write([Self.song(2)])
    out += stream.finish()
    #expect(
      String(decoding: out, as: UTF8.self)
        == "#EXTM3U\n#EXTINF:-1,Song 1\nhttps://a.example/1.m4a\n"
        + "#EXTINF:-1,Song 2\nhttps://a.example/2.m4a\n")
    var empty = ItemStream(format: .m3u8, formatter: ItemFormatter(width: nil, color: false))
    #expect(String(decoding: empty.finish(), as: UTF8.self) == "#EXTM3U\n")
  }
}
