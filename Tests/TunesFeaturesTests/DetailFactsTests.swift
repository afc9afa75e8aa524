import Foundation
import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("Detail facts")
struct DetailFactsTests {
  static let cases: [(FixtureCase, [String])] = [
    (
      .song,
      [
        "Artist=Jack Johnson", "Album=In Between Dreams", "Track=1 of 15", "Disc=1 of 1",
        "Duration=3:27", "Genre=Rock", "Released=2005-03-01", "Price=$1.29",
      ]
    ),
    (
      .album,
      [
        "Artist=Missy Elliott", "Tracks=16", "Genre=Hip-Hop/Rap", "Released=2003-11-01",
        "Copyright=℗ 2003 Elektra Entertainment Group Inc.  for the United States and WEA "
          + "International Inc. for the world outside of the United States.",
        "Price=$9.99",
      ]
    ),
    (.artist, ["Genre=Hip-Hop/Rap", "Type=Artist"]),
    (
      .movie,
      [
        "Director=J.J. Abrams", "Collection=Star Wars: The Skywalker Saga 9-Movie Collection",
        "Rating=PG-13", "Length=2:18:22", "Genre=Action & Adventure",
        "Released=2015-12-18", "Price=$19.99", "Rental=$3.99", "HD price=$19.99",
        "HD rental=$3.99",
      ]
    ),
    (
      .tv,
      [
        "Show=Mr. Robot", "Season=Mr. Robot, Season 1", "Episode=1 of 10", "Length=1:05:17",
        "Rating=TV-MA", "Genre=Drama", "Released=2015-06-24", "Price=$2.99",
      ]
    ),
    (
      .tvSeason,
      [
        "Show=Mr. Robot", "Episodes=10", "Rating=TV-MA", "Genre=Drama", "Released=2015-06-24",
        "Price=$19.99",
      ]
    ),
    (
      .podcast,
      [
        "Author=The Joe Budden Network", "Genre=Music", "Episodes=481",
        "Feed=https://jbpod.libsyn.com/applepodcast", "Latest=2024-05-01",
      ]
    ),
    (
      .episode,
      [
        "Podcast=The Joe Budden Podcast", "Released=2024-05-01", "Duration=3:36:14", "Genre=Music",
      ]
    ),
    (
      .audiobook,
      [
        "Author=J. R. R. Tolkien", "Genre=Sci-Fi & Fantasy", "Released=2012-09-20",
        "Price=$20.99",
      ]
    ),
    (
      .ebook,
      [
        "Author=Mark Twain", "Genre=Fiction & Literature", "Released=1876-12-01", "Price=Free",
        "Rating=★ 4.5 (1,024)",
      ]
    ),
    (
      .app,
      [
        "Developer=Facebook, Inc.", "Version=15.0", "Released=2008-07-11", "Size=67.6 MB",
        "Ratings=★ 3.5 (2,840,784)", "This version=★ 1.5 (3,328)",
        "Screenshots=5 iPhone · 5 iPad", "Age rating=4+", "Minimum OS=7.0",
        "Languages=24: NB, CS, DA, NL, EN, FI +18 more", "Genre=Social Networking",
        "Price=Free",
      ]
    ),
    (
      .macApp,
      [
        "Developer=Apple", "Seller=Apple Inc.", "Version=16.0", "Released=2010-12-15",
        "Size=3.0 GB", "Ratings=★ 3.2 (4,321)", "Age rating=4+", "Minimum OS=14.5",
        "Languages=2: EN, JA", "Genre=Developer Tools", "Price=Free",
      ]
    ),
    (.other, ["By=Coach"]),
    (.bareSong, ["Duration=3:20", "Genre=Music", "Price=$1.29"]),
  ]

  @Test("each kind lists its labelled facts, leaving missing ones out", arguments: cases)
  func factsPerKind(fixture: FixtureCase, expected: [String]) throws {
    let item = try fixture.load()
    #expect(item.kind == fixture.kind)
    #expect(detailFacts(for: item).map { "\($0.label)=\($0.value)" } == expected)
  }

  @Test("a book with a narrator and a music video get their own facts")
  func narratorAndVideo() {
    var book = CatalogItem(id: 1, kind: .audiobook, title: "B")
    book.book = BookFacts(averageRating: 4, ratingCount: 12, narrator: "Rob Inglis")
    #expect(
      detailFacts(for: book).map { "\($0.label)=\($0.value)" } == [
        "Narrator=Rob Inglis", "Rating=★ 4.0 (12)",
      ])
    var video = CatalogItem(id: 2, kind: .musicVideo, title: "V")
    video.author = "A"
    video.explicitness = .explicit
    #expect(
      detailFacts(for: video).map { "\($0.label)=\($0.value)" } == ["Artist=A", "Explicit=Yes"])
  }

  @Test("an app nobody rated shows no ratings, and a Mac app's screenshots are Mac ones")
  func unratedMacApp() {
    var app = CatalogItem(id: 1, kind: .macSoftware, title: "M")
    var facts = AppFacts()
    facts.averageRating = 0
    facts.ratingCount = 0
    facts.currentVersionRating = 0
    facts.currentVersionRatingCount = 0
    facts.screenshotCount = 6
    facts.iPadScreenshotCount = 0
    facts.languages = ["EN", "ZH", "zh", "ZH", " "]
    app.app = facts
    #expect(
      detailFacts(for: app).map { "\($0.label)=\($0.value)" } == [
        "Screenshots=6 Mac", "Languages=2: EN, ZH",
      ])
    #expect(FactText.rating(0, count: nil) == nil)
    #expect(FactText.rating(4.5, count: 0) == nil)
    #expect(FactText.rating(4.5, count: nil) == "★ 4.5")
  }

  @Test("a song that is not explicit says nothing about it; a cleaned one says so")
  func explicitness() {
    var song = CatalogItem(id: 1, kind: .song, title: "S")
    song.explicitness = .notExplicit
    #expect(detailFacts(for: song).isEmpty)
    song.explicitness = .cleaned
    #expect(detailFacts(for: song).map { "\($0.label)=\($0.value)" } == ["Explicit=Cleaned"])
  }

  @Test("blank values are left out")
  func blanks() {
    var item = CatalogItem(id: 1, kind: .album, title: "A")
    item.author = "  "
    item.copyright = ""
    #expect(detailFacts(for: item).isEmpty)
  }
}
