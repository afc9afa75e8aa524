import DesktopLive
import Synchronization

/// The commands a session delivered, in order (they come on the bus thread).
final class CommandLog: Sendable {
  private let commands = Mutex<[MediaCommand]>([])

  /// What arrived so far.
  var received: [MediaCommand] { commands.withLock { $0 } }

  /// The `onCommand` to hand to `MediaSession.connect`.
  var record: @Sendable (MediaCommand) -> Void {
    { [self] command in commands.withLock { $0.append(command) } }
  }
}
