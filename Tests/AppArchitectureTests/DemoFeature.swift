import AppArchitecture
import Synchronization

/// A small counter-and-search feature used to exercise the architecture.
struct DemoFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var query = ""
    var requestID = 0
    var isSearching = false
    var results: [String] = []
    var log: [String] = []
  }

  enum Action: Equatable {
    case incrementTapped
    case factTapped
    case factResponse(String)
    case queryChanged(String)
    case searchTriggered
    case searchResponse(id: Int, results: [String])
    case cancelSearchTapped
    case mergeTapped
    case merged(String)
    case timerStarted
    case timerTicked
  }

  enum CancelID: Hashable, Sendable { case debounce, search }

  var clock: AppClock
  var search: nonisolated(nonsending) @Sendable (String) async throws -> [String]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .factTapped:
      let count = state.count
      return .run { send in send(.factResponse("\(count) is a number")) }
    case .factResponse(let fact):
      state.log.append(fact)
      return .none
    case .queryChanged(let query):
      state.query = query
      let clock = clock
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        send(.searchTriggered)
      }
      .cancellable(id: CancelID.debounce, cancelInFlight: true)
    case .searchTriggered:
      state.requestID += 1
      state.isSearching = true
      let (id, query, search) = (state.requestID, state.query, search)
      return .run { send in
        let results = try await search(query)
        send(.searchResponse(id: id, results: results))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case .searchResponse(let id, let results):
      guard id == state.requestID else { return .none }
      state.isSearching = false
      state.results = results
      return .none
    case .cancelSearchTapped:
      state.isSearching = false
      return .cancel(id: CancelID.search)
    case .mergeTapped:
      return .merge(
        .send(.merged("sent")),
        .run { send in send(.merged("run")) },
        .none)
    case .merged(let source):
      state.log.append(source)
      return .none
    case .timerStarted:
      let clock = clock
      return .run { send in
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          send(.timerTicked)
        }
      }
    case .timerTicked:
      state.count += 1
      return .none
    }
  }
}

/// A search dependency that waits on the clock and records how each call ended.
final class RecordingSearch: Sendable {
  enum Outcome: Equatable, Sendable {
    case finished(String)
    case cancelled(String)
  }

  private let outcomes = Mutex<[Outcome]>([])
  let clock: AppClock
  let delay: Duration

  init(clock: AppClock, delay: Duration = .seconds(1)) {
    self.clock = clock
    self.delay = delay
  }

  var recorded: [Outcome] { outcomes.withLock { $0 } }

  /// Waits (polling, at most about 5 s) until `count` outcomes are recorded: a cancelled task records
  /// its outcome only when it next runs, after the store has already let go of it.
  func waitForOutcomes(_ count: Int) async throws {
    for _ in 0..<5_000 where recorded.count < count {
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  nonisolated(nonsending) func search(_ query: String) async throws -> [String] {
    do {
      try await clock.sleep(for: delay)
    } catch {
      outcomes.withLock { $0.append(.cancelled(query)) }
      throw error
    }
    outcomes.withLock { $0.append(.finished(query)) }
    return [query.uppercased()]
  }
}
