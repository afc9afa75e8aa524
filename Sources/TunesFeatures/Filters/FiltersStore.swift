import Synchronization

/// Where applied filters are kept between runs (the config file in the app).
public struct FiltersStore: Sendable {
  /// Reads the saved filters (defaults when nothing is saved).
  public var load: @Sendable () async throws -> SearchFilters
  /// Saves the filters.
  public var save: @Sendable (SearchFilters) async throws -> Void

  /// Makes a filters store from its closures.
  public init(
    load: @escaping @Sendable () async throws -> SearchFilters,
    save: @escaping @Sendable (SearchFilters) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Filters kept in memory (for tests).
  public static func inMemory(_ initial: SearchFilters = SearchFilters()) -> FiltersStore {
    let filters = Mutex(initial)
    return FiltersStore(
      load: { filters.withLock { $0 } },
      save: { new in filters.withLock { $0 = new } })
  }
}
