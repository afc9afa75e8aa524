import Foundation
import ITunesCatalog
import ITunesReplay
import TestSupport
import Testing

@testable import TunesCLI

/// `tunes where` and `tunes releases` against a replay server whose answers change, with real
/// SQLite.
@Suite("tunes where and tunes releases")
struct WhereReleasesTests {
  @Test("where: sold or not per storefront, price and currency, the title where it differs")
  func storefronts() async throws {
    var catalogue = ChangingCatalogue(apps: [
      .init(id: 1, title: "Pocket Planner", price: 4.99, storefronts: ["us", "gb", "jp"])
    ])
    catalogue.albums = [
      .init(id: 2, title: "Night", artistID: 9, trackCount: 12, storefronts: ["us", "gb"])
    ]
    let world = try WatchWorld(catalogue)
    let cli = world.cli
    let code = await cli.run([
      "where", "1", "2", "--countries", "us,gb,jp,fr", "--format", "ndjson",
    ])
    #expect(code == 0, "\(cli.stderr)")
    let rows = try WatchWorld.objects(cli.stdout)
    #expect(rows.count == 8)
    func row(_ id: Int64, _ country: String) -> JSONValue? {
      rows.first { $0["id"]?.integer == id && $0["country"]?.text == country }
    }
    #expect(row(1, "us")?["available"] == .bool(true))
    #expect(row(1, "us")?["price"]?.text == "4.99" && row(1, "us")?["currency"]?.text == "USD")
    #expect(row(1, "us")?["title"]?.text == "Pocket Planner", "the first storefront's title")
    #expect(row(1, "gb")?["price"]?.text == "3.99" && row(1, "gb")?["currency"]?.text == "GBP")
    #expect(row(1, "gb")?["title"] == nil, "the same title is not repeated")
    #expect(row(1, "jp")?["currency"]?.text == "JPY")
    #expect(row(1, "fr")?["available"] == .bool(false), "a storefront that does not sell it")
    #expect(row(2, "jp")?["available"] == .bool(false))
    #expect(row(2, "us")?["trackCount"]?.integer == 12)
    #expect(cli.stderr.contains("sold in 3 of the 4 storefronts asked."), "\(cli.stderr)")
    #expect(world.lookupCountries == ["us", "gb", "jp", "fr"], "one request a storefront")
    // The table says so too.
    #expect(await cli.run(["where", "1", "--countries", "us,fr", "--fresh"]) == 0)
    #expect(cli.stdout.contains("FR  no"), "\(cli.stdout)")
    #expect(cli.stdout.contains("4.99 USD"))
  }

