import Foundation

/// The screen of `tunes preview` while mpv draws a video in the terminal: the alternate screen
/// (so the picture does not stay in the shell's scrollback) with the cursor hidden; `leave()`
/// puts the shell's screen and the cursor back. Both are idempotent and thread-safe (a signal
/// handler may leave).
final class VideoScreenHandoff: @unchecked Sendable {
  private let write: @Sendable ([UInt8]) -> Void
  private let lock = NSLock()
  private var active = false

  init(write: @escaping @Sendable ([UInt8]) -> Void) {
    self.write = write
  }

  /// Whether the alternate screen is on.
  var isActive: Bool { lock.withLock { active } }

  /// Alternate screen, cleared, cursor hidden.
  func enter() {
    lock.withLock {
      guard !active else { return }
      active = true
      write(Array("\u{1B}[?1049h\u{1B}[2J\u{1B}[?25l".utf8))
    }
  }

  /// Colours reset, cursor shown, the shell's screen back.
  func leave() {
    lock.withLock {
      guard active else { return }
      active = false
      write(Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8))
    }
  }
}
