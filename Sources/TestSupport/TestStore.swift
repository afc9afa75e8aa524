import AppArchitecture
import Foundation

/// A store for tests that checks every state change and every action effects send back.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock.clock))
/// try await store.send(.incrementTapped) { $0.count = 1 }
/// try await store.receive(.timerTicked) { $0.ticks = 1 }
/// try await store.finish()
/// ```
/// Each step throws a ``TestStoreFailure`` describing expected against actual, so tests call
/// it with `try`. It is exhaustive: `send` fails if actions from effects are waiting to be
/// received, and `finish` fails if effects are still running or actions were not received.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable> {
  /// The state after the last step.
  public private(set) var state: State
  /// How long `receive` and `finish` wait (yielding, never sleeping) for effects.
  public var timeout: Duration

  private let reducer: (inout State, Action) -> Effect<Action>
  private var received: [Action] = []
  private lazy var runner = EffectRunner<Action> { [weak self] action in
    self?.received.append(action)
  }

  /// Creates a test store.
  /// - Parameters:
  ///   - initialState: the state before the first action.
  ///   - reducer: the reducer under test.
  ///   - timeout: the bound on waiting for effects; the default is one second.
  public init<R: Reducer>(
    initialState: State, reducer: R, timeout: Duration = .seconds(1)
  ) where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer.reduce(into:action:)
    self.timeout = timeout
  }

  /// The number of effect tasks still running.
  public var inFlightEffectCount: Int { runner.inFlightCount }

  /// Actions sent by effects that have not been received yet.
  public var pendingActions: [Action] { received }

  /// Sends `action` and checks that the state changed as `expected` describes.
  /// - Parameters:
  ///   - action: the action to reduce.
  ///   - expected: mutates a copy of the previous state into the expected state; omit it
  ///     when the state must not change.
  /// - Throws: ``TestStoreFailure/unhandledActions(_:)`` if effects' actions are waiting, or
  ///   ``TestStoreFailure/stateMismatch(action:diff:)``.
  public func send(
    _ action: Action, _ expected: ((inout State) throws -> Void)? = nil
  ) async throws {
    try assertNoPendingActions()
    try reduce(action, expected: expected)
    await Task.megaYield()
  }

  /// Waits for an effect to send `action`, reduces it, and checks the state.
  /// - Throws: ``TestStoreFailure/noActionReceived(expected:)`` after `timeout`,
  ///   ``TestStoreFailure/unexpectedAction(expected:actual:)``, or a state mismatch.
  public func receive(
    _ action: Action, _ expected: ((inout State) throws -> Void)? = nil
  ) async throws {
    await waitUntil { !self.received.isEmpty }
    guard let actual = received.first else {
      throw TestStoreFailure.noActionReceived(expected: describe(action))
    }
    guard actual == action else {
      throw TestStoreFailure.unexpectedAction(
        expected: describe(action), actual: describe(actual))
    }
    received.removeFirst()
    try reduce(actual, expected: expected)
    await Task.megaYield()
  }

  /// Waits for an effect to send an action that `matches` accepts (for actions whose
  /// payload the test cannot spell out, such as errors), reduces it, and checks the state.
  /// - Throws: like ``receive(_:_:)``; `unexpectedAction` names the action that did not match.
  public func receive(
    matching matches: (Action) -> Bool, _ expected: ((inout State) throws -> Void)? = nil
  ) async throws {
    await waitUntil { !self.received.isEmpty }
    guard let actual = received.first else {
      throw TestStoreFailure.noActionReceived(expected: "an action matching the predicate")
    }
    guard matches(actual) else {
      throw TestStoreFailure.unexpectedAction(
        expected: "an action matching the predicate", actual: describe(actual))
    }
    received.removeFirst()
    try reduce(actual, expected: expected)
    await Task.megaYield()
  }

  /// Throws if effects sent actions that have not been received.
  public func assertNoPendingActions() throws {
    guard received.isEmpty else {
      throw TestStoreFailure.unhandledActions(received.map(describe))
    }
  }

  /// Waits (bounded by `timeout`) for effects to finish, then checks that none is running
  /// and that every action they sent was received.
  public func finish() async throws {
    await waitUntil { self.runner.inFlightCount == 0 }
    try assertNoPendingActions()
    guard runner.inFlightCount == 0 else {
      throw TestStoreFailure.effectsStillRunning(count: runner.inFlightCount)
    }
  }

  /// Cancels every running effect, for tests that do not care how they end.
  public func skipInFlightEffects() async {
    runner.cancelAll()
    await Task.megaYield()
  }

  /// Drops actions sent by effects without checking them.
  public func skipReceivedActions() {
    received.removeAll()
  }

  private func reduce(_ action: Action, expected: ((inout State) throws -> Void)?) throws {
    var expectedState = state
    try expected?(&expectedState)
    let effect = reducer(&state, action)
    runner.run(effect)
    guard state == expectedState else {
      throw TestStoreFailure.stateMismatch(
        action: describe(action),
        diff: TestStoreFailure.diff(expected: expectedState, actual: state))
    }
  }

  private func waitUntil(_ condition: @MainActor () -> Bool) async {
    await Task.megaYield()
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition(), clock.now < deadline {
      await Task.yield()
    }
  }

  private func describe(_ value: some Any) -> String {
    String(describing: value)
  }
}

