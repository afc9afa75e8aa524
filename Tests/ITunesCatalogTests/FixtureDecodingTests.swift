import Foundation
import ITunesCatalog
import TestSupport
import Testing

private func page(_ name: String) throws -> CatalogPage {
  try CatalogPage.decode(Fixtures.shared(name))
}

@Suite("Every recorded response decodes with the values Apple sent")
struct FixtureDecodingTests {
  @Test("Queen album lookup: the album, 18 songs and 3 music videos over two discs")
  func queenAlbum() throws {
    let result = try page("album-lookup-songs-queen-night-at-the-opera-gb.json")
    #expect(result.items.count == 22)
    #expect(result.resultCount == 22)
    #expect(result.skippedCount == 0)
    let album = try #require(result.items.first)
    #expect(album.id == 1_441_458_047)
    #expect(album.kind == .album)
    #expect(album.title == "A Night at the Opera (Deluxe Edition)")
    #expect(album.author == "Queen")
    #expect(album.price == Decimal(string: "13.99"))
    #expect(album.currency == "GBP")
    #expect(album.formattedPrice == "£13.99")
    #expect(result.items.filter { $0.kind == .song }.count == 18)
    #expect(result.items.filter { $0.kind == .musicVideo }.count == 3)
    let song = result.items[1]
    #expect(song.id == 1_441_458_049)
    #expect(song.title == "Death On Two Legs (Dedicated To...)")
    #expect(song.collection == "A Night at the Opera (Deluxe Edition)")
    #expect(song.durationMillis == 223_094)
    #expect(song.formattedDuration == "3:43")
    #expect(song.price == Decimal(string: "0.99"))
    #expect(Set(result.items.compactMap(\.discNumber)) == [1, 2])
    #expect(song.releaseDate.map(ISODate.string(from:)) == "1975-11-21T12:00:00Z")
  }

  @Test("A compilation whose collectionPrice is -1 has no price, and its songs keep theirs")
  func variousArtists() throws {
    let result = try page("album-lookup-songs-various-artists-price-minus1-gb.json")
    #expect(result.items.count == 16)
    let album = result.items[0]
    #expect(album.id == 255_636_575)
    #expect(album.title == "Hits of the 90s")
    #expect(album.price == nil)
    #expect(album.formattedPrice == nil)
    #expect(album.authorURL == nil)
    #expect(album.trackCount == 19)
    #expect(result.items[1].title == "Freak Me")
    #expect(result.items[1].author == "Another Level")
    #expect(result.items[1].price == Decimal(string: "0.99"))
  }

  @Test("Album search: explicit flag and advisory rating")
  func missyElliott() throws {
    let result = try page("album-search-missy-elliott-explicit.json")
    #expect(result.items.map(\.id) == [3_845_472, 1_184_551_517])
    #expect(result.items[0].isExplicit == true)
    #expect(result.items[0].advisoryRating == "Explicit")
    #expect(result.items[1].isExplicit == false)
    #expect(result.items[1].advisoryRating == nil)
  }

  @Test("Modern single with a music.apple.com link")
  func single() throws {
    let item = try #require(try page("album-search-single-feat-modern.json").items.first)
    #expect(item.id == 1_273_787_064)
    #expect(item.title == "Sky Walker (feat. Travis Scott) - Single")
    #expect(item.storeURL?.host == "music.apple.com")
    #expect(item.genre == "R&B/Soul")
  }

  @Test("Artists: id, name, link, no artwork, Author artist type kept")
  func artists() throws {
    let slayer = try #require(try page("artist-lookup-slayer-gb.extracted-body.json").items.first)
    #expect(slayer.id == 414_425)
    #expect(slayer.kind == .artist)
    #expect(slayer.title == "Slayer")
    #expect(slayer.author == nil)
    #expect(slayer.artwork == nil)
    #expect(slayer.storeURL != nil)
    #expect(slayer.genre == "Metal")
    let search = try page("artist-search-musicartist-slayer-gb.extracted-body.json")
    #expect(search.items.count == 56)
    #expect(search.items.allSatisfy { $0.kind == .artist })
    #expect(search.items.contains { $0.artistType == "Author" })
    let travis = try #require(try page("artist-search-travis-scott-modern.json").items.first)
    #expect(travis.id == 549_236_696)
    #expect(travis.title == "Travis Scott")
  }

