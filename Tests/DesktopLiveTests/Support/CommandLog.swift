import DesktopLive
import Foundation
import Synchronization

/// The commands a session delivered, in order (they come on the bus thread).
final class CommandLog: Sendable {
  private let commands = Mutex<[MediaCommand]>([])
  private let threadNames = Mutex<Set<String>>([])

  /// What arrived so far.
  var received: [MediaCommand] { commands.withLock { $0 } }

  /// The names of the threads the commands arrived on (`/proc/thread-self/comm`).
  var threads: Set<String> { threadNames.withLock { $0 } }

  /// The `onCommand` to hand to `MediaSession.connect`.
  var record: @Sendable (MediaCommand) -> Void {
    { [self] command in
      let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
      threadNames.withLock { $0.insert(name ?? "?") }
      commands.withLock { $0.append(command) }
    }
  }
}
