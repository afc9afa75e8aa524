import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

extension AppFeature {
  /// Pushes a detail for `item` and starts its lookups (cancelled when it is popped).
  func openDetail(_ state: inout AppState, item: CatalogItem) -> Effect<AppAction> {
    let country = state.filters.country
    let hasDetails = DetailLookups.details(for: item, country: country) != nil
    let hasTracks = DetailLookups.tracks(for: item, country: country) != nil
    let hasAuthor = DetailLookups.author(for: item, country: country) != nil
    let detail = DetailState(
      item: item, details: hasDetails ? .loading(previous: nil) : .idle,
      tracks: hasTracks ? .loading(previous: nil) : nil,
      author: hasAuthor ? .loading(previous: nil) : nil)
    state.stack.append(.detail(detail))
    return .merge(
      detailLookups(
        for: item, country: country, details: true, tracks: true, author: true,
        depth: state.stack.count - 1),
      refreshFavoriteIDs())
  }

  /// Runs again the lookups of the top detail's blocks that failed (`r` on a detail).
  func retryDetail(_ state: inout AppState) -> Effect<AppAction> {
    guard case .detail(var detail)? = state.stack.last else { return .none }
    let retryDetails = detail.details.error != nil
    let retryTracks = detail.tracks?.error != nil
    let retryAuthor = detail.author?.error != nil
    guard retryDetails || retryTracks || retryAuthor else { return .none }
    let count = [retryDetails, retryTracks, retryAuthor].filter { $0 }.count
    state.notice = count == 1 ? "Retrying the block that failed…" : "Retrying \(count) blocks…"
    if retryDetails { detail.details = detail.details.reloading }
    if retryTracks { detail.tracks = detail.tracks?.reloading }
    if retryAuthor { detail.author = detail.author?.reloading }
    state.stack[state.stack.count - 1] = .detail(detail)
    return detailLookups(
      for: detail.item, country: state.filters.country, details: retryDetails,
      tracks: retryTracks, author: retryAuthor, depth: state.stack.count - 1)
  }

  /// The lookups behind a detail's blocks, the chosen ones only, cancelled with the detail.
  private func detailLookups(
    for item: CatalogItem, country: String?, details: Bool, tracks: Bool, author: Bool, depth: Int
  ) -> Effect<AppAction> {
    let client = dependencies.client
    let clock = dependencies.clock
    var effects: [Effect<AppAction>] = []
    let id = item.id
    if details, let query = DetailLookups.details(for: item, country: country) {
      effects.append(
        lookup(query, client: client, clock: clock) { result in
          .detail(
            .detailsLoaded(
              itemID: id,
              result.map { DetailLookups.detailsItem(in: $0.page, for: item) ?? item }))
        })
    }
    if tracks, let query = DetailLookups.tracks(for: item, country: country) {
      effects.append(
        lookup(query, client: client, clock: clock) { result in
          .detail(
            .tracksLoaded(
              itemID: id, result.map { DetailLookups.trackItems(in: $0.page, for: item) }))
        })
    }
    if author, let query = DetailLookups.author(for: item, country: country) {
      effects.append(
        lookup(query, client: client, clock: clock) { result in
          .detail(
            .authorLoaded(
              itemID: id, result.map { DetailLookups.authorBlock(in: $0.page, for: item) }))
        })
    }
    return Effect.merge(effects).cancellable(id: CancelID.detail(depth: depth))
  }

  private func lookup(
    _ query: LookupQuery, client: ITunesClient, clock: AppClock,
    _ action: @escaping @Sendable (Result<CatalogResponse, FeatureError>) -> AppAction
  ) -> Effect<AppAction> {
    .run { send in
      do {
        send(action(.success(try await client.lookup(query))))
      } catch {
        send(
          action(.failure(await FeatureRequest.featureError(error, client: client, clock: clock))))
      }
    }
  }

