import Foundation
import ITunesCatalog
import ITunesClient
import ITunesReplay
import TestSupport
import Testing

private func feedClient(
  _ fake: FakeTransport, base: String = "https://itunes.apple.com", pacing: HostPacing? = nil,
  clock: TestClock = TestClock()
) throws -> ITunesClient {
  var configuration = try ClientConfiguration(baseURL: base)
  configuration.retry = RetryPolicy(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero)
  let generous = RateLimiter(
    limit: RateLimit(requests: 1000, period: .seconds(60)), clock: clock.clock)
  return ITunesClient.pipeline(
    transport: fake.transport, configuration: configuration, limiter: generous,
    clock: clock.clock, feedPacing: pacing)
}

private let albums: Data =
  (try? Fixtures.ownFile("catalog/charts/v2-top-albums-gb-2.json")) ?? Data()

@Suite("Client: chart feeds and the genre service")
struct FeedClientTests {
  @Test("Without an API base, v2 feeds go to rss.applemarketingtools.com, genres to iTunes")
  func appleHosts() async throws {
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: albums))])
    let client = try feedClient(fake)
    let chart = try await client.chart(ChartQuery(kind: .albums, country: "gb", limit: 2))
    #expect(chart.page.items.count == 2)
    #expect(chart.source == .network)
    #expect(
      fake.requests.last?.url.absoluteString
        == "https://rss.applemarketingtools.com/api/v2/gb/music/most-played/2/albums.json")
    #expect(fake.requests.last?.headers["User-Agent"] == ITunesClient.userAgent)
  }

  @Test("With an API base every endpoint goes there with its path kept")
  func apiBase() async throws {
    let tree = try Fixtures.shared("genres-id34-music-tree.json")
    let fake = FakeTransport([
      .success(TransportResponse(status: 200, body: albums)),
      .success(TransportResponse(status: 200, body: tree)),
    ])
    let client = try feedClient(fake, base: "http://127.0.0.1:9/base")
    _ = try await client.chart(ChartQuery(kind: .albums, limit: 2))
    let genre = try await client.genres(GenreQuery(id: 34))
    #expect(genre.genre.name == "Music")
    #expect(
      fake.requests.map(\.url.absoluteString) == [
        "http://127.0.0.1:9/base/api/v2/us/music/most-played/2/albums.json",
        "http://127.0.0.1:9/base/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=us",
      ])
  }

  @Test("More entries than asked for are cut to the limit")
  func cutToLimit() async throws {
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: albums))])
    let chart = try await feedClient(fake).chart(ChartQuery(kind: .albums, limit: 1))
    #expect(chart.page.items.map(\.id) == [1_441_458_047])
  }

  @Test("HTML, an empty body, an unknown genre, 404, throttling and 5xx become client errors")
  func failures() async throws {
    func error(_ responses: [TransportResponse], _ run: (ITunesClient) async throws -> Void) async
      -> ClientError?
    {
      let fake = FakeTransport(responses.map { .success($0) })
      do {
        try await run(try feedClient(fake))
        return nil
      } catch {
        return error as? ClientError
      }
    }
    let html = Data("<html><body>[newNullResponse]</body></html>".utf8)
    let songs = try ChartQuery(kind: .songs)
    #expect(
      await error([TransportResponse(status: 200, body: html)]) { _ = try await $0.chart(songs) }
        == .decoding(.malformed(reason: "an HTML page came instead of JSON")))
    #expect(
      await error([TransportResponse(status: 200)]) { _ = try await $0.chart(songs) }
        == .decoding(.malformed(reason: "the body is empty")))
    #expect(
      await error([TransportResponse(status: 200, body: Data("{}".utf8))]) {
        _ = try await $0.genres(GenreQuery(id: 777))
      } == .decoding(.unknownGenre(777)))
    // A feed's 404 names the feeds' host, not the iTunes API.
    let missing = await error([TransportResponse(status: 404, body: html)]) {
      _ = try await $0.chart(songs)
    }
    #expect(
      missing
        == .notFound(
          message: "rss.applemarketingtools.com has no feed at /api/v2/us/music/most-played/"
            + "\(songs.limit)/songs.json"))
    #expect(
      await error([TransportResponse(status: 403)]) { _ = try await $0.chart(songs) }
        == .rateLimited(status: 403))
    #expect(
      await error([TransportResponse(status: 503)]) { _ = try await $0.chart(songs) }
        == .serverError(status: 503, attempts: 3))
    #expect(
      await error([TransportResponse(status: 503), TransportResponse(status: 200, body: albums)]) {
        _ = try await $0.chart(ChartQuery(kind: .albums))
      } == nil)
  }

  @Test("Feeds are paced on their host's limiter, not on the search API's")
  func perHostPacing() async throws {
    let clock = TestClock()
    let search = RateLimiter(
      limit: RateLimit(requests: 2, period: .seconds(60)), clock: clock.clock)
    let feeds = RateLimiter(limit: RateLimit(requests: 2, period: .seconds(60)), clock: clock.clock)
    let pacing = HostPacing.separate(itunes: search, feeds: feeds)
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: albums))])
    let client = try feedClient(fake, pacing: pacing, clock: clock)
    _ = try await client.chart(ChartQuery(kind: .albums))
    _ = try await client.chart(ChartQuery(kind: .albums, country: "gb"))
    #expect(await feeds.waitTime() != nil)
    #expect(await search.waitTime() == nil)
    // A legacy (genre) feed is on itunes.apple.com and counts there.
    _ = try await client.chart(ChartQuery(kind: .albums, genre: 21))
    #expect(await search.tryAcquire())
    #expect(await !search.tryAcquire())
    #expect(HostPacing.shared.limiter(.itunes) === RateLimiter.shared)
    #expect(HostPacing.shared.limiter(.marketingTools) === RateLimiter.marketingTools)
    #expect(RateLimiter.marketingTools !== RateLimiter.shared)
  }

  @Test("A 403 from the feed host throttles that host only")
  func throttledFeedHost() async throws {
    let clock = TestClock()
    let search = RateLimiter(limit: .apple, clock: clock.clock)
    let feeds = RateLimiter(limit: .apple, clock: clock.clock)
    let fake = FakeTransport(statuses: [403])
    let client = try feedClient(
      fake, pacing: .separate(itunes: search, feeds: feeds), clock: clock)
    await #expect(throws: ClientError.rateLimited(status: 403)) {
      _ = try await client.chart(ChartQuery(kind: .songs))
    }
    #expect(await feeds.waitTime() == .seconds(60))
    #expect(await search.waitTime() == nil)
  }

  @Test("Cached: a chart is fresh for an hour, genres for a week; stale answers on failure")
  func caching() async throws {
    let wall = WallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let store = ResponseCacheStore.inMemory()
    let tree = try Fixtures.shared("genres-id34-music-tree.json")
    let fake = FakeTransport([
      .success(TransportResponse(status: 200, body: albums)),
      .success(TransportResponse(status: 200, body: tree)),
      .success(TransportResponse(status: 200, body: albums)),
      .success(TransportResponse(status: 503)),
    ])
    let client = try feedClient(fake).caching(
      store: store, policy: ResponseCachePolicy(now: { wall.now }))
    let query = try ChartQuery(kind: .albums)
    #expect(try await client.chart(query).source == .network)
    #expect(try await client.genres(GenreQuery(id: 34)).source == .network)
    wall.advance(hours: 0.9)
    #expect(try await client.chart(query).source.isCache)
    #expect(fake.count == 2)
    wall.advance(hours: 0.2)
    #expect(try await client.chart(query).source == .network)
    #expect(fake.count == 3)
    wall.advance(hours: 24 * 6.5)
    #expect(try await client.genres(GenreQuery(id: 34)).source.isCache)
    #expect(fake.count == 3)
    // Past the hour the network fails: the stored chart is served, marked stale with the error.
    wall.advance(hours: 2)
    let stale = try await client.chart(query)
    guard case .cache(_, let isStale, let because) = stale.source else {
      Issue.record("expected a cached answer")
      return
    }
    #expect(isStale)
    #expect(because == .serverError(status: 503, attempts: 3))
    // An unreadable body is never stored.
    let html = FakeTransport([.success(TransportResponse(status: 200, body: Data("<html>".utf8)))])
    let other = ResponseCacheStore.inMemory()
    let failing = try feedClient(html).caching(store: other, policy: ResponseCachePolicy())
    _ = try? await failing.chart(ChartQuery(kind: .songs))
    #expect(other.load(try ChartQuery(kind: .songs).request.canonicalKey) == nil)
  }

  @Test("Against the replay server: the recorded songs feed, legacy feed and genre tree")
  func replay() async throws {
    let server = try ReplayServer(directory: Fixtures.sharedITunes, log: ReplayServer.silentLog)
    try server.start()
    defer { server.stop() }
    for kind in HTTPTransport.Kind.allCases {
      let client = try liveClient(base: server.baseURL.absoluteString, kind: kind)
      let songs = try await client.chart(ChartQuery(kind: .songs, limit: 25))
      #expect(songs.page.items.count == 25)
      #expect(songs.page.items.first?.title == "pushin P (feat. Young Thug)")
      let podcasts = try await client.chart(ChartQuery(kind: .podcasts, limit: 2, genre: 1310))
      #expect(podcasts.page.format == .legacy)
      #expect(podcasts.page.items.count == 2)
      let music = try await client.genres(GenreQuery(medium: "music"))
      #expect(music.genre.subgenres.count > 10)
      await #expect(throws: ClientError.self) {
        _ = try await client.chart(ChartQuery(kind: .paidApps))
      }
    }
  }
}

extension CatalogResponse.Source {
  fileprivate var isCache: Bool {
    if case .cache = self { return true }
    return false
  }
}
