import Synchronization

/// Search history as a dependency: recent searches (newest first) and recording a submitted one.
public struct HistoryClient: Sendable {
  /// Recent searches, newest first.
  public var recent: @Sendable () async throws -> [String]
  /// Records a submitted search with the filters it ran with.
  public var record: @Sendable (_ query: String, _ filters: SearchFilters) async throws -> Void
  /// The filters a remembered search last ran with (`nil` when it is not remembered).
  public var filters: @Sendable (_ query: String) async throws -> SearchFilters?
  /// Forgets one search (any case), as `tunes history --remove` does.
  public var remove: @Sendable (_ query: String) async throws -> Void
  /// Forgets every search, as `tunes history --clear` does.
  public var clear: @Sendable () async throws -> Void

  /// Makes a history client from its closures.
  public init(
    recent: @escaping @Sendable () async throws -> [String],
    record: @escaping @Sendable (_ query: String, _ filters: SearchFilters) async throws -> Void,
    filters: @escaping @Sendable (_ query: String) async throws -> SearchFilters? = { _ in nil },
    remove: @escaping @Sendable (_ query: String) async throws -> Void = { _ in },
    clear: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.recent = recent
    self.record = record
    self.filters = filters
    self.remove = remove
    self.clear = clear
  }

  /// A history in memory (for tests and `--no-history`): newest first, a repeated query moves to the
  /// front (case-insensitive), at most `capacity` kept.
  public static func inMemory(_ initial: [String] = [], capacity: Int = 5) -> HistoryClient {
    let entries = Mutex(Array(initial.prefix(capacity)).map { ($0, SearchFilters?.none) })
    return HistoryClient(
      recent: { entries.withLock { $0.map(\.0) } },
      record: { query, filters in
        entries.withLock { list in
          list.removeAll { $0.0.lowercased() == query.lowercased() }
          list.insert((query, filters), at: 0)
          if list.count > capacity { list.removeLast(list.count - capacity) }
        }
      },
      filters: { query in
        entries.withLock { list in list.first { $0.0.lowercased() == query.lowercased() }?.1 }
      },
      remove: { query in
        entries.withLock { list in list.removeAll { $0.0.lowercased() == query.lowercased() } }
      },
      clear: { entries.withLock { $0.removeAll() } })
  }
}