  func reduceDetail(into state: inout AppState, action: DetailAction) -> Effect<AppAction> {
    switch action {
    case .detailsLoaded(let itemID, let result):
      updateDetails(&state, itemID: itemID) { detail in
        guard detail.details.isLoading else { return }
        switch result {
        case .success(let item): detail.details = .loaded(item)
        case .failure(let error): detail.details = detail.details.failing(error)
        }
      }
      return .none
    case .tracksLoaded(let itemID, let result):
      updateDetails(&state, itemID: itemID) { detail in
        guard let tracks = detail.tracks, tracks.isLoading else { return }
        switch result {
        case .success(let items): detail.tracks = items.isEmpty ? nil : .loaded(items)
        case .failure(let error): detail.tracks = tracks.failing(error)
        }
      }
      return .none
    case .authorLoaded(let itemID, let result):
      updateDetails(&state, itemID: itemID) { detail in
        guard let author = detail.author, author.isLoading else { return }
        switch result {
        case .success(let block): detail.author = block.map { .loaded($0) }
        case .failure(let error): detail.author = author.failing(error)
        }
      }
      return .none
    case .scrollRequested(let request):
      guard case .detail(var detail) = state.stack.last else { return .none }
      let metrics = state.metrics
      let page = max(1, metrics.detailViewport - 1)
      let target: Int
      switch request {
      case .lines(let lines): target = detail.scroll + lines
      case .pages(let pages): target = detail.scroll + pages * page
      case .top: target = 0
      case .bottom: target = metrics.detailMaximumScroll
      }
      detail.scroll = max(0, min(metrics.detailMaximumScroll, target))
      state.stack[state.stack.count - 1] = .detail(detail)
      return .none
    case .workMoved(let forward):
      guard case .detail(var detail) = state.stack.last else { return .none }
      let works = detail.author?.value?.works.count ?? 0
      guard works > 0 else { return .none }
      if forward {
        detail.focusedWork = min(works - 1, detail.focusedWork.map { $0 + 1 } ?? 0)
      } else {
        detail.focusedWork = max(0, (detail.focusedWork ?? 0) - 1)
      }
      detail.scroll = Self.scroll(detail.scroll, showing: state.metrics, work: detail.focusedWork)
      state.stack[state.stack.count - 1] = .detail(detail)
      return .none
    case .focusedWorkOpened:
      guard let index = state.topDetail?.focusedWork else { return .none }
      return reduceDetail(into: &state, action: .workOpened(index))
    case .workOpened(let index):
      guard let works = state.topDetail?.author?.value?.works, works.indices.contains(index) else {
        return .none
      }
      return openDetail(&state, item: works[index])
    case .retryRequested:
      return retryDetail(&state)
    case .notesToggled:
      guard case .detail(var detail) = state.stack.last else { return .none }
      guard FactText.text(detail.shownItem.app?.releaseNotes) != nil else {
        state.notice = "This item has no version notes."
        return .none
      }
      detail.notesExpanded.toggle()
      state.stack[state.stack.count - 1] = .detail(detail)
      return .none
    case .albumPageRequested:
      guard let detail = state.topDetail else { return .none }
      guard let album = DetailLookups.albumItem(for: detail.shownItem) else {
        state.notice =
          detail.shownItem.kind == .album ? "This is the album's page." : "This item has no album."
        return .none
      }
      return openDetail(&state, item: album)
    case .artistPageRequested:
      guard let detail = state.topDetail else { return .none }
      let shown = detail.shownItem
      guard shown.kind != .artist else {
        state.notice = "This is the artist's page."
        return .none
      }
      guard shown.kind != .software, shown.kind != .macSoftware else {
        state.notice = "A developer has no artist page: their apps are under More by, below."
        return .none
      }
      guard var artist = DetailLookups.artistItem(for: shown) else {
        state.notice = "This item has no artist page."
        return .none
      }
      // The author block's record, when it came, knows the name and link best.
      if let known = detail.author?.value?.author, known.id == artist.id { artist = known }
      return openDetail(&state, item: artist)
    case .openStoreLinkRequested:
      let item = state.topDetail?.shownItem ?? state.search.selectedItem
      return openLink(&state, item?.storeURL, missing: "This item has no store link.")
    case .openAuthorLinkRequested:
      let detail = state.topDetail
      let url =
        detail?.author?.value?.author?.storeURL ?? detail?.shownItem.authorURL
        ?? (detail == nil ? state.search.selectedItem?.authorURL : nil)
      return openLink(&state, url, missing: "This item has no author link.")
    }
  }

  /// The scroll that brings the author's works (the row of `work`, when it was measured) into
  /// view, moving as little as possible.
  static func scroll(_ scroll: Int, showing metrics: ScreenMetrics, work: Int? = nil) -> Int {
    let row = work.flatMap { metrics.detailWorkLines.indices.contains($0) ? $0 : nil }
    guard let works = row.map({ metrics.detailWorkLines[$0] }) ?? metrics.detailWorks,
      metrics.detailViewport > 0
    else { return scroll }
    var offset = scroll
    if works.upperBound > offset + metrics.detailViewport {
      offset = works.upperBound - metrics.detailViewport
    }
    if works.lowerBound < offset { offset = works.lowerBound }
    return max(0, min(metrics.detailMaximumScroll, offset))
  }

  private func updateDetails(
    _ state: inout AppState, itemID: Int64, _ update: (inout DetailState) -> Void
  ) {
    for index in state.stack.indices {
      guard case .detail(var detail) = state.stack[index], detail.item.id == itemID else {
        continue
      }
      update(&detail)
      state.stack[index] = .detail(detail)
    }
  }
}
