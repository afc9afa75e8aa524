/// What one block of a screen shows: its three states, decoupled from the feature's
/// `Loadable` so the drawing code can be tested with plain values.
public enum BlockContent<Value: Sendable>: Sendable {
  /// On its way (a spinner).
  case loading
  /// Failed: what happened and what to do.
  case failed(title: String, suggestion: String)
  /// Here.
  case loaded(Value)

  /// The loaded value, if any.
  public var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }
}

extension BlockContent: Equatable where Value: Equatable {}