/// Why a `TestStore` step failed; the description shows expected against actual.
public enum TestStoreFailure: Error, Equatable, LocalizedError, CustomStringConvertible {
  /// The state after an action differs from the expected state.
  case stateMismatch(action: String, diff: String)
  /// `receive` waited and no action arrived from an effect.
  case noActionReceived(expected: String)
  /// An effect sent a different action than the one expected.
  case unexpectedAction(expected: String, actual: String)
  /// Actions sent by effects were never checked with `receive`.
  case unhandledActions([String])
  /// Effects were still running when the test finished.
  case effectsStillRunning(count: Int)

  /// A human-readable account of the failure.
  public var description: String {
    switch self {
    case .stateMismatch(let action, let diff):
      return "State after \(action) differs from the expectation (− expected, + actual):\n\(diff)"
    case .noActionReceived(let expected):
      return "Expected to receive \(expected), but no action arrived in time."
    case .unexpectedAction(let expected, let actual):
      return "Expected to receive \(expected), but received \(actual)."
    case .unhandledActions(let actions):
      return "\(actions.count) action(s) from effects were not received:\n"
        + actions.map { "  \($0)" }.joined(separator: "\n")
    case .effectsStillRunning(let count):
      return "\(count) effect(s) were still running at the end of the test."
    }
  }

  /// Same as ``description``.
  public var errorDescription: String? { description }

  /// What to change in the test.
  public var recoverySuggestion: String? {
    switch self {
    case .stateMismatch:
      return "Update the expected mutation in the closure, or fix the reducer."
    case .noActionReceived, .unexpectedAction:
      return "Check the effect's output, advance the test clock, or receive the actions in order."
    case .unhandledActions:
      return "Add `receive` calls for these actions, or call `skipReceivedActions()`."
    case .effectsStillRunning:
      return "Advance the clock, send a cancelling action, or call `skipInFlightEffects()`."
    }
  }

  /// A line diff of two values' `dump` output, lines marked `−` (expected) and `+` (actual).
  public static func diff<T>(expected: T, actual: T) -> String {
    var expectedDump = ""
    var actualDump = ""
    dump(expected, to: &expectedDump)
    dump(actual, to: &actualDump)
    let old = expectedDump.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actualDump.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
      let left = index < old.count ? String(old[index]) : nil
      let right = index < new.count ? String(new[index]) : nil
      if left == right {
        if let left, !left.isEmpty { lines.append("  \(left)") }
      } else {
        if let left { lines.append("− \(left)") }
        if let right { lines.append("+ \(right)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
