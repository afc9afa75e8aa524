import Foundation
import Synchronization
import TerminalPOSIX
import TerminalUI

@testable import TunesTUI

/// An in-memory terminal for the program loop: records what is written, feeds events.
final class FakeTerminal: Sendable {
  private let written = Mutex<[UInt8]>([])
  private let currentSize = Mutex<(columns: Int, rows: Int)>((80, 24))
  private let suspensions = Mutex(0)
  private let writes = Mutex(0)
  let events: AsyncStream<TerminalEvent>
  let continuation: AsyncStream<TerminalEvent>.Continuation

  init(columns: Int = 80, rows: Int = 24) {
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    currentSize.withLock { $0 = (columns, rows) }
  }

  var io: TerminalIO {
    TerminalIO(
      write: { bytes in
        self.writes.withLock { $0 += 1 }
        self.written.withLock { $0.append(contentsOf: bytes) }
      },
      size: { self.currentSize.withLock { $0 } }, events: events,
      suspend: { self.suspensions.withLock { $0 += 1 } })
  }

  /// Everything written so far, as text.
  var output: String { String(decoding: written.withLock { $0 }, as: UTF8.self) }

  /// Forgets what was written.
  func clearOutput() { written.withLock { $0.removeAll() } }

  /// How many times the app wrote (one frame is one write).
  var writeCount: Int { writes.withLock { $0 } }

  /// How many times the app suspended (Ctrl-Z).
  var suspendCount: Int { suspensions.withLock { $0 } }

  func type(_ text: String) { continuation.yield(.bytes(Array(text.utf8))) }

  func send(_ bytes: [UInt8]) { continuation.yield(.bytes(bytes)) }

  func resize(columns: Int, rows: Int) {
    currentSize.withLock { $0 = (columns, rows) }
    continuation.yield(.resized(cols: columns, rows: rows))
  }
}
