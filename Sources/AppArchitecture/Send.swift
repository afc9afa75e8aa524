/// The function an effect uses to feed actions back into its store.
///
/// Call it like a function: `send(.searchResponse(id: id, result: result))`. It runs on the
/// main actor. Actions sent after the effect's task has been cancelled are dropped, so a
/// cancelled request can never deliver a late response.
@MainActor
public struct Send<Action>: Sendable {
  private let handler: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that forwards each action to `handler`.
  public init(_ handler: @escaping @MainActor @Sendable (Action) -> Void) {
    self.handler = handler
  }

  /// Sends `action` back to the store, unless the current task has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    handler(action)
  }
}
