import AppArchitecture
import ITunesCatalog
import ITunesClient

/// A detail screen: its lookups (details, tracks, the author block) and their answers,
/// scrolling, the author's works, the album and artist pages, an app's notes. Opening another
/// item and notices go to the parent as delegate actions.
struct DetailFeature: Reducer {
  /// A detail and what it reads from the rest of the app.
  struct State: Equatable {
    /// The screen.
    var detail: DetailState
    /// What the screen measured (the page, the document's height, where the works are).
    var metrics: ScreenMetrics
    /// The storefront its lookups ask (`nil`: Apple's default).
    var country: String?
    /// Its index in the stack (its lookups are cancelled with it).
    var depth: Int
  }

  /// Cancellation ids of a detail's lookups.
  enum CancelID: Hashable, Sendable {
    /// The lookups of the detail at this stack index.
    case lookups(depth: Int)
  }

  let dependencies: TunesDependencies

  /// A detail for `item`, its blocks loading that have a lookup in `country`'s store.
  static func opening(_ item: CatalogItem, country: String?) -> DetailState {
    let hasDetails = DetailLookups.details(for: item, country: country) != nil
    let hasTracks = DetailLookups.tracks(for: item, country: country) != nil
    let hasAuthor = DetailLookups.author(for: item, country: country) != nil
    return DetailState(
      item: item, details: hasDetails ? .loading(previous: nil) : .idle,
      tracks: hasTracks ? .loading(previous: nil) : nil,
      author: hasAuthor ? .loading(previous: nil) : nil)
  }

  func reduce(into state: inout State, action: DetailAction) -> Effect<DetailAction> {
    // Answers name their item; they reach every detail showing it and no other.
    if let itemID = action.answeredItemID, itemID != state.detail.item.id { return .none }
    switch action {
    case .opened:
      return .merge(
        lookups(state, details: true, tracks: true, author: true), readHistory(state))
    case .watch(let action):
      return reduceWatch(into: &state, action: action)
    case .detailsLoaded(_, let result):
      guard state.detail.details.isLoading else { return .none }
      switch result {
      case .success(let item): state.detail.details = .loaded(item)
      case .failure(let error): state.detail.details = state.detail.details.failing(error)
      }
      return .none
    case .tracksLoaded(_, let result):
      guard let tracks = state.detail.tracks, tracks.isLoading else { return .none }
      switch result {
      case .success(let items):
        // A creator's page keeps its empty list: it says there is nothing, not nothing at all.
        let keepsEmpty = state.detail.item.kind == .artist
        state.detail.tracks = items.isEmpty && !keepsEmpty ? nil : .loaded(items)
        if let pending = state.detail.pendingTrackID {
          state.detail.pendingTrackID = nil
          state.detail.selectedTrack = items.firstIndex { $0.id == pending }
        }
      case .failure(let error): state.detail.tracks = tracks.failing(error)
      }
      return .none
    case .authorLoaded(_, let result):
      guard let author = state.detail.author, author.isLoading else { return .none }
      switch result {
      case .success(let block): state.detail.author = block.map { .loaded($0) }
      case .failure(let error): state.detail.author = author.failing(error)
      }
      return .none
    case .scrollRequested(let request):
      let metrics = state.metrics
      let page = max(1, metrics.detailViewport - 1)
      let target: Int
      switch request {
      case .lines(let lines): target = state.detail.scroll + lines
      case .pages(let pages): target = state.detail.scroll + pages * page
      case .top: target = 0
      case .bottom: target = metrics.detailMaximumScroll
      }
      state.detail.scroll = max(0, min(metrics.detailMaximumScroll, target))
      return .none
    case .workMoved(let forward):
      let works = state.detail.author?.value?.works.count ?? 0
      guard works > 0 else { return .none }
      let focused = state.detail.focusedWork
      state.detail.focusedWork =
        forward ? min(works - 1, focused.map { $0 + 1 } ?? 0) : max(0, (focused ?? 0) - 1)
      state.detail.selectedTrack = nil
      state.detail.scroll = Self.scroll(
        state.detail.scroll, showing: state.metrics, work: state.detail.focusedWork)
      return .none
    case .trackMoved(let forward):
      let count = state.detail.trackItems.count
      guard count > 0 else { return .none }
      state.detail.focusedWork = nil
      switch (state.detail.selectedTrack, forward) {
      case (nil, true): state.detail.selectedTrack = 0
      case (nil, false): return reduce(into: &state, action: .scrollRequested(.lines(-1)))
      case (0?, false):
        state.detail.selectedTrack = nil
        return reduce(into: &state, action: .scrollRequested(.lines(-1)))
      case (let index?, _):
        state.detail.selectedTrack = max(0, min(count - 1, index + (forward ? 1 : -1)))
      }
      state.detail.scroll = Self.scroll(
        state.detail.scroll, showing: state.metrics, track: state.detail.selectedTrack)
      return .none
    case .trackClicked(let index):
      guard state.detail.trackItems.indices.contains(index) else { return .none }
      if state.detail.selectedTrack == index {
        return .send(.delegate(.openItem(state.detail.trackItems[index])))
      }
      state.detail.focusedWork = nil
      state.detail.selectedTrack = index
      return .none
    case .focusedWorkOpened:
      if state.detail.focusedWork == nil, let track = state.detail.selectedTrackItem {
        return .send(.delegate(.openItem(track)))
      }
      guard let index = state.detail.focusedWork else { return .none }
      return reduce(into: &state, action: .workOpened(index))
    case .workOpened(let index):
      guard let works = state.detail.author?.value?.works, works.indices.contains(index) else {
        return .none
      }
      return .send(.delegate(.openItem(works[index])))
    case .retryRequested:
      return retry(&state)
    case .notesToggled:
      guard FactText.text(state.detail.shownItem.app?.releaseNotes) != nil else {
        return .send(.delegate(.notice("This item has no version notes.")))
      }
      state.detail.notesExpanded.toggle()
      return .none
    case .screenshotsPaged(let forward):
      guard let shots = Screenshots(state.detail.shownItem) else {
        return .send(.delegate(.notice("This item has no screenshots.")))
      }
      state.detail.screenshotStart = shots.page(
        from: state.detail.screenshotStart, shown: state.metrics.detailScreenshotsShown,
        forward: forward)
      return .none
    case .albumPageRequested:
      let shown = state.detail.shownItem
      guard let album = DetailLookups.albumItem(for: shown) else {
        return .send(.delegate(.notice(Self.noCollectionNotice(shown.kind))))
      }
      return .send(.delegate(.openItem(album)))
    case .artistPageRequested:
      return openArtist(state.detail)
    case .openStoreLinkRequested, .openAuthorLinkRequested, .delegate:
      // Links are the parent's: it opens the browser and says how that went.
      return .none
    }
  }

