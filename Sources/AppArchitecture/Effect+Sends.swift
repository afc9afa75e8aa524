extension Effect {
  /// Splits off the actions this effect would send at once (`.send`, also inside `.merge`)
  /// that `matches` accepts, and returns the effect without them.
  ///
  /// A parent uses it to handle a child's delegate actions in the same step as the action that
  /// caused them (the state after one action is whole, never half-done), instead of as a
  /// separate action after it. Actions sent later by running work are not affected: they come
  /// back through the store as usual.
  public func extractingSends(where matches: (Action) -> Bool) -> (
    effect: Effect, actions: [Action]
  ) {
    switch operation {
    case .none, .run, .cancel:
      return (self, [])
    case .send(let action):
      return matches(action) ? (.none, [action]) : (self, [])
    case .merge(let effects):
      var kept: [Effect] = []
      var actions: [Action] = []
      for effect in effects {
        let split = effect.extractingSends(where: matches)
        kept.append(split.effect)
        actions += split.actions
      }
      return (.merge(kept), actions)
    }
  }
}
