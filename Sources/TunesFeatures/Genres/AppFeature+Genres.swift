import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// Cancellation ids of the genres screen's requests.
enum GenresCancelID: Hashable, Sendable {
  /// The genre service's request for a medium's tree.
  case tree
  /// One chart of the genre shown, by its feed.
  case chart(String)
}

extension AppFeature {
  func reduceGenres(into state: inout AppState, action: GenresAction) -> Effect<AppAction> {
    if case .opened(let medium) = action { return openGenres(&state, medium: medium) }
    // Every other action is about the genres screen on top; an answer arriving after the
    // screen was left (or under a detail opened from it) is matched by its number below.
    guard let index = state.stack.lastIndex(where: { $0.genres != nil }),
      var genres = state.stack[index].genres
    else { return .none }
    let isTop = index == state.stack.count - 1
    var effect: Effect<AppAction> = .none
    switch action {
    case .opened:
      return .none
    case .treeLoaded(let generation, let result):
      receiveTree(&genres, generation: generation, result: result)
    case .chartLoaded(let generation, let feed, let result):
      receiveChart(&genres, generation: generation, feed: feed, result: result)
    case _ where !isTop || state.overlay != nil:
      return .none
    case .selectionMoved(let direction):
      moveOnGenres(&genres, direction)
    case .selectionOpened:
      if case .charts(let level) = genres.top {
        guard let item = level.selectedItem else { return .none }
        return openDetail(&state, item: item)
      }
      effect = openSelection(&genres)
    case .backRequested:
      guard genres.levels.count > 1 else {
        state.stack.remove(at: index)
        return cancelGenreRequests(genres.top)
      }
      let left = genres.levels.removeLast()
      effect = cancelGenreRequests(left)
    case .rowClicked(let row):
      let again = selectedRow(genres.top) == row
      guard select(&genres, row: row) else { return .none }
      if again { effect = openSelection(&genres) }
    case .tileClicked(let row, let tile):
      guard case .charts(var level) = genres.top, level.rows.indices.contains(row),
        let items = level.rows[row].items.value, items.indices.contains(tile)
      else { return .none }
      let again = level.focusedRow == row && level.rows[row].selection == tile
      level.focusedRow = row
      level.rows[row].selection = tile
      genres.levels[genres.levels.count - 1] = .charts(level)
      if again, let item = level.selectedItem {
        state.stack[index] = .genres(genres)
        return openDetail(&state, item: item)
      }
    case .retryRequested:
      effect = retryGenres(&genres, notice: &state.notice)
    }
    state.stack[index] = .genres(genres)
    return effect
  }

  /// `g`: the genres screen on its media list (a genres screen below in the stack is brought
  /// back to the top; one on top goes back to its media list), then `medium`'s genres if given.
  private func openGenres(_ state: inout AppState, medium: Int?) -> Effect<AppAction> {
    state.overlay = nil
    var effects: [Effect<AppAction>] = []
    let country = (state.filters.country ?? "us").lowercased()
    var genres = GenresState(country: country)
    if let index = state.stack.lastIndex(where: { $0.genres != nil }),
      let old = state.stack[index].genres
    {
      for depth in (index + 1)..<max(index + 1, state.stack.count) {
        effects.append(.cancel(id: CancelID.detail(depth: depth)))
      }
      state.stack.removeSubrange((index + 1)...)
      for level in old.levels { effects.append(cancelGenreRequests(level)) }
      state.stack.removeLast()
      genres.generation = old.generation
      if case .media(let media) = old.levels.first {
        genres.levels = [.media(media)]
      }
    }
    if let medium, let found = GenreMedium.all.firstIndex(where: { $0.id == medium }) {
      genres.levels = [.media(MediaLevel(selection: found))]
      effects.append(openSelection(&genres))
    }
    state.stack.append(.genres(genres))
    return .merge(effects)
  }

  /// Enter on a list row: a medium loads its tree; the charts row opens the genre's charts; a
  /// subgenre opens its own list, or its charts when it has no subgenres.
  private func openSelection(_ genres: inout GenresState) -> Effect<AppAction> {
    switch genres.top {
    case .media(let media):
      guard media.media.indices.contains(media.selection) else { return .none }
      let medium = media.media[media.selection]
      genres.generation += 1
      genres.levels.append(
        .tree(
          GenreTreeLevel(
            id: medium.id, name: medium.title, medium: medium, genre: .loading(previous: nil),
            generation: genres.generation)))
      return loadTree(id: medium.id, country: genres.country, generation: genres.generation)
    case .tree(let level):
      guard let genre = level.genre.loadedValue else { return .none }
      if let subgenre = level.selectedSubgenre, !subgenre.subgenres.isEmpty {
        genres.levels.append(
          .tree(
            GenreTreeLevel(
              id: subgenre.id, name: subgenre.name, medium: level.medium,
              genre: .loaded(subgenre))))
        return .none
      }
      return openCharts(&genres, genre: level.selectedSubgenre ?? genre, medium: level.medium)
    case .charts:
      return .none
    }
  }

