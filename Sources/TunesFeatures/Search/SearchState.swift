import Foundation
import ITunesCatalog

/// The search screen: query, suggestions, results and the selection in the grid.
public struct SearchState: Equatable, Sendable {
  /// Where keys go on the search screen.
  public enum Focus: Equatable, Sendable {
    /// The query box (typing edits the query; suggestions show).
    case query
    /// The results grid.
    case results
  }

  /// The query text as typed.
  public var query: String
  /// The cursor in the query, in characters from the start (`0...query.count`).
  public var queryCursor: Int
  /// Which part of the screen has focus.
  public var focus: Focus
  /// Recent searches from history, newest first (source of `suggestions`).
  public var history: [String]
  /// Up to five recent searches containing the query (case and accents folded); all five when the query
  /// is empty. Empty after Esc or a submit until the query changes.
  public var suggestions: [String]
  /// The suggestion highlighted with ↑/↓, if any.
  public var highlightedSuggestion: Int?
  /// The search that ran (or runs): text, filters and limit.
  public var submitted: SubmittedSearch?
  /// The number of the search's load (as a chart row's `generation`): every request takes the
  /// next one, and an answer for another number is dropped.
  public var generation: Int
  /// Whether the request in flight is a load-more (the selection is kept when it arrives).
  public var isLoadingMore: Bool
  /// The results, in Apple's order.
  public var results: Loadable<[CatalogItem]>
  /// The index (into the results) of the selected tile.
  public var selection: Int
  /// The first line of the results shown; it moves only as far as keeping the selection in
  /// view needs.
  public var resultsOffset: Int
  /// `true` shows results grouped by kind under section headers; `false` shows the grid.
  public var grouped: Bool
  /// Where the shown results came from.
  public var source: ResultSource?
  /// The clock instant until which Apple throttles us; a countdown shows while it is after `now`.
  public var rateLimitedUntil: Duration?
  /// The clock instant of the last rate-limit tick (the countdown is `rateLimitedUntil - now`).
  public var now: Duration
  /// `true` once a load-more has reached 200 results (the screen says so).
  public var reachedMaximum: Bool
  /// The term of the results shown (they may be an earlier search's while a new one loads or
  /// after it failed), or `nil` when none are.
  public var shownTerm: String?
  /// Why the last load-more failed; the loaded results stay as they are and `r` tries again.
  public var loadMoreError: FeatureError?
  /// A search submitted while Apple throttles us; it runs when the wait ends.
  public var queued: SubmittedSearch?
  /// The term of the search Esc cancelled, until another runs (the screen says so).
  public var cancelledTerm: String? = nil
  /// Whether the last load-more brought everything there is (fewer than it asked for): the end
  /// of the list says "that is all".
  public var allLoaded = false

  /// Makes an empty search screen.
  public init(
    query: String = "", queryCursor: Int? = nil, focus: Focus = .query, history: [String] = [],
    suggestions: [String] = [],
    highlightedSuggestion: Int? = nil, submitted: SubmittedSearch? = nil, generation: Int = 0,
    isLoadingMore: Bool = false, results: Loadable<[CatalogItem]> = .idle, selection: Int = 0,
    resultsOffset: Int = 0, grouped: Bool = false, source: ResultSource? = nil,
    rateLimitedUntil: Duration? = nil,
    now: Duration = .zero, reachedMaximum: Bool = false, shownTerm: String? = nil,
    loadMoreError: FeatureError? = nil, queued: SubmittedSearch? = nil
  ) {
    self.query = query
    self.queryCursor = max(0, min(query.count, queryCursor ?? query.count))
    self.focus = focus
    self.history = history
    self.suggestions = suggestions
    self.highlightedSuggestion = highlightedSuggestion
    self.submitted = submitted
    self.generation = generation
    self.isLoadingMore = isLoadingMore
    self.results = results
    self.selection = selection
    self.resultsOffset = resultsOffset
    self.grouped = grouped
    self.source = source
    self.rateLimitedUntil = rateLimitedUntil
    self.now = now
    self.reachedMaximum = reachedMaximum
    self.shownTerm = shownTerm
    self.loadMoreError = loadMoreError
    self.queued = queued
  }

  /// The shown results (loaded, or the previous ones while loading or after a failure).
  public var items: [CatalogItem] { results.value ?? [] }

  /// The selected item, if there are results.
  public var selectedItem: CatalogItem? {
    let items = items
    return items.indices.contains(selection) ? items[selection] : nil
  }

  /// The search that runs when the throttling wait ends: the one typed meanwhile, else the one
  /// that was throttled.
  public var waitingSearch: SubmittedSearch? { queued ?? submitted }

  /// Whole seconds left until requests are allowed again (rounded up), or `nil` when not throttled.
  public var rateLimitSecondsLeft: Int? {
    guard let until = rateLimitedUntil, until > now else { return nil }
    let left = until - now
    let (seconds, attoseconds) = left.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }

  /// Whether a line about loading more closes the results (loading, failed, possible, or 200
  /// reached); the last row keeps it in view.
  public var hasFooter: Bool {
    reachedMaximum || isLoadingMore || loadMoreError != nil || canLoadMore
      || (allLoaded && results.loadedValue != nil)
  }

  /// Whether "load more" can fetch anything: results filled the page and the limit is below 200.
  public var canLoadMore: Bool {
    guard let submitted, let loaded = results.loadedValue else { return false }
    return submitted.limit < SearchFilters.maximumLimit && loaded.count >= submitted.limit
  }

  /// The suggestions for `query` from `history`: up to five matching it (``QueryMatching``:
  /// case, accents and width folded, as `tunes history --match`); all five when it is blank.
  public static func suggestions(for query: String, in history: [String]) -> [String] {
    QueryMatching.suggestions(for: query, in: history)
  }
}

/// A search that was submitted: what ran, so load-more and retry repeat it.
public struct SubmittedSearch: Equatable, Sendable {
  /// The term, trimmed.
  public var term: String
  /// The filters in force when it ran.
  public var filters: SearchFilters
  /// The limit asked for (grows with load-more, up to 200).
  public var limit: Int

  /// Makes a submitted search.
  public init(term: String, filters: SearchFilters, limit: Int) {
    self.term = term
    self.filters = filters
    self.limit = limit
  }
}

/// Where results came from, for the status line.
public enum ResultSource: Equatable, Sendable {
  /// Fetched from the API just now.
  case network
  /// Read from the response cache, fetched at `fetchedAt`; `stale` when past its freshness window.
  case cache(fetchedAt: Date, stale: Bool)
}

extension SearchState {
  /// Whether the selected tile is in the first row drawn (or there are no results), where ↑
  /// goes back to the query box.
  public func selectedRowIsFirst(columns: Int) -> Bool {
    let rows = SelectionMovement.rows(for: items, grouped: grouped, columns: columns)
    guard let first = rows.first else { return true }
    return first.contains(selection)
  }
}
