import AppArchitecture
import Testing

@testable import TestSupport

/// A parent embedding the demo feature, to check `Scope` and `CombineReducers`.
struct ParentFeature {
  struct State: Equatable {
    var demo = DemoFeature.State()
    var parentEvents = 0
  }

  enum Action: Equatable {
    case demo(DemoFeature.Action)
    case resetTapped
  }

  static func reducer(clock: AppClock) -> CombineReducers<State, Action> {
    CombineReducers([
      Scope(
        state: \State.demo,
        action: { (action: Action) -> DemoFeature.Action? in
          if case .demo(let child) = action { return child }
          return nil
        },
        embed: Action.demo,
        child: DemoFeature(clock: clock, search: { query in [query] })),
      Reduce { (state: inout State, action: Action) -> Effect<Action> in
        state.parentEvents += 1
        if action == .resetTapped { state.demo.count = 0 }
        return .none
      },
    ])
  }
}

@MainActor
@Suite("Composing reducers")
struct ScopeTests {
  @Test("a scoped child reduces its own state and its effects come back wrapped")
  func scopedChild() async throws {
    let clock = TestClock()
    let store = TestStore(
      initialState: ParentFeature.State(), reducer: ParentFeature.reducer(clock: clock.clock))
    try await store.send(.demo(.incrementTapped)) {
      $0.demo.count = 1
      $0.parentEvents = 1
    }
    try await store.send(.demo(.factTapped)) { $0.parentEvents = 2 }
    try await store.receive(.demo(.factResponse("1 is a number"))) {
      $0.demo.log = ["1 is a number"]
      $0.parentEvents = 3
    }
    try await store.send(.resetTapped) {
      $0.demo.count = 0
      $0.parentEvents = 4
    }
    try await store.finish()
  }
}
