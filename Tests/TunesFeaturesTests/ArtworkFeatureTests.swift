import AppArchitecture
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Artwork in the store")
struct ArtworkFeatureTests {
  /// A client that records what it was asked for and answers from `answers` (else ready).
  final class Recorder: Sendable {
    let asked = Mutex<[String]>([])
    let answers: [String: String]
    init(answers: [String: String] = [:]) { self.answers = answers }

    var client: ArtworkClient {
      ArtworkClient(enabled: true, cellWidth: 10, cellHeight: 20) { need in
        self.asked.withLock { $0.append(need.key) }
        return self.answers[need.key]
      }
    }
  }

  static let first = ArtworkNeed(url: "https://is1.example/a/100x100bb.jpg", pixels: 100)
  static let second = ArtworkNeed(url: "https://is1.example/b/100x100bb.jpg", pixels: 100)

  func store(_ recorder: Recorder, enabled: Bool = true) -> TestStore<AppState, AppAction> {
    var dependencies = Samples.dependencies()
    dependencies.artwork = enabled ? recorder.client : .disabled
    var state = AppState()
    state.artwork = ArtworkState(enabled: enabled)
    return makeStore(state, dependencies)
  }

  static func metrics(_ needs: [ArtworkNeed]) -> ScreenMetrics {
    var metrics = ScreenMetrics()
    metrics.artwork = needs
    return metrics
  }

