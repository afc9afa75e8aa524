/// Starts the tasks an ``Effect`` describes and keeps track of them for cancellation.
///
/// Both ``Store`` and the test store use it, so cancellation behaves the same in the app and
/// in tests. Every task runs on the main actor; actions it sends go to the `send` handler.
@MainActor
public final class EffectRunner<Action> {
  private let send: @MainActor (Action) -> Void
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var idsByTask: [Int: EffectID] = [:]
  private var tasksByID: [EffectID: Set<Int>] = [:]
  private var nextKey = 0

  /// Creates a runner whose effects deliver their actions to `send`.
  public init(send: @escaping @MainActor (Action) -> Void) {
    self.send = send
  }

  /// The number of effect tasks started and not yet finished or cancelled.
  public var inFlightCount: Int { tasks.count }

  /// Carries out `effect`: sends actions, starts tasks, cancels tasks.
  public func run(_ effect: Effect<Action>) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      send(action)
    case .cancel(let id):
      cancel(id: id)
    case .merge(let effects):
      for effect in effects { run(effect) }
    case .run(let run):
      start(run)
    }
  }

  /// Cancels every running task started with `id`.
  public func cancel(id: EffectID) {
    guard let keys = tasksByID.removeValue(forKey: id) else { return }
    for key in keys.sorted() {
      idsByTask[key] = nil
      tasks.removeValue(forKey: key)?.cancel()
    }
  }

  /// Cancels every running task.
  public func cancelAll() {
    for (_, task) in tasks { task.cancel() }
    tasks = [:]
    idsByTask = [:]
    tasksByID = [:]
  }

  /// Waits until no effect is running, including effects started meanwhile.
  ///
  /// Tasks that have been cancelled are no longer tracked and are not awaited.
  public func waitForAll() async {
    while let task = tasks.min(by: { $0.key < $1.key })?.value {
      await task.value
    }
  }

  private func start(_ run: Effect<Action>.Run) {
    if let id = run.id, run.cancelInFlight { cancel(id: id) }
    let key = nextKey
    nextKey += 1
    let forward = Send<Action> { [weak self] action in self?.send(action) }
    let body = run.body
    let task = Task(priority: run.priority) { [weak self] in
      await body(forward)
      self?.finished(key)
    }
    tasks[key] = task
    if let id = run.id {
      idsByTask[key] = id
      tasksByID[id, default: []].insert(key)
    }
  }

  private func finished(_ key: Int) {
    tasks[key] = nil
    guard let id = idsByTask.removeValue(forKey: key) else { return }
    tasksByID[id]?.remove(key)
    if tasksByID[id]?.isEmpty == true { tasksByID[id] = nil }
  }
}
