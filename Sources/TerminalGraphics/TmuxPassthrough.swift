/// tmux's passthrough: `ESC P tmux ; … ESC \` with every ESC inside doubled. tmux (with the
/// pane's `allow-passthrough` on) hands the inner bytes to the terminal it runs in, unread;
/// without the wrapper tmux would take an image's APC for a pane title, and would never let a
/// query reach the outer terminal.
package enum TmuxPassthrough {
  /// `bytes` wrapped for tmux.
  package static func wrap(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 16 + 16)
    out.append(contentsOf: prefix)
    for byte in bytes {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    return out
  }

  /// The opening of the wrapper.
  package static let prefix: [UInt8] = Array("\u{1B}Ptmux;".utf8)
}
