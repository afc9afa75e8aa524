import Foundation
import ITunesClient
import Synchronization
import TunesFeatures

/// The live client, history and favourites, switched to the demo catalogue (and memory) when
/// the person presses `d` on a "cannot reach Apple" error. Until then everything goes to the
/// live values; afterwards to the demo server, an in-memory history and in-memory favourites,
/// so made-up items never reach the real database.
final class DemoSwitch: Sendable {
  private struct Demo: Sendable {
    var client: ITunesClient
    var history: HistoryClient
    var favorites: FavoritesClient
  }

  private let demo = Mutex<Demo?>(nil)
  private let configuration: ClientConfiguration
  private let now: @Sendable () -> Date

  /// - Parameter now: when a demo favourite is added (the wall clock unless a test gives one).
  init(configuration: ClientConfiguration, now: @escaping @Sendable () -> Date = { Date() }) {
    self.configuration = configuration
    self.now = now
  }

  /// Starts the demo server and sends everything to it from now on.
  func switchOn() throws {
    let demoConfiguration = try DemoServer.configuration(like: configuration)
    demo.withLock {
      if $0 == nil {
        $0 = Demo(
          client: DemoServer.client(configuration: demoConfiguration), history: .inMemory(),
          favorites: .inMemory(now: now))
      }
    }
  }

  /// `dependencies` with client, history and favourites going through the switch.
  func wrap(_ dependencies: TunesDependencies) -> TunesDependencies {
    var wrapped = dependencies
    let live = dependencies
    wrapped.client = ITunesClient(
      fetch: { [self] request in
        try await (demo.withLock { $0?.client } ?? live.client).fetch(request)
      },
      pacing: { [self] in await (demo.withLock { $0?.client } ?? live.client).pacing() },
      fetchFeed: { [self] request in
        try await (demo.withLock { $0?.client } ?? live.client).fetchFeed(request)
      })
    wrapped.history = HistoryClient(
      recent: { [self] in try await (demo.withLock { $0?.history } ?? live.history).recent() },
      record: { [self] query, filters in
        try await (demo.withLock { $0?.history } ?? live.history).record(query, filters)
      },
      filters: { [self] query in
        try await (demo.withLock { $0?.history } ?? live.history).filters(query)
      },
      remove: { [self] query in
        try await (demo.withLock { $0?.history } ?? live.history).remove(query)
      },
      clear: { [self] in try await (demo.withLock { $0?.history } ?? live.history).clear() })
    wrapped.favorites = FavoritesClient(
      list: { [self] in try await (demo.withLock { $0?.favorites } ?? live.favorites).list() },
      ids: { [self] in try await (demo.withLock { $0?.favorites } ?? live.favorites).ids() },
      setFavorite: { [self] item, favorite in
        try await (demo.withLock { $0?.favorites } ?? live.favorites).setFavorite(item, favorite)
      },
      window: { [self] request in
        try await (demo.withLock { $0?.favorites } ?? live.favorites).window(request)
      },
      take: { [self] id in try await (demo.withLock { $0?.favorites } ?? live.favorites).take(id) },
      restore: { [self] row in
        try await (demo.withLock { $0?.favorites } ?? live.favorites).restore(row)
      })
    wrapped.switchToDemo = { [self] in try switchOn() }
    return wrapped
  }
}
