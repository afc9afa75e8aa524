import AppArchitecture
import ITunesCatalog
import ITunesClient

/// The genres screen: the media list, a medium's genre tree, a genre's charts (each a
/// ``ChartRowFeature`` row). It reduces the genres screen nearest the top of the stack; answers
/// reach it under a detail opened from it, keys only while it is in front.
struct GenresFeature: Reducer {
  /// The genres screen and what it reads from the rest of the app.
  struct State: Equatable {
    /// The screen.
    var genres: GenresState
    /// Whether it is the top screen and no overlay covers it.
    var isFrontmost: Bool
  }

  /// Cancellation ids of the genres screen's requests.
  enum CancelID: Hashable, Sendable {
    /// The genre service's request for a medium's tree.
    case tree
    /// One chart of the genre shown, by its feed.
    case chart(String)
  }

  let dependencies: TunesDependencies

  func reduce(into state: inout State, action: GenresAction) -> Effect<GenresAction> {
    switch action {
    case .opened, .delegate:
      return .none
    case .treeLoaded(let generation, let result):
      receiveTree(&state.genres, generation: generation, result: result)
      return .none
    case .chart(let feed, let rowAction):
      guard case .charts(var level) = state.genres.top,
        let row = level.rows.firstIndex(where: { $0.chart.feed == feed })
      else { return .none }
      let effect = rowFeature(level, feed: feed, country: state.genres.country)
        .reduce(into: &level.rows[row], action: rowAction)
      state.genres.levels[state.genres.levels.count - 1] = .charts(level)
      return effect.map { .chart(feed: feed, $0) }
    case .storefrontChanged(let country):
      guard state.genres.country != country else { return .none }
      let cancel: Effect<GenresAction> = Self.cancelRequests(of: state.genres)
      var fresh = GenresState(country: country)
      if case .media(let media) = state.genres.levels.first { fresh.levels = [.media(media)] }
      state.genres = fresh
      return cancel
    case _ where !state.isFrontmost:
      return .none
    case .selectionMoved(let direction):
      return move(&state.genres, direction)
    case .selectionOpened:
      if case .charts(let level) = state.genres.top {
        guard let item = level.selectedItem else { return .none }
        return .send(.delegate(.openItem(item)))
      }
      return openSelection(&state.genres)
    case .backRequested:
      guard state.genres.levels.count > 1 else { return .send(.delegate(.closed)) }
      let left = state.genres.levels.removeLast()
      return Self.cancelRequests(of: left)
    case .rowClicked(let row):
      let again = selectedRow(state.genres.top) == row
      guard select(&state.genres, row: row) else { return .none }
      return again ? openSelection(&state.genres) : .none
    case .tileClicked(let row, let tile):
      guard case .charts(var level) = state.genres.top, level.rows.indices.contains(row),
        let items = level.rows[row].items.value, items.indices.contains(tile)
      else { return .none }
      let again = level.focusedRow == row && level.rows[row].selection == tile
      level.focusedRow = row
      level.rows[row].selection = tile
      state.genres.levels[state.genres.levels.count - 1] = .charts(level)
      guard again, let item = level.selectedItem else { return .none }
      return .send(.delegate(.openItem(item)))
    case .retryRequested:
      return retry(&state.genres)
    }
  }

  /// Enter on a list row: a medium loads its tree; the charts row opens the genre's charts; a
  /// subgenre opens its own list, or its charts when it has no subgenres.
  private func openSelection(_ genres: inout GenresState) -> Effect<GenresAction> {
    switch genres.top {
    case .media(let media):
      guard media.media.indices.contains(media.selection) else { return .none }
      let medium = media.media[media.selection]
      genres.levels.append(
        .tree(
          GenreTreeLevel(
            id: medium.id, name: medium.title, medium: medium, genre: .loading(previous: nil),
            generation: 1)))
      return loadTree(id: medium.id, country: genres.country, generation: 1)
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
      let chosen = level.selectedSubgenre ?? genre
      let rows = GenreChart.charts(of: chosen, medium: level.medium).map {
        GenreChartRow(chart: $0)
      }
      var charts = GenreChartsLevel(genre: chosen, medium: level.medium, rows: rows)
      let effect = loadCharts(&charts, only: nil, country: genres.country)
      genres.levels.append(.charts(charts))
      return effect
    case .charts:
      return .none
    }
  }

  /// The row feature of `level`'s chart `feed` for `country`'s store.
  private func rowFeature(_ level: GenreChartsLevel, feed: String, country: String)
    -> ChartRowFeature<GenreChart>
  {
    let genreID = level.genre.id
    return ChartRowFeature(
      request: FeatureRequest(dependencies), cancelID: EffectID(CancelID.chart(feed))
    ) { client, chart in
      try await client.chart(
        chart, genre: genreID, country: country, limit: GenresState.chartLimit
      ).page
    }
  }

  /// Loads the rows of `level` (`only` these feeds, or all), each its own request.
  private func loadCharts(
    _ level: inout GenreChartsLevel, only: Set<String>?, country: String
  ) -> Effect<GenresAction> {
    var effects: [Effect<GenresAction>] = []
    for index in level.rows.indices {
      let feed = level.rows[index].chart.feed
      if let only, !only.contains(feed) { continue }
      effects.append(
        rowFeature(level, feed: feed, country: country).reduce(
          into: &level.rows[index], action: .loadRequested
        )
        .map { .chart(feed: feed, $0) })
    }
    return .merge(effects)
  }

  private func loadTree(id: Int, country: String, generation: Int) -> Effect<GenresAction> {
    FeatureRequest(dependencies).run({ client in
      try await client.genres(GenreQuery(id: id, country: country)).genre
    }) { result in
      .treeLoaded(generation: generation, result)
    }
    .cancellable(id: CancelID.tree, cancelInFlight: true)
  }

  /// Cancels what `level` has in flight (leaving it).
  static func cancelRequests<Action>(of level: GenreLevel) -> Effect<Action> {
    switch level {
    case .media: return .none
    case .tree(let tree): return tree.generation > 0 ? .cancel(id: CancelID.tree) : .none
    case .charts(let charts):
      return .merge(charts.rows.map { .cancel(id: CancelID.chart($0.chart.feed)) })
    }
  }

  /// Cancels what every level of `genres` has in flight (the screen is closed or replaced).
  static func cancelRequests<Action>(of genres: GenresState) -> Effect<Action> {
    .merge(genres.levels.map { cancelRequests(of: $0) })
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

  private func retry(_ genres: inout GenresState) -> Effect<GenresAction> {
    switch genres.top {
    case .media:
      return .none
    case .tree(var level):
      guard level.genre.error != nil, level.generation > 0 else { return .none }
      level.generation += 1
      level.genre = level.genre.reloading
      genres.levels[genres.levels.count - 1] = .tree(level)
      return .merge(
        .send(.delegate(.notice("Retrying \(level.name)…"))),
        loadTree(id: level.id, country: genres.country, generation: level.generation))
    case .charts(var level):
      let failed = Set(level.rows.filter { $0.items.error != nil }.map(\.chart.feed))
      guard !failed.isEmpty else { return .none }
      let notice =
        failed.count == 1 ? "Retrying the chart that failed…" : "Retrying \(failed.count) charts…"
      let effect = loadCharts(&level, only: failed, country: genres.country)
      genres.levels[genres.levels.count - 1] = .charts(level)
      return .merge(.send(.delegate(.notice(notice))), effect)
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
