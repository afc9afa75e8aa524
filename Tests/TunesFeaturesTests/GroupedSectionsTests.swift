import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("Grouped sections")
struct GroupedSectionsTests {
  @Test(
    "every kind lands in its section",
    arguments: [
      (ItemKind.artist, "Artists"), (.album, "Albums"), (.song, "Songs"),
      (.musicVideo, "Music Videos"), (.featureMovie, "Movies"), (.tvEpisode, "TV"),
      (.tvSeason, "TV"), (.podcast, "Podcasts"), (.podcastEpisode, "Episodes"),
      (.audiobook, "Audiobooks"), (.ebook, "Books"), (.software, "Apps"),
      (.macSoftware, "Apps"), (.other("coached-audio"), "Other"),
    ])
  func sectionPerKind(kind: ItemKind, title: String) {
    #expect(groupedSectionTitle(for: kind) == title)
  }

  @Test("sections come in the fixed order, empty ones left out, each in Apple's order")
  func order() {
    let kinds: [ItemKind] = [
      .other("x"), .song, .software, .artist, .song, .podcastEpisode, .ebook, .audiobook,
      .podcast, .tvEpisode, .featureMovie, .musicVideo, .album, .artist,
    ]
    let items = kinds.enumerated().map {
      CatalogItem(id: Int64($0.offset + 1), kind: $0.element, title: "t")
    }
    let sections = groupedSections(items)
    #expect(sections.map(\.title) == groupedSectionTitles)
    #expect(sections[0].items.map(\.index) == [3, 13])
    #expect(sections[2].items.map(\.index) == [1, 4])
    #expect(sections[2].items.map(\.item.id) == [2, 5])
  }

  @Test("a songs-and-movies search has two sections")
  func fixture() throws {
    let page = try Samples.mixed()
    let sections = groupedSections(page.items)
    #expect(sections.map(\.title) == ["Songs", "Movies"])
    #expect(sections.map(\.items.count) == [8, 17])
    #expect(sections.flatMap(\.items).count == page.items.count)
    #expect(sections[0].items.first?.index == 0)
  }

  @Test("no items, no sections")
  func empty() {
    #expect(groupedSections([]).isEmpty)
  }
}
