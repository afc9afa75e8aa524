import AppArchitecture
import Testing

@testable import TestSupport

/// A parent with an optional demo feature (a panel that may be closed).
struct OptionalParent {
  struct State: Equatable {
    var demo: DemoFeature.State?
  }

  enum Action: Equatable {
    case demo(DemoFeature.Action)
  }

  static func reducer(clock: AppClock) -> IfLet<State, Action, DemoFeature> {
    IfLet(
      state: \State.demo,
      action: { (action: Action) -> DemoFeature.Action? in
        if case .demo(let child) = action { return child }
        return nil
      },
      embed: Action.demo, child: DemoFeature(clock: clock, search: { query in [query] }))
  }
}

@MainActor
@Suite("Optional scopes and delegate sends")
struct IfLetTests {
  @Test("IfLet reduces the child while its state is there and its effects come back wrapped")
  func present() async throws {
    let clock = TestClock()
    let store = TestStore(
      initialState: OptionalParent.State(demo: DemoFeature.State()),
      reducer: OptionalParent.reducer(clock: clock.clock))
    try await store.send(.demo(.incrementTapped)) { $0.demo?.count = 1 }
    try await store.send(.demo(.factTapped))
    try await store.receive(.demo(.factResponse("1 is a number"))) {
      $0.demo?.log = ["1 is a number"]
    }
    try await store.finish()
  }

  @Test("IfLet ignores the child's actions while its state is absent")
  func absent() async throws {
    let clock = TestClock()
    let store = TestStore(
      initialState: OptionalParent.State(demo: nil),
      reducer: OptionalParent.reducer(clock: clock.clock))
    try await store.send(.demo(.incrementTapped))
    try await store.send(.demo(.factTapped))
    try await store.finish()
    #expect(store.state.demo == nil)
  }

  @Test("extractingSends takes the matching sends out of merges, in order, and keeps the rest")
  func extractingSends() {
    let effect = Effect<DemoFeature.Action>.merge(
      .send(.merged("a")), .send(.timerTicked),
      .merge(.send(.merged("b")), .run { _ in }), .cancel(id: 1))
    let split = effect.extractingSends {
      if case .merged = $0 { return true }
      return false
    }
    #expect(split.actions == [.merged("a"), .merged("b")])
    let again = split.effect.extractingSends { _ in true }
    #expect(again.actions == [.timerTicked], "what did not match stays in the effect")
    let none = Effect<DemoFeature.Action>.run { _ in }.extractingSends { _ in true }
    #expect(none.actions.isEmpty, "work that sends later is left alone")
  }
}