  /// Pushes `genre`'s charts and asks for each.
  private func openCharts(_ genres: inout GenresState, genre: Genre, medium: GenreMedium)
    -> Effect<AppAction>
  {
    let rows = GenreChart.charts(of: genre, medium: medium).map { GenreChartRow(chart: $0) }
    var level = GenreChartsLevel(genre: genre, medium: medium, rows: rows)
    let effect = loadCharts(&level, only: nil, genres: &genres)
    genres.levels.append(.charts(level))
    return effect
  }

  private func loadCharts(
    _ level: inout GenreChartsLevel, only: Set<String>?, genres: inout GenresState
  ) -> Effect<AppAction> {
    let client = dependencies.client
    let clock = dependencies.clock
    let country = genres.country
    let genreID = level.genre.id
    var effects: [Effect<AppAction>] = []
    for index in level.rows.indices {
      let chart = level.rows[index].chart
      if let only, !only.contains(chart.feed) { continue }
      genres.generation += 1
      let generation = genres.generation
      level.rows[index].generation = generation
      level.rows[index].items = level.rows[index].items.reloading
      effects.append(
        Effect<AppAction>.run { send in
          do {
            let response = try await client.chart(
              chart, genre: genreID, country: country, limit: GenresState.chartLimit)
            send(
              .genres(
                .chartLoaded(generation: generation, feed: chart.feed, .success(response.page))))
          } catch {
            let feature = await Self.featureError(error, client: client, clock: clock)
            send(.genres(.chartLoaded(generation: generation, feed: chart.feed, .failure(feature))))
          }
        }
        .cancellable(id: GenresCancelID.chart(chart.feed), cancelInFlight: true))
    }
    return .merge(effects)
  }

  private func loadTree(id: Int, country: String, generation: Int) -> Effect<AppAction> {
    let client = dependencies.client
    let clock = dependencies.clock
    return Effect<AppAction>.run { send in
      do {
        let response = try await client.genres(GenreQuery(id: id, country: country))
        send(.genres(.treeLoaded(generation: generation, .success(response.genre))))
      } catch {
        let feature = await Self.featureError(error, client: client, clock: clock)
        send(.genres(.treeLoaded(generation: generation, .failure(feature))))
      }
    }
    .cancellable(id: GenresCancelID.tree, cancelInFlight: true)
  }

  /// Cancels what `level` has in flight (leaving it).
  func cancelGenreRequests(_ level: GenreLevel) -> Effect<AppAction> {
    switch level {
    case .media: return .none
    case .tree(let tree): return tree.generation > 0 ? .cancel(id: GenresCancelID.tree) : .none
    case .charts(let charts):
      return .merge(charts.rows.map { .cancel(id: GenresCancelID.chart($0.chart.feed)) })
    }
  }

  private func receiveTree(
    _ genres: inout GenresState, generation: Int, result: Result<Genre, FeatureError>
  ) {
    guard
      let index = genres.levels.lastIndex(where: {
        if case .tree(let level) = $0 { return level.generation == generation }
        return false
      }), case .tree(var level) = genres.levels[index], level.genre.isLoading
    else { return }
    switch result {
    case .success(let genre):
      level.genre = .loaded(genre)
      level.name = genre.name
      level.selection = min(level.selection, level.rowCount - 1)
    case .failure(let error):
      level.genre = level.genre.failing(error)
    }
    genres.levels[index] = .tree(level)
  }

  private func receiveChart(
    _ genres: inout GenresState, generation: Int, feed: String,
    result: Result<ChartPage, FeatureError>
  ) {
    guard case .charts(var level) = genres.top,
      let row = level.rows.firstIndex(where: {
        $0.chart.feed == feed && $0.generation == generation
      }), level.rows[row].items.isLoading
    else { return }
    switch result {
    case .success(let page):
      level.rows[row].items = .loaded(page.items)
      level.rows[row].skipped = page.skippedCount
      level.rows[row].selection = min(level.rows[row].selection, max(0, page.items.count - 1))
    case .failure(let error):
      level.rows[row].items = level.rows[row].items.failing(error)
    }
    genres.levels[genres.levels.count - 1] = .charts(level)
  }

