/// tmux's passthrough: `ESC P tmux ; … ESC \` with every ESC inside doubled. tmux (with the
/// pane's `allow-passthrough` on) hands the inner bytes to the terminal it runs in, unread;
/// without the wrapper tmux would take an image's APC for a pane title, and would never let a
/// query reach the outer terminal.
package enum TmuxPassthrough {
  /// `bytes` wrapped for tmux.
  package static func wrap(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 32)
    out.append(contentsOf: prefix)
    appendDoubled(bytes, to: &out)
    out.append(contentsOf: end)
    return out
  }

  /// `head` then `body` wrapped for tmux, appended to `out`, where `body` is already
  /// ``doubled(_:)`` (made once, off the UI loop, for bytes drawn many times: a sixel).
  package static func wrap(_ head: [UInt8], doubledBody body: [UInt8], into out: inout [UInt8]) {
    out.reserveCapacity(out.count + head.count + body.count + 32)
    out.append(contentsOf: prefix)
    appendDoubled(head, to: &out)
    out.append(contentsOf: body)
    out.append(contentsOf: end)
  }

  /// `bytes` with every ESC doubled: the inside of a wrapper.
  package static func doubled(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    appendDoubled(bytes, to: &out)
    return out
  }

  /// Copies the runs between ESCs whole (an image's bytes hold few), each ESC twice.
  private static func appendDoubled(_ bytes: [UInt8], to out: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      while let at = all[start...].firstIndex(of: 0x1B) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: all[start...at]))
        out.append(0x1B)
        start = at + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: all[start...]))
    }
  }

  /// The opening of the wrapper.
  package static let prefix: [UInt8] = Array("\u{1B}Ptmux;".utf8)
  /// Its end (the string terminator).
  private static let end: [UInt8] = [0x1B, UInt8(ascii: "\\")]
}
