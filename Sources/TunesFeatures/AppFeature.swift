import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// The app's reducer: search, filters, detail, favourites, navigation, links and quitting.
///
/// Pure and synchronous: every I/O is an effect built from `dependencies`, whose result comes
/// back as an action.
public struct AppFeature: Reducer {
  /// What the effects use.
  public let dependencies: TunesDependencies

  /// Makes the reducer with its dependencies.
  public init(dependencies: TunesDependencies) {
    self.dependencies = dependencies
  }

  /// Applies `action` to `state` and returns the effect to run next.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    if action.isInput { state.notice = nil }
    return .none
  }
}
