import Foundation

/// One remembered search: what was typed, with which filters, and when it ran.
public struct HistoryEntry: Sendable, Equatable, Hashable {
  /// The query as last typed (surrounding spaces removed).
  public let query: String
  /// The filters the search ran with (for example `media`, `country`, `explicit`).
  public let filters: [String: String]
  /// When the search was run.
  public let searchedAt: Date

  /// Creates an entry.
  public init(query: String, filters: [String: String] = [:], searchedAt: Date) {
    self.query = query
    self.filters = filters
    self.searchedAt = searchedAt
  }
}
