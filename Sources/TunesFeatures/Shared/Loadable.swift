/// A value that arrives later: not asked for, on its way, here, or failed.
///
/// While a new value loads, the previous one is kept (`previous`) so a screen can draw it dimmed
/// under a spinner instead of flashing empty.
public enum Loadable<Value> {
  /// Nothing asked for yet.
  case idle
  /// On its way; `previous` is what was shown before, if anything.
  case loading(previous: Value?)
  /// Here.
  case loaded(Value)
  /// Failed; `previous` is what was shown before, if anything.
  case failed(FeatureError, previous: Value?)

  /// The loaded value, or the previous one while loading or after a failure.
  public var value: Value? {
    switch self {
    case .idle: return nil
    case .loading(let previous): return previous
    case .loaded(let value): return value
    case .failed(_, let previous): return previous
    }
  }

  /// The loaded value only (not a previous one).
  public var loadedValue: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The failure, if the last load failed.
  public var error: FeatureError? {
    if case .failed(let error, _) = self { return error }
    return nil
  }

  /// `.loading`, keeping whatever is shown now.
  public var reloading: Loadable {
    .loading(previous: value)
  }

  /// `.failed` with `error`, keeping whatever is shown now.
  public func failing(_ error: FeatureError) -> Loadable {
    .failed(error, previous: value)
  }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Sendable where Value: Sendable {}
