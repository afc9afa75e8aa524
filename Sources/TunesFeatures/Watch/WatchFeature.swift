import AppArchitecture
import Foundation
import ITunesCatalog

/// The home screen's Changes row: reads what the watch stored, runs a check on `C` (the same as
/// `tunes watch` and `tunes releases`, through ``WatchClient``), and reads the row again after.
struct WatchFeature: Reducer {
  /// The row and what it reads from the rest of the app.
  struct State: Equatable {
    /// The row.
    var watch: WatchState
    /// The storefront checks ask (lower case).
    var country: String
  }

  /// Cancellation ids of the row's work.
  enum CancelID: Hashable, Sendable {
    /// Reading the stored changes (a newer read replaces it).
    case read
  }

  let dependencies: TunesDependencies

  func reduce(into state: inout State, action: WatchAction) -> Effect<WatchAction> {
    switch action {
    case .loadRequested:
      guard dependencies.watch.isAvailable else { return .none }
      state.watch.digest = state.watch.digest.reloading
      let recent = dependencies.watch.recent
      return Effect.run { send in
        do {
          send(.loaded(.success(try await recent())))
        } catch {
          send(.loaded(.failure(FeatureError(error))))
        }
      }.cancellable(id: CancelID.read, cancelInFlight: true)
    case .loaded(.success(let digest)):
      state.watch.digest = .loaded(digest)
      if let picked = state.watch.selection {
        let count = state.watch.listedEntries.count
        state.watch.selection = count == 0 ? nil : min(picked, count - 1)
      }
      return .none
    case .loaded(.failure(let error)):
      state.watch.digest = state.watch.digest.failing(error)
      return .none
    case .checkRequested:
      guard dependencies.watch.isAvailable else {
        return .send(.delegate(.notice(WatchClient.unavailableReason)))
      }
      guard !state.watch.isChecking else {
        return .send(.delegate(.notice("A check is already under way.")))
      }
      state.watch.isChecking = true
      state.watch.checkError = nil
      let check = dependencies.watch.check
      let country = state.country
      return .merge(
        .send(.delegate(.notice("Checking the watched items in \(country.uppercased())…"))),
        .run { send in
          do {
            send(.checked(.success(try await check(country))))
          } catch {
            send(.checked(.failure(FeatureError(error))))
          }
        })
    case .checked(.success(let report)):
      state.watch.isChecking = false
      let known = Set(state.watch.releases.map { "\($0.country)-\($0.itemID)" })
      state.watch.releases += report.releases.filter {
        !known.contains("\($0.country)-\($0.itemID)")
      }
      let found = Self.finding(report)
      if let found {
        state.watch.findings += 1
        state.watch.lastFinding = found
      }
      let summary = report.summary.joined(separator: " ")
      return .merge(
        .send(.delegate(.notice(found ?? (summary.isEmpty ? "Nothing changed." : summary)))),
        reduce(into: &state, action: .loadRequested))
    case .checked(.failure(let error)):
      state.watch.isChecking = false
      state.watch.checkError = error
      // A check stopped part way (one storefront throttled) may have stored changes already.
      return .merge(
        .send(.delegate(.notice("The check failed: " + error.title))),
        reduce(into: &state, action: .loadRequested))
    case .focusEntered:
      guard !state.watch.listedEntries.isEmpty else { return .none }
      state.watch.selection = 0
      return .none
    case .selectionMoved(let up):
      guard let picked = state.watch.selection else { return .none }
      if up, picked == 0 {
        state.watch.selection = nil
        return .send(.delegate(.rowsFocused(false)))
      }
      let next = picked + (up ? -1 : 1)
      state.watch.selection = next < state.watch.listedEntries.count ? next : nil
      return .none
    case .entryOpened:
      guard let picked = state.watch.selection else { return .none }
      return open(state.watch, picked)
    case .entryClicked(let index):
      guard state.watch.listedEntries.indices.contains(index) else { return .none }
      if state.watch.selection == index { return open(state.watch, index) }
      state.watch.selection = index
      return .send(.delegate(.rowsFocused(true)))
    case .focusLeft:
      state.watch.selection = nil
      return .none
    case .delegate:
      return .none
    }
  }

  /// The page of listed change `index`'s item: what the change knows (id, kind, title), looked
  /// up by id as a chart entry is.
  private func open(_ watch: WatchState, _ index: Int) -> Effect<WatchAction> {
    let entries = watch.listedEntries
    guard entries.indices.contains(index) else { return .none }
    let entry = entries[index]
    let item = CatalogItem(
      id: entry.itemID, kind: ItemKind(rawValue: entry.itemKind), title: entry.title)
    return .send(.delegate(.openItem(item)))
  }

  /// The sentence for what a check found, or `nil` when it found nothing.
  static func finding(_ report: WatchCheckReport) -> String? {
    var parts: [String] = []
    if report.changeCount > 0 {
      parts.append(report.changeCount == 1 ? "1 change" : "\(report.changeCount) changes")
    }
    if !report.releases.isEmpty {
      parts.append(
        report.releases.count == 1 ? "1 new release" : "\(report.releases.count) new releases")
    }
    guard !parts.isEmpty else { return nil }
    return "The watch found " + parts.joined(separator: " and ") + "."
  }
}
