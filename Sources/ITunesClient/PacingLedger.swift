import Foundation
import Synchronization

/// One budget's state: what a rate limiter must remember between requests.
///
/// Both values are instants on the clock of the limiter that wrote them (for a ledger shared by
/// processes, the wall clock: see `AppClock.wall`).
public struct PacingEntry: Sendable, Equatable {
  /// When the most recent requests were sent, oldest first (at most the budget's `requests`).
  public var sent: [Duration]
  /// Until when nothing may be sent because Apple throttled (403 or 429); `nil` when not blocked.
  public var blockedUntil: Duration?

  /// Makes an entry (by default: nothing sent, not blocked).
  public init(sent: [Duration] = [], blockedUntil: Duration? = nil) {
    self.sent = sent
    self.blockedUntil = blockedUntil
  }
}

/// Where pacing state lives, so that everything sharing a ledger shares one budget per key.
///
/// `memory()` is one process's; `file(path:)` (ITunesClientLive) is shared by every process that
/// opens the same file (the live `tunes` uses one under `$XDG_RUNTIME_DIR`). The key names the budget: today
/// the API's host and port, so a budget per host (chart feeds) is only another key.
public struct PacingLedger: Sendable {
  /// Reads the entry for `key`, lets `body` change it, and stores it, as one step that no other
  /// user of the ledger can interleave with.
  public var update: @Sendable (_ key: String, _ body: (inout PacingEntry) -> Void) -> Void

  /// Makes a ledger from its one operation.
  public init(
    update: @escaping @Sendable (_ key: String, _ body: (inout PacingEntry) -> Void) -> Void
  ) {
    self.update = update
  }

  /// A ledger held in this process's memory.
  public static func memory() -> PacingLedger {
    let entries = Mutex([String: PacingEntry]())
    return PacingLedger { key, body in
      entries.withLock { entries in
        var entry = entries[key] ?? PacingEntry()
        body(&entry)
        entries[key] = entry
      }
    }
  }
}
