import Synchronization

/// Search history as a dependency: recent searches (newest first) and recording a submitted one.
public struct HistoryClient: Sendable {
  /// Recent searches, newest first.
  public var recent: @Sendable () async throws -> [String]
  /// Records a submitted search with the filters it ran with.
  public var record: @Sendable (_ query: String, _ filters: SearchFilters) async throws -> Void
  /// The filters a remembered search last ran with (`nil` when it is not remembered).
  public var filters: @Sendable (_ query: String) async throws -> SearchFilters?

  /// Makes a history client from its closures.
  public init(
    recent: @escaping @Sendable () async throws -> [String],
    record: @escaping @Sendable (_ query: String, _ filters: SearchFilters) async throws -> Void,
    filters: @escaping @Sendable (_ query: String) async throws -> SearchFilters? = { _ in nil }
  ) {
    self.recent = recent
    self.record = record
    self.filters = filters
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
      })
  }
}
