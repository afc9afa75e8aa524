import Synchronization

/// Strings kept once for the whole process and named by small integers, so that `Cell` and
/// `Style` hold only plain numbers: copying, clearing and comparing cells then costs no
/// reference counting.
///
/// Used for the rare grapheme clusters of several scalars and for hyperlink targets. A table
/// only grows (by the distinct clusters and links drawn in a session, a few kilobytes), and
/// equal strings always get the same number, so comparing numbers compares the strings.
final class StringTable: Sendable {
  /// Clusters of more than one scalar shown in cells.
  static let clusters = StringTable()
  /// OSC 8 hyperlink targets.
  static let links = StringTable()

  private struct Storage {
    var ids: [String: UInt32] = [:]
    var strings: [String] = []
  }

  private let storage = Mutex(Storage())

  /// The number for `string` (0, 1, 2 … in order of first use).
  func id(for string: String) -> UInt32 {
    storage.withLock { storage in
      if let id = storage.ids[string] { return id }
      let id = UInt32(truncatingIfNeeded: storage.strings.count)
      storage.ids[string] = id
      storage.strings.append(string)
      return id
    }
  }

  /// The string numbered `id`; empty for a number never given out.
  func string(for id: UInt32) -> String {
    storage.withLock { storage in
      Int(id) < storage.strings.count ? storage.strings[Int(id)] : ""
    }
  }
}
