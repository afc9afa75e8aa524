import Synchronization

/// Decoded images by key, bounded in bytes of pixels, least recently used evicted first.
///
/// A lookup is a dictionary read and a counter bump under a lock: cheap enough for the UI thread
/// while it draws. An image larger than the whole bound is not kept.
final class MemoryCache: Sendable {
  private struct Entry {
    var image: DecodedImage
    var lastUse: UInt64
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }

  /// The most bytes of pixels kept.
  let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// The image for `key`, marked as just used.
  func image(for key: String) -> DecodedImage? {
    state.withLock { state in
      guard let entry = state.entries[key] else { return nil }
      state.clock += 1
      state.entries[key]?.lastUse = state.clock
      return entry.image
    }
  }

  /// Keeps `image` under `key`, evicting the least recently used images until the bound holds.
  func insert(_ image: DecodedImage, for key: String) {
    guard image.byteCount <= capacity else { return }
    state.withLock { state in
      if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.image.byteCount }
      state.clock += 1
      state.entries[key] = Entry(image: image, lastUse: state.clock)
      state.bytes += image.byteCount
      guard state.bytes > capacity else { return }
      let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
      for (victim, entry) in oldestFirst where state.bytes > capacity && victim != key {
        state.entries.removeValue(forKey: victim)
        state.bytes -= entry.image.byteCount
      }
    }
  }

  /// Bytes of pixels held and the number of images.
  var usage: (bytes: Int, count: Int) {
    state.withLock { ($0.bytes, $0.entries.count) }
  }
}
