/// The runtime of a feature: holds the state, runs the reducer, starts effects.
///
/// `send(_:)` runs the reducer synchronously, tells the observer, then starts the effect.
/// Effects run as main-actor tasks whose actions come back through `send(_:)`.
@MainActor
public final class Store<State, Action> {
  /// The current state. Changed only by the reducer.
  public private(set) var state: State

  /// Called after every action has been reduced, with the new state (the renderer's hook).
  ///
  /// It is called once per action, even when the state did not change; coalescing redraws is
  /// the caller's job.
  public var observer: (@MainActor (State) -> Void)?

  private let reducer: (inout State, Action) -> Effect<Action>
  private lazy var runner = EffectRunner<Action> { [weak self] action in self?.send(action) }

  /// Creates a store with an initial state and a reducer.
  public init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer.reduce(into:action:)
  }

  /// The number of effect tasks still running.
  public var inFlightEffectCount: Int { runner.inFlightCount }

  /// Reduces `action`, notifies the observer, then starts the resulting effect.
  public func send(_ action: Action) {
    let effect = reducer(&state, action)
    observer?(state)
    runner.run(effect)
  }

  /// Waits for every running effect (and the effects they start) to finish.
  public func finish() async {
    await runner.waitForAll()
  }

  /// Cancels every running effect (for shutdown).
  public func cancelAllEffects() {
    runner.cancelAll()
  }
}