  private func openArtist(_ detail: DetailState) -> Effect<DetailAction> {
    let shown = detail.shownItem
    guard shown.kind != .artist else {
      let role = CreatorRole(page: detail.item).title.lowercased()
      return .send(.delegate(.notice("This is the \(role)'s page.")))
    }
    guard var artist = DetailLookups.artistItem(for: shown) else {
      let role = CreatorRole(creatorOf: shown.kind).title.lowercased()
      return .send(.delegate(.notice("This item has no \(role) page.")))
    }
    // The author block's record, when it came, knows the name and link best (its role too,
    // when Apple named one).
    if let known = detail.author?.value?.author, known.id == artist.id {
      let type = artist.artistType
      artist = known
      if FactText.text(artist.artistType) == nil { artist.artistType = type }
    }
    return .send(.delegate(.openItem(artist)))
  }

  /// What `c` says where there is no collection to open.
  static func noCollectionNotice(_ kind: ItemKind) -> String {
    switch kind {
    case .album: return "This is the album's page."
    case .tvSeason: return "This is the season's page."
    case .other(let raw) where raw == DetailLookups.movieCollectionKind:
      return "This is the collection's page."
    case .tvEpisode: return "This episode has no season."
    case .featureMovie: return "This movie is in no collection."
    default: return "This item has no album."
    }
  }

  /// Runs again the lookups of the blocks that failed (`r`).
  private func retry(_ state: inout State) -> Effect<DetailAction> {
    let retryDetails = state.detail.details.error != nil
    let retryTracks = state.detail.tracks?.error != nil
    let retryAuthor = state.detail.author?.error != nil
    guard retryDetails || retryTracks || retryAuthor else { return .none }
    let count = [retryDetails, retryTracks, retryAuthor].filter { $0 }.count
    if retryDetails { state.detail.details = state.detail.details.reloading }
    if retryTracks { state.detail.tracks = state.detail.tracks?.reloading }
    if retryAuthor { state.detail.author = state.detail.author?.reloading }
    return .merge(
      .send(
        .delegate(
          .notice(
            count == 1 ? "Retrying the block that failed…" : "Retrying \(count) blocks…"))),
      lookups(state, details: retryDetails, tracks: retryTracks, author: retryAuthor))
  }

  /// The lookups behind the blocks, the chosen ones only, cancelled with the detail.
  private func lookups(_ state: State, details: Bool, tracks: Bool, author: Bool)
    -> Effect<DetailAction>
  {
    let request = FeatureRequest(dependencies)
    let item = state.detail.item
    let country = state.country
    let id = item.id
    var effects: [Effect<DetailAction>] = []
    if details, let query = DetailLookups.details(for: item, country: country) {
      effects.append(
        request.run({ client in try await client.lookup(query) }) { result in
          .detailsLoaded(
            itemID: id, result.map { DetailLookups.detailsItem(in: $0.page, for: item) ?? item })
        })
    }
    if tracks, let query = DetailLookups.tracks(for: item, country: country) {
      effects.append(
        request.run({ client in try await client.lookup(query) }) { result in
          .tracksLoaded(itemID: id, result.map { DetailLookups.trackItems(in: $0.page, for: item) })
        })
    }
    if author, let query = DetailLookups.author(for: item, country: country) {
      effects.append(
        request.run({ client in try await client.lookup(query) }) { result in
          .authorLoaded(
            itemID: id, result.map { DetailLookups.authorBlock(in: $0.page, for: item) })
        })
    }
    return Effect.merge(effects).cancellable(id: CancelID.lookups(depth: state.depth))
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

  /// The scroll that brings the row of `track` into view, moving as little as possible (the
  /// scroll as it is when the rows were not measured yet).
  static func scroll(_ scroll: Int, showing metrics: ScreenMetrics, track: Int?) -> Int {
    guard let track, metrics.detailTrackLines.indices.contains(track), metrics.detailViewport > 0
    else { return scroll }
    let line = metrics.detailTrackLines[track]
    var offset = scroll
    if line.upperBound > offset + metrics.detailViewport {
      offset = line.upperBound - metrics.detailViewport
    }
    if line.lowerBound < offset { offset = line.lowerBound }
    return max(0, min(metrics.detailMaximumScroll, offset))
  }
}
