import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// Counts the charts a row asked for.
final class AskedCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite("A chart row, on its own state")
struct ChartRowFeatureTests {
  /// A row feature whose chart answers with `answer` (counting the requests in `asked`).
  static func feature(
    asked: AskedCount? = nil,
    _ answer: @escaping @Sendable (ChartKind) throws -> ChartPage
  ) -> ChartRowFeature<ChartKind> {
    ChartRowFeature(
      request: FeatureRequest(Samples.dependencies()), cancelID: EffectID("row")
    ) { _, chart in
      asked?.add()
      return try answer(chart)
    }
  }

  @Test("a load takes the row's next generation; its answer fills the row, an older one is dropped")
  func loadAndStale() async throws {
    let songs = HomeFeatureTests.songs(3)
    let store = TestStore(
      initialState: HomeRow(chart: .songs),
      reducer: Self.feature { _ in ChartPage(items: songs, skippedCount: 1, format: .v2) })
    try await store.send(.loadRequested) {
      $0.generation = 1
      $0.items = .loading(previous: nil)
    }
    try await store.receive(
      .loaded(generation: 1, .success(ChartPage(items: songs, skippedCount: 1, format: .v2)))
    ) {
      $0.items = .loaded(songs)
      $0.skipped = 1
    }
    // An answer to a load the row no longer holds (or while it is not loading) changes nothing.
    try await store.send(.loaded(generation: 0, .failure(.client(.cancelled))))
    try await store.send(.loaded(generation: 1, .failure(.client(.cancelled))))
    try await store.finish()
  }

  @Test("a failed reload keeps the entries it had, and the selection stays within the answer")
  func failureKeepsPrevious() async throws {
    let songs = HomeFeatureTests.songs(4)
    var row = HomeRow(chart: .albums, items: .loaded(songs), selection: 3, generation: 1)
    let store = TestStore(
      initialState: row,
      reducer: Self.feature { _ in throw ClientError.timedOut(seconds: 15) })
    try await store.send(.loadRequested) {
      $0.generation = 2
      $0.items = .loading(previous: songs)
    }
    try await store.receive(.loaded(generation: 2, .failure(.client(.timedOut(seconds: 15))))) {
      $0.items = .failed(.client(.timedOut(seconds: 15)), previous: songs)
    }
    try await store.finish()
    row = store.state
    // A shorter answer pulls the selection back to its last entry.
    let shorter = TestStore(
      initialState: row,
      reducer: Self.feature { _ in ChartPage(items: Array(songs.prefix(2)), format: .v2) })
    try await shorter.send(.loadRequested) {
      $0.generation = 3
      $0.items = .loading(previous: songs)
    }
    try await shorter.receive(
      .loaded(generation: 3, .success(ChartPage(items: Array(songs.prefix(2)), format: .v2)))
    ) {
      $0.items = .loaded(Array(songs.prefix(2)))
      $0.selection = 1
    }
    try await shorter.finish()
  }

  @Test("moving along the row stops at its ends; up and down are the owner's; clicks select")
  func moving() async throws {
    let asked = AskedCount()
    let store = TestStore(
      initialState: HomeRow(chart: .songs, items: .loaded(HomeFeatureTests.songs(3))),
      reducer: Self.feature(asked: asked) { _ in ChartPage(items: [], format: .v2) })
    try await store.send(.selectionMoved(.left))
    try await store.send(.selectionMoved(.right)) { $0.selection = 1 }
    try await store.send(.selectionMoved(.last)) { $0.selection = 2 }
    try await store.send(.selectionMoved(.right))
    try await store.send(.selectionMoved(.down))
    try await store.send(.selectionMoved(.pageUp))
    try await store.send(.selectionMoved(.first)) { $0.selection = 0 }
    try await store.send(.tileSelected(2)) { $0.selection = 2 }
    try await store.send(.tileSelected(3))
    try await store.finish()
    #expect(asked.value == 0)
  }
}
