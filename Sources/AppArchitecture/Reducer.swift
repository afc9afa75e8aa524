/// A feature's logic: how an action changes the state and which effect follows.
///
/// Reducers are pure and synchronous: no I/O, no clocks, no randomness inside `reduce`.
/// Everything else is an ``Effect`` whose results come back as actions.
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// What can happen to the feature.
  associatedtype Action

  /// Applies `action` to `state` and returns the effect to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer made from a closure.
public struct Reduce<State, Action>: Reducer {
  private let body: (inout State, Action) -> Effect<Action>

  /// Creates a reducer that calls `body` for every action.
  public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    self.body = body
  }

  /// Calls the closure given at creation.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
