/// Runs a child feature's reducer on state that is not always there: an optional part of the
/// parent's state (an overlay that may be closed, the top screen of a stack that may be
/// another kind). A child action that arrives while the state is absent is ignored.
///
/// The path is usually a computed property that reads and writes one enum case:
///
/// ```swift
/// IfLet(state: \AppState.settingsPanel, action: { if case .settings(let a) = $0 { a } else { nil } },
///       embed: AppAction.settings, child: SettingsFeature())
/// ```
public struct IfLet<ParentState, ParentAction, Child: Reducer>: Reducer {
  private let state: WritableKeyPath<ParentState, Child.State?>
  private let extract: (ParentAction) -> Child.Action?
  private let embed: @Sendable (Child.Action) -> ParentAction
  private let child: Child

  /// Creates an optional scope.
  /// - Parameters:
  ///   - state: where the child's state lives in the parent's, `nil` while it is absent.
  ///   - action: extracts a child action from a parent action, `nil` for other actions.
  ///   - embed: wraps a child action (sent by the child's effects) as a parent action.
  ///   - child: the child's reducer.
  public init(
    state: WritableKeyPath<ParentState, Child.State?>,
    action: @escaping (ParentAction) -> Child.Action?,
    embed: @escaping @Sendable (Child.Action) -> ParentAction,
    child: Child
  ) {
    self.state = state
    self.extract = action
    self.embed = embed
    self.child = child
  }

  /// Reduces child actions into the child's state when it is present; ignores other actions.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extract(action), var childState = state[keyPath: self.state] else {
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state[keyPath: self.state] = childState
    return effect.map(embed)
  }
}
