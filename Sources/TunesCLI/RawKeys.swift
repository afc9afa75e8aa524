import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The keys `tunes preview` reads on a terminal, from standard input in a minimal raw mode.
///
/// The command line may not use TerminalPOSIX (the app's terminal layer), so this is the few
/// lines of termios it needs: no line buffering, no echo, no signal keys (Ctrl-C arrives as a
/// byte and stops the preview); output processing stays on. `restore()` puts the terminal back;
/// `PreviewSignals` calls it before SIGTERM/SIGHUP/SIGINT end the process.
final class RawKeys: @unchecked Sendable {
  /// A key the preview reacts to.
  enum Key: Equatable, Sendable {
    case togglePause, back, forward, quit
    /// `>` or `n`: the next id of a list; `<` or `b`: the one before.
    case next, previous
  }

  private let saved: termios
  private let lock = NSLock()
  private var restored = false

  /// Switches standard input to raw mode; `nil` when it is not a terminal.
  init?() {
    var current = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &current) == 0 else { return nil }
    saved = current
    var raw = current
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
  }

  /// Puts the terminal back as it was (once; later calls do nothing).
  func restore() {
    lock.withLock {
      guard !restored else { return }
      restored = true
      var original = saved
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
  }

  /// Reads keys on a thread of its own until end of input.
  func keys() -> AsyncStream<Key> {
    AsyncStream { continuation in
      Thread.detachNewThread {
        var decoder = Decoder()
        var byte: UInt8 = 0
        while true {
          let count = read(STDIN_FILENO, &byte, 1)
          if count < 0, errno == EINTR { continue }
          if count <= 0 { break }
          if let key = decoder.feed(byte) { continuation.yield(key) }
        }
        continuation.finish()
      }
    }
  }

  /// Turns bytes into keys: Space, `p` pause; ←/→ (`ESC [ D`, `ESC [ C`, also `ESC O D/C`),
  /// `h`/`l` seek; `q`, Ctrl-C, Ctrl-D stop.
  struct Decoder {
    private var escape: [UInt8] = []

    /// Feeds one byte; returns the key it completes, if any.
    mutating func feed(_ byte: UInt8) -> Key? {
      if !escape.isEmpty {
        escape.append(byte)
        if escape.count == 2 {
          if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") { return nil }
          escape = []
          return nil
        }
        defer { escape = [] }
        switch byte {
        case UInt8(ascii: "C"): return .forward
        case UInt8(ascii: "D"): return .back
        default: return nil
        }
      }
      switch byte {
      case 0x1B:
        escape = [byte]
        return nil
      case UInt8(ascii: " "), UInt8(ascii: "p"): return .togglePause
      case UInt8(ascii: "h"): return .back
      case UInt8(ascii: "l"): return .forward
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: return .quit
      case UInt8(ascii: ">"), UInt8(ascii: "n"): return .next
      case UInt8(ascii: "<"), UInt8(ascii: "b"): return .previous
      default: return nil
      }
    }
  }
}
