/// Work a reducer asks the store to do after it has updated the state.
///
/// An effect is a value: `.none`, an action to send, an asynchronous `run` whose results come
/// back as actions, a cancellation, or several effects merged. Reducers stay pure and
/// synchronous; the store (or a test store) interprets the returned effect.
public struct Effect<Action> {
  /// How an effect is carried out. Interpreted by ``EffectRunner``.
  public enum Operation {
    /// Nothing to do.
    case none
    /// Send this action straight back into the store, after the current one.
    case send(Action)
    /// Start a task running this work.
    case run(Run)
    /// Cancel every running effect with this id.
    case cancel(EffectID)
    /// Carry out these effects in order (tasks start in this order and then run concurrently).
    case merge([Effect])
  }

  /// A unit of asynchronous work, with its cancellation settings.
  public struct Run {
    /// The priority of the task that runs the work.
    public var priority: TaskPriority?
    /// The cancellation id, if the work is cancellable.
    public var id: EffectID?
    /// Whether starting this work first cancels running work with the same id.
    public var cancelInFlight: Bool
    /// The work itself; it runs on the main actor and suspends while awaiting I/O.
    public var body: @MainActor @Sendable (Send<Action>) async -> Void
  }

  /// The operation this effect performs.
  public let operation: Operation

  /// Creates an effect from an operation.
  public init(operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  public static var none: Self { Self(operation: .none) }

  /// An effect that immediately sends `action` back into the store.
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// An effect that cancels every running effect identified by `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(EffectID(id)))
  }

  /// Merges effects: each starts in array order and they then run concurrently.
  public static func merge(_ effects: [Self]) -> Self { Self(operation: .merge(effects)) }

  /// Merges effects given as variadic arguments.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// An effect that runs `operation` in a task; it may send any number of actions.
  ///
  /// The operation runs on the main actor: `await` calls to nonisolated async functions (a
  /// network client, a clock) run elsewhere and resume here, so the store is never blocked.
  /// Keep CPU-heavy work in nonisolated async functions.
  /// - Parameters:
  ///   - priority: the task priority, `nil` for the default.
  ///   - operation: the work; it receives a ``Send`` to deliver actions.
  ///   - handler: called with any error the operation throws other than `CancellationError`;
  ///     when `nil`, such errors are dropped.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@MainActor @Sendable (any Error, Send<Action>) async -> Void)? = nil
  ) -> Self {
    let body: @MainActor @Sendable (Send<Action>) async -> Void = { send in
      do {
        try await operation(send)
      } catch is CancellationError {
        return
      } catch {
        guard !Task.isCancelled, let handler else { return }
        await handler(error, send)
      }
    }
    return Self(
      operation: .run(Run(priority: priority, id: nil, cancelInFlight: false, body: body)))
  }

  /// Marks every `run` inside this effect as cancellable with `id`.
  /// - Parameters:
  ///   - id: the cancellation id; `.cancel(id:)` with an equal id cancels the work.
  ///   - cancelInFlight: when `true`, starting this work first cancels running work with the
  ///     same id (the pattern for "a new search replaces the old one" and for debouncing).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    cancellable(effectID: EffectID(id), cancelInFlight: cancelInFlight)
  }

  private func cancellable(effectID: EffectID, cancelInFlight: Bool) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(var run):
      run.id = effectID
      run.cancelInFlight = cancelInFlight
      return Self(operation: .run(run))
    case .merge(let effects):
      return .merge(
        effects.map { $0.cancellable(effectID: effectID, cancelInFlight: cancelInFlight) })
    }
  }

  /// Transforms the actions this effect sends, to embed a child feature's effect in a parent.
  /// - Parameter transform: turns a child action into a parent action.
  public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .cancel(let id):
      return Effect<Other>(operation: .cancel(id))
    case .merge(let effects):
      return .merge(effects.map { $0.map(transform) })
    case .run(let run):
      let body = run.body
      let mapped = Effect<Other>.Run(
        priority: run.priority, id: run.id, cancelInFlight: run.cancelInFlight,
        body: { send in await body(Send { action in send(transform(action)) }) })
      return Effect<Other>(operation: .run(mapped))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
extension Effect.Run: Sendable where Action: Sendable {}