  @Test("sizes: the smallest of Apple's steps covering the area; none without a URL or when off")
  func sizing() {
    let state = ArtworkState(enabled: true, cellWidth: 10, cellHeight: 20)
    #expect(state.need(url: "https://x/1/100x100bb.jpg", columns: 10, rows: 5)?.pixels == 100)
    #expect(
      state.need(url: "https://x/1/100x100bb.jpg", columns: 19, rows: 10)?.key
        == "https://x/1/200x200bb.jpg")
    #expect(state.need(url: "https://x/1/100x100bb.jpg", columns: 80, rows: 40)?.pixels == 600)
    #expect(state.need(url: nil, columns: 10, rows: 5) == nil)
    #expect(
      ArtworkState(enabled: false).need(url: "https://x/1/100x100bb.jpg", columns: 10, rows: 5)
        == nil)
  }

  @Test("what the screen measured is fetched; a ready artwork is placed, a failed one is not")
  func fetchesWanted() async throws {
    let recorder = Recorder(answers: [Self.second.key: "the artwork server answered 404"])
    let store = store(recorder)
    try await store.send(.layoutMeasured(Self.metrics([Self.first, Self.second]))) {
      $0.metrics = Self.metrics([Self.first, Self.second])
      $0.artwork.statuses = [Self.first.key: .loading, Self.second.key: .loading]
    }
    // The two fetches run at once: their answers may come in either order.
    for _ in 0..<2 {
      var answered: (key: String, failure: String?)?
      let isAnswer: (AppAction) -> Bool = {
        guard case .artwork(.loaded(let key, let failure)) = $0 else { return false }
        answered = (key, failure)
        return true
      }
      try await store.receive(matching: isAnswer) { state in
        guard let answered else { return }
        state.artwork.statuses[answered.key] = answered.failure == nil ? .ready : .failed
      }
    }
    #expect(Set(recorder.asked.withLock { $0 }) == [Self.first.key, Self.second.key])
    #expect(store.state.artwork.readyKey(Self.first) == Self.first.key)
    #expect(store.state.artwork.readyKey(Self.second) == nil)
    // Measuring the same again asks for nothing: ready and failed artwork is not refetched.
    try await store.send(.layoutMeasured(Self.metrics([Self.second, Self.first]))) {
      $0.metrics = Self.metrics([Self.second, Self.first])
    }
    #expect(recorder.asked.withLock { $0 }.count == 2)
  }

  /// The screen wants the first artwork, and it arrives.
  func loadFirst(_ store: TestStore<AppState, AppAction>) async throws {
    try await store.send(.layoutMeasured(Self.metrics([Self.first]))) {
      $0.metrics = Self.metrics([Self.first])
      $0.artwork.statuses = [Self.first.key: .loading]
    }
    try await store.receive(.artwork(.loaded(key: Self.first.key, failure: nil))) {
      $0.artwork.statuses[Self.first.key] = .ready
    }
  }

  @Test("a ready artwork whose pixels went missing is fetched again, a few times at most")
  func refetchesMissing() async throws {
    let recorder = Recorder()
    let store = store(recorder)
    try await loadFirst(store)
    for count in 1...ArtworkState.maximumRefetches {
      try await store.send(.artwork(.pixelsMissing(key: Self.first.key))) {
        $0.artwork.refetches[Self.first.key] = count
        $0.artwork.statuses[Self.first.key] = .loading
      }
      try await store.receive(.artwork(.loaded(key: Self.first.key, failure: nil))) {
        $0.artwork.statuses[Self.first.key] = .ready
      }
    }
    #expect(recorder.asked.withLock { $0 }.count == 1 + ArtworkState.maximumRefetches)
    try await store.send(.artwork(.pixelsMissing(key: Self.first.key))) {
      $0.artwork.statuses[Self.first.key] = .failed
    }
    // Reports about artwork that is not ready change nothing.
    try await store.send(.artwork(.pixelsMissing(key: Self.second.key)))
    try await store.send(.artwork(.undrawable(key: Self.second.key)))
    try await store.finish()
  }

  @Test("a ready artwork this terminal cannot draw keeps its placeholder and is not refetched")
  func undrawable() async throws {
    let recorder = Recorder()
    let store = store(recorder)
    try await loadFirst(store)
    try await store.send(.artwork(.undrawable(key: Self.first.key))) {
      $0.artwork.statuses[Self.first.key] = .failed
    }
    try await store.send(.layoutMeasured(Self.metrics([Self.first, Self.first]))) {
      $0.metrics = Self.metrics([Self.first, Self.first])
    }
    #expect(recorder.asked.withLock { $0 }.count == 1)
    try await store.finish()
  }

  @Test("a fetch no longer wanted is cancelled and its answer dropped")
  func scrolledAway() async throws {
    var dependencies = Samples.dependencies()
    // Fetches that end only when cancelled.
    dependencies.artwork = ArtworkClient(enabled: true, cellWidth: 10, cellHeight: 20) { _ in
      try? await Task.sleep(for: .seconds(3600))
      return "cancelled"
    }
    var state = AppState()
    state.artwork = ArtworkState(enabled: true)
    let store = makeStore(state, dependencies)
    try await store.send(.layoutMeasured(Self.metrics([Self.first]))) {
      $0.metrics = Self.metrics([Self.first])
      $0.artwork.statuses = [Self.first.key: .loading]
    }
    try await store.send(.layoutMeasured(Self.metrics([Self.second]))) {
      $0.metrics = Self.metrics([Self.second])
      $0.artwork.statuses = [Self.second.key: .loading]
    }
    #expect(store.inFlightEffectCount == 1)
    try await store.send(.artwork(.loaded(key: Self.first.key, failure: nil)))
    #expect(store.state.artwork.statuses[Self.first.key] == nil)
    // Scrolled away again: the second fetch is cancelled too, and nothing is left running.
    try await store.send(.layoutMeasured(Self.metrics([]))) {
      $0.metrics = Self.metrics([])
      $0.artwork.statuses = [:]
    }
    try await store.finish()
  }

  @Test("with artwork off nothing is fetched")
  func off() async throws {
    let recorder = Recorder()
    let store = store(recorder, enabled: false)
    try await store.send(.layoutMeasured(Self.metrics([Self.first]))) {
      $0.metrics = Self.metrics([Self.first])
    }
    #expect(recorder.asked.withLock { $0 }.isEmpty)
  }
}
