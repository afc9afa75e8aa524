import TerminalUI
import TunesFeatures

/// The terminal app's whole state: the features' `AppState` plus what only the terminal
/// needs (the query box's cursor, scroll offsets kept between frames, the spinner's tick).
public struct TUIState: Sendable, Equatable {
  /// The domain state, owned by the `AppFeature` reducer.
  public var app: AppState
  /// The query box's text and cursor; editing keys change it and send `.queryChanged`.
  public var query: TextFieldState
  /// The spinner frame number; it advances only while something loads.
  public var spinnerTick: Int
  /// The first line of the results shown (kept so the view scrolls only when needed).
  public var resultsOffset: Int
  /// The first row of the favourites list shown.
  public var favoritesOffset: Int

  /// Creates a state around an app state.
  public init(
    app: AppState = AppState(), query: TextFieldState = TextFieldState(), spinnerTick: Int = 0,
    resultsOffset: Int = 0, favoritesOffset: Int = 0
  ) {
    self.app = app
    self.query = query
    self.spinnerTick = spinnerTick
    self.resultsOffset = resultsOffset
    self.favoritesOffset = favoritesOffset
  }

  /// Whether anything on screen is loading, so the spinner must tick.
  public var isLoading: Bool {
    switch app.stack.last {
    case nil:
      return app.search.results.isLoading
    case .favorites(let favorites)?:
      return favorites.items.isLoading
    case .detail(let detail)?:
      return detail.details.isLoading || detail.tracks?.isLoading == true
        || detail.author?.isLoading == true
    }
  }

  /// Whether the rate-limit countdown is on screen (the search screen while throttled).
  public var showsCountdown: Bool {
    app.stack.isEmpty && app.search.rateLimitSecondsLeft != nil
  }

  /// The spinner's current frame.
  public var spinnerFrame: String { Spinner(tick: spinnerTick).frame }

  /// Keeps the query box in step with the app's query when the reducer changed it (a picked
  /// suggestion), leaving the cursor alone when they already agree.
  public mutating func syncQuery() {
    if query.text != app.search.query { query.setText(app.search.query) }
  }
}
