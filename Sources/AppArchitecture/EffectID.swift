/// A type-erased cancellation identifier for effects.
///
/// Any `Hashable & Sendable` value can identify an effect: an enum case, a string, a private
/// empty struct type's instance. Two ids are equal when their wrapped values are equal and of
/// the same type.
public struct EffectID: Hashable, @unchecked Sendable {
  // `AnyHashable` is not `Sendable`, but it only ever wraps a `Sendable` value (see `init`).
  private let base: AnyHashable

  /// Wraps a hashable, sendable value as an effect id.
  public init(_ base: some Hashable & Sendable) {
    if let already = base as? EffectID {
      self = already
    } else {
      self.base = AnyHashable(base)
    }
  }
}

extension EffectID: CustomStringConvertible {
  /// The wrapped value, described.
  public var description: String { "EffectID(\(base))" }
}
