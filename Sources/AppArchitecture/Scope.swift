/// Runs a child feature's reducer on part of a parent's state, for the parent's child actions.
///
/// ```swift
/// Scope(state: \.search, action: { if case .search(let a) = $0 { a } else { nil } },
///       embed: AppAction.search, child: SearchFeature(client: client))
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  private let state: WritableKeyPath<ParentState, Child.State>
  private let extract: (ParentAction) -> Child.Action?
  private let embed: @Sendable (Child.Action) -> ParentAction
  private let child: Child

  /// Creates a scope.
  /// - Parameters:
  ///   - state: where the child's state lives in the parent's.
  ///   - action: extracts a child action from a parent action, `nil` for other actions.
  ///   - embed: wraps a child action (sent by the child's effects) as a parent action.
  ///   - child: the child's reducer.
  public init(
    state: WritableKeyPath<ParentState, Child.State>,
    action: @escaping (ParentAction) -> Child.Action?,
    embed: @escaping @Sendable (Child.Action) -> ParentAction,
    child: Child
  ) {
    self.state = state
    self.extract = action
    self.embed = embed
    self.child = child
  }

  /// Reduces child actions into the child's state; ignores other actions.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: self.state], action: childAction).map(embed)
  }
}

/// Runs several reducers on the same state, in order, and merges their effects.
public struct CombineReducers<State, Action>: Reducer {
  private let reducers: [any Reducer<State, Action>]

  /// Combines `reducers`; each sees the state as left by the previous one.
  public init(_ reducers: [any Reducer<State, Action>]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order and merges the effects in the same order.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .merge(reducers.map { $0.reduce(into: &state, action: action) })
  }
}