  private func retryGenres(_ genres: inout GenresState, notice: inout String?)
    -> Effect<AppAction>
  {
    switch genres.top {
    case .media:
      return .none
    case .tree(var level):
      guard level.genre.error != nil, level.generation > 0 else { return .none }
      genres.generation += 1
      level.generation = genres.generation
      level.genre = level.genre.reloading
      genres.levels[genres.levels.count - 1] = .tree(level)
      notice = "Retrying \(level.name)…"
      return loadTree(id: level.id, country: genres.country, generation: level.generation)
    case .charts(var level):
      let failed = Set(level.rows.filter { $0.items.error != nil }.map(\.chart.feed))
      guard !failed.isEmpty else { return .none }
      notice =
        failed.count == 1 ? "Retrying the chart that failed…" : "Retrying \(failed.count) charts…"
      let effect = loadCharts(&level, only: failed, genres: &genres)
      genres.levels[genres.levels.count - 1] = .charts(level)
      return effect
    }
  }

  /// The selected row of a list level (`nil` on the chart rows).
  private func selectedRow(_ level: GenreLevel) -> Int? {
    switch level {
    case .media(let media): return media.selection
    case .tree(let tree): return tree.selection
    case .charts: return nil
    }
  }

  /// Selects row `row` of the list shown; `false` when there is no such row.
  private func select(_ genres: inout GenresState, row: Int) -> Bool {
    switch genres.top {
    case .media(var media):
      guard media.media.indices.contains(row) else { return false }
      media.selection = row
      genres.levels[genres.levels.count - 1] = .media(media)
    case .tree(var tree):
      guard (0..<tree.rowCount).contains(row) else { return false }
      tree.selection = row
      genres.levels[genres.levels.count - 1] = .tree(tree)
    case .charts:
      return false
    }
    return true
  }

  private func moveOnGenres(_ genres: inout GenresState, _ direction: MoveDirection) {
    func moved(_ selection: Int, count: Int, page: Int) -> Int {
      let last = max(0, count - 1)
      switch direction {
      case .up: return max(0, selection - 1)
      case .down: return min(last, selection + 1)
      case .pageUp: return max(0, selection - page)
      case .pageDown: return min(last, selection + page)
      case .first: return 0
      case .last: return last
      case .left, .right: return selection
      }
    }
    switch genres.top {
    case .media(var media):
      media.selection = moved(media.selection, count: media.media.count, page: 10)
      genres.levels[genres.levels.count - 1] = .media(media)
    case .tree(var tree):
      tree.selection = moved(tree.selection, count: tree.rowCount, page: 10)
      genres.levels[genres.levels.count - 1] = .tree(tree)
    case .charts(var level):
      guard level.rows.indices.contains(level.focusedRow) else { return }
      let row = level.focusedRow
      let count = level.rows[row].items.value?.count ?? 0
      switch direction {
      case .up, .down, .pageUp, .pageDown:
        level.focusedRow = moved(row, count: level.rows.count, page: 2)
      case .left: level.rows[row].selection = max(0, level.rows[row].selection - 1)
      case .right:
        level.rows[row].selection = min(max(0, count - 1), level.rows[row].selection + 1)
      case .first: level.rows[row].selection = 0
      case .last: level.rows[row].selection = max(0, count - 1)
      }
      genres.levels[genres.levels.count - 1] = .charts(level)
    }
  }
}

extension Route {
  /// The genres screen, if this is one.
  public var genres: GenresState? {
    if case .genres(let genres) = self { return genres }
    return nil
  }
}

extension GenresState {
  /// The selected tile of the chart rows, when they show.
  public var selectedItem: CatalogItem? {
    if case .charts(let level) = top { return level.selectedItem }
    return nil
  }
}

extension AppFeature {
  /// Cancels the requests of every genres screen in `stack` (when the stack is cleared).
  func cancelGenres(in stack: [Route]) -> Effect<AppAction> {
    .merge(stack.compactMap(\.genres).flatMap(\.levels).map(cancelGenreRequests))
  }
}

extension AppFeature {
  /// Another storefront chosen: a genres screen of another country goes back to its media list
  /// for the new one (its trees and charts were that store's), cancelling what it had in flight.
  func genresFollowCountry(_ state: inout AppState) -> Effect<AppAction> {
    let country = (state.filters.country ?? "us").lowercased()
    var effects: [Effect<AppAction>] = []
    for index in state.stack.indices {
      guard let genres = state.stack[index].genres, genres.country != country else { continue }
      effects.append(cancelGenres(in: [state.stack[index]]))
      var fresh = GenresState(country: country, generation: genres.generation)
      if case .media(let media) = genres.levels.first { fresh.levels = [.media(media)] }
      state.stack[index] = .genres(fresh)
    }
    return .merge(effects)
  }
}