  @Test("A term search mixes songs and movies; movies have a director, advisory and prices")
  func mixed() throws {
    let result = try page("mixed-search-jack-johnson-limit25-songs-and-movies.json")
    #expect(result.items.count == 25)
    #expect(result.items.filter { $0.kind == .song }.count == 8)
    let movies = result.items.filter { $0.kind == .featureMovie }
    #expect(movies.count == 17)
    let starWars = try #require(movies.first { $0.id == 1_063_466_898 })
    #expect(starWars.title == "Star Wars: The Force Awakens")
    #expect(starWars.author == "J.J. Abrams")
    #expect(starWars.advisoryRating == "PG-13")
    #expect(starWars.durationMillis == 8_302_127)
    #expect(starWars.description?.isEmpty == false)
    #expect(movies.filter { $0.authorID == nil }.count >= 14)
  }

  @Test("A page without resultCount still decodes all 50 results")
  func missingResultCount() throws {
    let result = try page("song-search-jack-johnson-50-mixed-movie.json")
    #expect(result.resultCount == nil)
    #expect(result.items.count == 50)
    #expect(result.items.filter { $0.kind == .featureMovie }.count == 1)
    #expect(result.items[0].title == "Better Together")
    #expect(result.items[0].id == 879_273_565)
  }

  @Test("Re-sorted keys and http artwork URLs")
  func sortedKeys() throws {
    let result = try page("song-search-jack-johnson-sorted-keys.json")
    #expect(result.items.map(\.title) == ["Better Together", "Upside Down", result.items[2].title])
    #expect(
      result.items[0].artworkURL(size: 600)?.absoluteString.hasSuffix("/600x600bb.jpg") == true)
    #expect(result.items[0].formattedPrice == "$1.29")
  }

  @Test("Japanese storefront: names, integral yen prices")
  func japanese() throws {
    let song = try #require(try page("song-search-japanese-kobukuro-jp-jpy.json").items.first)
    #expect(song.title == "桜")
    #expect(song.author == "コブクロ")
    #expect(song.price == 250)
    #expect(song.currency == "JPY")
    #expect(song.formattedPrice == "¥250")
  }

  @Test("Podcast with episodes: genres as objects on episodes, feed and episode URLs")
  func podcastEpisodes() throws {
    let result = try page("podcast-lookup-entity-podcastepisode-joe-budden-6.json")
    #expect(result.items.count == 6)
    let podcast = result.items[0]
    #expect(podcast.kind == .podcast)
    #expect(podcast.id == 1_535_809_341)
    #expect(podcast.trackCount == 481)
    #expect(podcast.durationMillis == nil)
    #expect(podcast.episode?.feedURL?.absoluteString == "https://jbpod.libsyn.com/applepodcast")
    #expect(podcast.genres == ["Music", "Podcasts"])
    let episode = result.items[1]
    #expect(episode.kind == .podcastEpisode)
    #expect(episode.id == 1_000_654_145_267)
    #expect(episode.title == "Episode 721 | \"Unbuttoned\"")
    #expect(episode.durationMillis == 12_974_000)
    #expect(episode.genres == ["Music"])
    #expect(episode.episode?.episodeURL != nil)
    #expect(result.items.dropFirst().allSatisfy { $0.kind == .podcastEpisode })
  }

  @Test(
    "Raw-layout podcasts with leading newlines",
    arguments: [
      ("podcast-lookup-uhh-yeah-dude-raw.json", Int64(124_043_755), "Uhh Yeah Dude"),
      ("podcast-search-mysterious-universe-raw.json", Int64(329_937_558), "Mysterious Universe"),
    ])
  func rawPodcasts(file: String, id: Int64, title: String) throws {
    let item = try #require(try page(file).items.first)
    #expect(item.id == id)
    #expect(item.title == title)
    #expect(item.kind == .podcast)
    #expect(item.price == 0)
    #expect(item.formattedPrice == "Free")
  }

  @Test("Apps: string file sizes, localised price text, versions, ratings")
  func apps() throws {
    let two = try page("software-lookup-2-apps-escaped-slashes.json")
    #expect(two.items.map(\.id) == [418_075_935, 447_188_370])
    #expect(two.items[1].title == "Snapchat")
    #expect(two.items[1].app?.fileSizeBytes == 205_820_928)
    #expect(two.items[1].app?.version == "10.10.2.0")
    #expect(two.items[1].author == "Snap, Inc.")
    let french = try #require(try page("software-lookup-id-338986109-country-fr.json").items.first)
    #expect(french.formattedPrice == "Gratuit")
    #expect(french.currency == "EUR")
    #expect(french.app?.fileSizeBytes == 16_438_563)
    #expect(french.kind == .software)
    let tanky = try #require(
      try page("software-lookup-bundleid-at.felixkrause.iTanky-raw2012.json").items.first)
    #expect(tanky.title == "iTanky")
    #expect(tanky.app?.bundleID == "at.felixkrause.iTanky")
    for name in [
      "software-lookup-bundleid-com.facebook.Facebook.json",
      "software-lookup-id-284882215-facebook.json",
    ] {
      let facebook = try #require(try page(name).items.first)
      #expect(facebook.id == 284_882_215)
      #expect(facebook.app?.bundleID == "com.facebook.Facebook")
      #expect(facebook.app?.ratingCount ?? 0 > 0)
    }
  }

  @Test("Apps: the current version's rating and date, screenshots counted, release notes")
  func appPageFields() throws {
    let facebook = try #require(try page("software-lookup-id-284882215-facebook.json").items.first)
    let app = try #require(facebook.app)
    #expect(app.averageRating == 3.5)
    #expect(app.ratingCount == 2_840_784)
    #expect(app.currentVersionRating == 1.5)
    #expect(app.currentVersionRatingCount == 3328)
    #expect(app.screenshotCount == 5)
    #expect(app.iPadScreenshotCount == 5)
    #expect(app.screenshotURLs.count == 5)
    #expect(
      app.screenshotURLs.first
        == "http://a5.mzstatic.com/us/r30/Purple1/v4/e3/4c/c5/e34cc534-2c08-924f-0d65-ceb7318973af/screen1136x1136.jpeg"
    )
    #expect(app.iPadScreenshotURLs.last?.hasSuffix("/screen480x480.jpeg") == true)
    #expect(app.appleTVScreenshotURLs.isEmpty)  // not in this recording
    #expect(app.languages.count == 25)
    #expect(app.releaseNotes?.hasPrefix("Thanks for using Facebook!") == true)
    #expect(app.currentVersionReleaseDate == nil)  // not in this recording
    #expect(facebook.advisoryRating == "4+")
    let two = try page("software-lookup-2-apps-escaped-slashes.json")
    let snapchat = try #require(two.items.last?.app)
    #expect(snapchat.currentVersionRating == 3)
    #expect(snapchat.currentVersionRatingCount == 1382)
    #expect(snapchat.screenshotCount == 5)
    #expect(snapchat.iPadScreenshotCount == 0)  // an empty list is none, not missing
    #expect(
      snapchat.currentVersionReleaseDate.map(ISODate.string(from:)) == "2017-06-14T13:00:51Z")
    #expect(snapchat.releaseNotes == "Bug fixes and improvements!")
    #expect(two.items.first?.advisoryRating == "12+")
    let tanky = try #require(
      try page("software-lookup-bundleid-at.felixkrause.iTanky-raw2012.json").items.first?.app)
    #expect(tanky.releaseNotes == nil)  // Apple sent none
    #expect(tanky.currentVersionRating == 4.0)
    #expect(tanky.currentVersionRatingCount == 6)
  }

  @Test("The app page's fields survive the JSON format (favourites)")
  func appFieldsRoundTrip() throws {
    let two = try page("software-lookup-2-apps-escaped-slashes.json")
    for item in two.items {
      let back = try #require(CatalogItem(json: item.jsonValue))
      #expect(back.app?.currentVersionRating == item.app?.currentVersionRating)
      #expect(back.app?.currentVersionRatingCount == item.app?.currentVersionRatingCount)
      #expect(back.app?.currentVersionReleaseDate == item.app?.currentVersionReleaseDate)
      #expect(back.app?.screenshotCount == item.app?.screenshotCount)
      #expect(back.app?.iPadScreenshotCount == item.app?.iPadScreenshotCount)
    }
  }

  @Test("No match is an empty page, not an error")
  func empty() throws {
    let result = try page("empty-lookup-id-0.json")
    #expect(result.items.isEmpty)
    #expect(result.resultCount == 0)
  }

  @Test("Apple's error object becomes an error carrying Apple's message")
  func appleError() throws {
    #expect(throws: CatalogError.apple(message: "Invalid value(s) for key(s): [itunesId]")) {
      try page("error-lookup-invalid-id.json")
    }
  }

  @Test(
    "A proxy's wrapper and chart feeds are rejected as not iTunes documents",
    arguments: [
      "allorigins-wrapper-podcast-lookup-entity-podcastepisode-limit1000.json",
      "rss-legacy-toppodcasts-genre1310-us.json", "rss-v1-top-podcasts-us-10.json",
      "rss-v1-apple-music-new-music-us-4.json",
    ])
  func notITunes(file: String) throws {
    do {
      _ = try page(file)
      Issue.record("expected an error for \(file)")
    } catch let error as CatalogError {
      guard case .notITunesDocument(let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(!reason.isEmpty)
      if file.hasPrefix("allorigins") { #expect(reason.contains("wrapper")) }
    }
  }
}
