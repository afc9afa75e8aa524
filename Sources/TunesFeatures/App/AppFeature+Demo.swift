import AppArchitecture

extension AppFeature {
  /// `d` on a "cannot reach Apple" error switches the session to the built-in demo catalogue,
  /// then runs the search that failed again.
  func reduceDemo(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .demoRequested:
      guard state.demoAvailable, !state.isDemo, let switchToDemo = dependencies.switchToDemo
      else { return .none }
      state.demoAvailable = false
      state.notice = "Starting the demo catalogue…"
      return .run { send in
        do {
          try await switchToDemo()
          send(.demoSwitched(nil))
        } catch {
          send(.demoSwitched(FeatureError(error)))
        }
      }
    case .demoSwitched(nil):
      state.isDemo = true
      state.notice = "Switched to the demo catalogue for this session: every item is made up."
      // The failed search runs again at once (not as an input action, which would clear the
      // notice saying what happened).
      guard state.search.submitted != nil else { return .none }
      return dispatch(&state, .search(.retryRequested))
    case .demoSwitched(let error?):
      state.demoAvailable = dependencies.switchToDemo != nil
      state.notice = "The demo catalogue could not start: \(error.title)"
      return .none
    default:
      return .none
    }
  }
}

extension FeatureError {
  /// Whether Apple could not be reached at all (no route, DNS failure, connection refused), the
  /// case where the app offers the demo catalogue.
  public var isUnreachable: Bool {
    switch self {
    case .client(.cannotConnect), .client(.hostNotFound), .client(.offline): return true
    default: return false
    }
  }
}
