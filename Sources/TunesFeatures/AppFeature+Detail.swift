import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

extension AppFeature {
  /// Pushes a detail for `item` and starts its lookups (cancelled when it is popped).
  func openDetail(_ state: inout AppState, item: CatalogItem) -> Effect<AppAction> {
    let country = state.filters.country
    let detailsQuery = DetailLookups.details(for: item, country: country)
    let tracksQuery = DetailLookups.tracks(for: item, country: country)
    let authorQuery = DetailLookups.author(for: item, country: country)
    let detail = DetailState(
      item: item, details: detailsQuery == nil ? .idle : .loading(previous: nil),
      tracks: tracksQuery == nil ? nil : .loading(previous: nil),
      author: authorQuery == nil ? nil : .loading(previous: nil))
    state.stack.append(.detail(detail))
    let depth = state.stack.count - 1
    let client = dependencies.client
    let clock = dependencies.clock
    var effects: [Effect<AppAction>] = []
    let id = item.id
    if let query = detailsQuery {
      effects.append(
        lookup(query, client: client, clock: clock) { result in
          .detail(
            .detailsLoaded(
              itemID: id,
              result.map { DetailLookups.detailsItem(in: $0.page, for: item) ?? item }))
        })
    }
    if let query = tracksQuery {
      effects.append(
        lookup(query, client: client, clock: clock) { result in
          .detail(
            .tracksLoaded(
              itemID: id, result.map { DetailLookups.trackItems(in: $0.page, for: item) }))
        })
    }
    if let query = authorQuery {
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
        send(action(.failure(await Self.featureError(error, client: client, clock: clock))))
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
    case .scrolled(let lines):
      guard case .detail(var detail) = state.stack.last else { return .none }
      detail.scroll = max(0, detail.scroll + lines)
      state.stack[state.stack.count - 1] = .detail(detail)
      return .none
    case .workOpened(let index):
      guard let works = state.topDetail?.author?.value?.works, works.indices.contains(index) else {
        return .none
      }
      return openDetail(&state, item: works[index])
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