  @Test("a 174-storefront sweep stopped half-way resumes without asking a storefront again")
  func sweepResumes() async throws {
    var catalogue = ChangingCatalogue(apps: [.init(id: 77, title: "Everywhere", price: 0.99)])
    catalogue.everywhere = Country.storefronts.filter { $0 != "cn" && $0 != "ru" }
    let world = try WatchWorld(catalogue)
    let cli = world.cli
    let server = world.server
    cli.stopRequested = { server.requestCount >= 60 }
    let first = await cli.run(["where", "77", "--countries", "all", "--format", "csv"])
    #expect(first == 130, "\(cli.stderr)")
    #expect(cli.stderr.contains("asking 174 storefronts"), "\(cli.stderr)")
    #expect(cli.stderr.contains("about 9 minutes"), "\(cli.stderr)")
    #expect(cli.stderr.contains("interrupted; the same command resumes the sweep."))
    #expect(world.lookupCountries.count == 60)
    cli.stopRequested = nil
    let second = await cli.run(["where", "77", "--countries", "all", "--format", "csv"])
    #expect(second == 0, "\(cli.stderr)")
    #expect(
      cli.stderr.contains("60 of 174 storefronts already answered, 114 to ask"), "\(cli.stderr)")
    let countries = world.lookupCountries
    #expect(countries.count == 174, "no storefront asked twice")
    #expect(Set(countries).count == 174)
    let rows = cli.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
    #expect(rows.count == 174)
    #expect(rows.filter { $0.contains(",false,") }.count == 2, "cn and ru do not sell it")
    #expect(cli.stderr.contains("sold in 172 of the 174 storefronts asked."))
    // Finished: the next run is a new sweep.
    cli.stopRequested = { true }
    #expect(await cli.run(["where", "77", "--countries", "all"]) == 130)
    #expect(!cli.stderr.contains("resuming"), "\(cli.stderr)")
    #expect(world.lookupCountries.count == 174)
  }

  @Test("where takes at most 200 ids and needs some")
  func whereUsage() async throws {
    let world = try WatchWorld(ChangingCatalogue())
    #expect(await world.cli.run(["where"]) == 64)
    let many = (1...201).map(String.init).joined(separator: ",")
    #expect(await world.cli.run(["where", many, "--countries", "us"]) == 64)
    #expect(world.cli.stderr.contains("up to 200 ids"), "\(world.cli.stderr)")
  }

  @Test("releases: the first run records, a new album is shown once, clean and explicit as one")
  func releases() async throws {
    var catalogue = ChangingCatalogue(
      apps: [.init(id: 31, title: "Old App", price: 0, developerID: 500, storefronts: ["us"])],
      albums: [
        .init(
          id: 21, title: "First Light", artistID: 900, releaseDate: "2019-05-01T07:00:00Z",
          storefronts: ["us"])
      ], artists: [.init(id: 900, name: "The Followed")])
    let world = try WatchWorld(catalogue)
    let cli = world.cli
    #expect(await cli.run(["favorites", "add", "900", "31"]) == 0, "\(cli.stderr)")
    #expect(
      await cli.run(["releases", "--include-creators-of-favourites", "--format", "ndjson"]) == 0,
      "\(cli.stderr)")
    #expect(cli.stdout.isEmpty)
    #expect(cli.stderr.contains("first check of 2 creators in US"), "\(cli.stderr)")
    // A new album, in clean and explicit versions, and a new app from the developer.
    catalogue.albums += [
      .init(
        id: 22, title: "Second Wind", artistID: 900, releaseDate: "2026-11-27T08:00:00Z",
        explicit: true, storefronts: ["us"]),
      .init(
        id: 23, title: "Second Wind", artistID: 900, releaseDate: "2026-11-27T08:00:00Z",
        storefronts: ["us"]),
    ]
    catalogue.apps.append(
      .init(id: 32, title: "New App", price: 1.99, developerID: 500, storefronts: ["us"]))
    world.catalogue = catalogue
    #expect(
      await cli.run(["releases", "--include-creators-of-favourites", "--format", "ndjson"]) == 0)
    let items = try WatchWorld.objects(cli.stdout)
    #expect(items.compactMap { $0["id"]?.integer }.sorted() == [22, 32], "\(cli.stdout)")
    #expect(cli.stderr.contains("2 new"), "\(cli.stderr)")
    #expect(
      await cli.run(["releases", "--include-creators-of-favourites", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty)
    #expect(cli.stderr.contains("nothing new since the last check"))
    // Without the flag only the followed artist counts (not the favourited app's developer);
    // its works were seen.
    #expect(await cli.run(["releases"]) == 0)
    #expect(cli.stdout.isEmpty)
    #expect(cli.stderr.contains("1 creator checked in US"), "\(cli.stderr)")
  }

  @Test("releases: a favourited podcast's new episode, newest first; its old ones are not new")
  func episodes() async throws {
    var catalogue = ChangingCatalogue()
    catalogue.podcasts = [
      .init(
        id: 700, title: "Night Talk",
        episodes: [
          (id: 701, title: "Episode 1", releaseDate: "2026-10-01T07:00:00Z"),
          (id: 702, title: "Episode 2", releaseDate: "2026-11-01T07:00:00Z"),
        ])
    ]
    let world = try WatchWorld(catalogue)
    let cli = world.cli
    #expect(await cli.run(["favorites", "add", "700"]) == 0, "\(cli.stderr)")
    #expect(await cli.run(["releases", "--format", "ndjson"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout.isEmpty && cli.stderr.contains("first check of 1 creator"))
    catalogue.podcasts[0].episodes.append(
      (id: 703, title: "Episode 3", releaseDate: "2026-12-01T07:00:00Z"))
    world.catalogue = catalogue
    #expect(await cli.run(["releases", "--format", "ndjson"]) == 0, "\(cli.stderr)")
    let items = try WatchWorld.objects(cli.stdout)
    #expect(items.compactMap { $0["id"]?.integer } == [703], "\(cli.stdout)")
    #expect(items.first?["kind"]?.text == "podcast-episode")
    let asked = world.targets.filter { $0.contains("entity=") }
    #expect(asked.count == 2, "one request a run: \(world.targets)")
    #expect(asked.allSatisfy { $0.contains("entity=podcastEpisode") && $0.contains("sort=recent") })
  }

  @Test("releases: a creator a failed request did not answer is not marked as checked")
  func releasesFailure() async throws {
    let catalogue = ChangingCatalogue(
      albums: [.init(id: 21, title: "First Light", artistID: 900, storefronts: ["us"])],
      artists: [.init(id: 900, name: "The Followed")])
    let world = try WatchWorld(catalogue)
    let cli = world.cli
    #expect(await cli.run(["favorites", "add", "900"]) == 0, "\(cli.stderr)")
    world.server.injectFault(.status(503))
    #expect(await cli.run(["releases"]) == 69, "\(cli.stderr)")
    #expect(await cli.run(["releases", "--format", "ndjson"]) == 0, "\(cli.stderr)")
    #expect(cli.stderr.contains("first check of 1 creator"), "\(cli.stderr)")
    #expect(cli.stdout.isEmpty)
  }

  @Test("a sort=recent lookup with entity answers for every one of 200 creators (the replay)")
  func creatorsPerLookup() async throws {
    let artists = (1...200).map { ChangingCatalogue.Artist(id: Int64(10_000 + $0), name: "A\($0)") }
    let albums = artists.flatMap { artist in
      (0..<3).map {
        ChangingCatalogue.Album(
          id: artist.id * 10 + Int64($0), title: "Album \($0)", artistID: artist.id,
          releaseDate: "202\($0)-01-01T08:00:00Z", storefronts: ["us"])
      }
    }
    let world = try WatchWorld(ChangingCatalogue(albums: albums, artists: artists))
    let ids = artists.map { String($0.id) }.joined(separator: ",")
    let code = await world.cli.run([
      "lookup", ids, "--entity", "album", "--sort", "recent", "--limit", "2", "--format",
      "ndjson", "--no-cache",
    ])
    #expect(code == 0, "\(world.cli.stderr)")
    let items = try WatchWorld.objects(world.cli.stdout)
    let albumsShown = items.filter { $0["kind"]?.text == "album" }
    #expect(items.count - albumsShown.count == 200, "every creator answered")
    #expect(albumsShown.count == 400, "two newest albums each")
    #expect(world.targets.count == 1)
  }
}
