import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// What the tools reach the world through, made by the command line (`tunes mcp`) from its
/// options like every command's, or by tests.
package struct MCPServices: Sendable {
  /// The paced client with the response cache (or without it: `--no-cache`, `--demo`).
  package var client: ITunesClient
  /// Looks many ids up (the CLI's bulk lookup: fresh cache answers first, batches of 200).
  package var lookup: @Sendable (_ ids: [Int64], _ country: String?) async throws -> LookupOutcome
  /// Opens the history and favourites database, for writing or only for reading.
  package var openDatabase: @Sendable (_ writable: Bool) throws -> TunesDatabase
  /// The sentence the CLI prints for an error.
  package var describe: @Sendable (any Error) -> String
  /// The wall clock (when a favourite was added).
  package var now: @Sendable () -> Date
  /// Runs a command of the command line in-process (`watch`, `where`, `releases`), its output
  /// captured; `nil` where there is no command line (those tools then refuse).
  package var command: (@Sendable ([String]) async -> CommandOutcome)?

  package init(
    client: ITunesClient,
    lookup: @escaping @Sendable ([Int64], String?) async throws -> LookupOutcome,
    openDatabase: @escaping @Sendable (Bool) throws -> TunesDatabase,
    describe: @escaping @Sendable (any Error) -> String,
    now: @escaping @Sendable () -> Date,
    command: (@Sendable ([String]) async -> CommandOutcome)? = nil
  ) {
    self.client = client
    self.lookup = lookup
    self.openDatabase = openDatabase
    self.describe = describe
    self.now = now
    self.command = command
  }
}

/// What a lookup of many ids found.
package struct LookupOutcome: Sendable {
  /// The items found, in Apple's order (related items included when an entity was asked for).
  package var items: [CatalogItem]
  /// Ids Apple knows no item by.
  package var unknown: [Int64]
  /// Ids not looked up because a request failed, and why.
  package var notLookedUp: [Int64]
  package var failure: (any Error)?

  package init(
    items: [CatalogItem], unknown: [Int64], notLookedUp: [Int64], failure: (any Error)?
  ) {
    self.items = items
    self.unknown = unknown
    self.notLookedUp = notLookedUp
    self.failure = failure
  }
}

extension FavoriteRecord {
  /// The stored record of an item: its CLI JSON as the payload (the one shape `favorites list
  /// --format json` writes back as it is).
  package init(item: CatalogItem, addedAt: Date) {
    self.init(
      id: item.id, kind: item.kind.rawValue, title: item.title, payload: Data(item.jsonBytes),
      addedAt: addedAt)
  }
}
