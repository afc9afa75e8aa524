import AppArchitecture
import ITunesCatalog

/// What happened to a detail's blocks of keeping watch: the item's history (read when the
/// detail opens) and the item in other storefronts (`w`, on demand).
public enum DetailWatchAction: Equatable, Sendable {
  /// The watch's states of the item were read.
  case historyLoaded(itemID: Int64, Result<[SeenState], FeatureError>)
  /// `w`: the item in other storefronts, asked for.
  case storefrontsRequested
  /// The storefronts answered.
  case storefrontsLoaded(itemID: Int64, Result<[StorefrontAnswer], FeatureError>)

  /// The item an answer is for, or `nil` for a request.
  public var answeredItemID: Int64? {
    switch self {
    case .historyLoaded(let itemID, _), .storefrontsLoaded(let itemID, _): return itemID
    case .storefrontsRequested: return nil
    }
  }

  /// Whether the action comes from the person.
  public var isInput: Bool { self == .storefrontsRequested }
}

extension DetailFeature {
  /// The storefronts `w` asks, for a detail in `country`'s store: that one first, then the
  /// big stores of the English-speaking world, Europe and Japan (eight requests at most, a
  /// fraction of Apple's 20 a minute; `tunes where ID --countries all` asks every one).
  static func storefronts(for country: String?) -> [String] {
    let own = (country ?? Country.appleDefault).lowercased()
    var seen = Set<String>()
    return ([own] + ["us", "gb", "ca", "au", "de", "fr", "jp"]).filter { seen.insert($0).inserted }
  }

  func reduceWatch(into state: inout State, action: DetailWatchAction) -> Effect<DetailAction> {
    switch action {
    case .historyLoaded(_, .success(let states)):
      state.detail.seen = states.isEmpty ? nil : .loaded(states)
      return .none
    case .historyLoaded(_, .failure(let error)):
      state.detail.seen = .failed(error, previous: nil)
      return .none
    case .storefrontsRequested:
      guard dependencies.watch.isAvailable else {
        return .send(.delegate(.notice(WatchClient.unavailableReason)))
      }
      if state.detail.storefronts?.isLoading == true { return .none }
      state.detail.storefronts = state.detail.storefronts?.reloading ?? .loading(previous: nil)
      let storefronts = dependencies.watch.storefronts
      let id = state.detail.item.id
      let countries = Self.storefronts(for: state.country)
      return .run { send in
        do {
          let answers = try await storefronts(id, countries)
          send(.watch(.storefrontsLoaded(itemID: id, .success(answers))))
        } catch {
          send(.watch(.storefrontsLoaded(itemID: id, .failure(FeatureError(error)))))
        }
      }
      .cancellable(id: CancelID.lookups(depth: state.depth))
    case .storefrontsLoaded(_, let result):
      guard let storefronts = state.detail.storefronts, storefronts.isLoading else { return .none }
      switch result {
      case .success(let answers):
        state.detail.storefronts = .loaded(answers)
        // The block is under the details, often below the fold: the notice says what it found.
        let sold = answers.filter(\.available).count
        return .send(
          .delegate(
            .notice(
              "Sold in \(sold) of the \(answers.count) storefronts asked: Other storefronts, "
                + "under Details.")))
      case .failure(let error):
        state.detail.storefronts = storefronts.failing(error)
        return .none
      }
    }
  }

  /// Reads the watch's history of the item in the detail's storefront (a local read; nothing
  /// when there is no watch).
  func readHistory(_ state: State) -> Effect<DetailAction> {
    guard dependencies.watch.isAvailable else { return .none }
    let history = dependencies.watch.history
    let id = state.detail.item.id
    let country = (state.country ?? Country.appleDefault).lowercased()
    return .run { send in
      do {
        send(.watch(.historyLoaded(itemID: id, .success(try await history(id, country)))))
      } catch {
        send(.watch(.historyLoaded(itemID: id, .failure(FeatureError(error)))))
      }
    }
    .cancellable(id: CancelID.lookups(depth: state.depth))
  }
}
