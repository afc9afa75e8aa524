import Foundation
import Synchronization
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// Downloaded artwork bytes on disk, one file per key, size-capped, least recently used evicted.
///
/// A file is named by a 128-bit hash of its key, written to a temporary name and renamed, so a
/// reader never sees half a file. The recency order is kept in memory (read once from the files'
/// modification times, which a hit sets to now), so eviction needs no directory scan. Files are
/// read and written outside the lock; only the index is guarded. A missing or unreadable
/// directory turns the cache off, never the pipeline.
final class DiskCache: Sendable {
  private struct Entry {
    var bytes: Int
    var lastUse: UInt64
  }

  private struct State {
    var loaded = false
    var usable = true
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }

  let directory: URL
  let capacity: Int
  private let state = Mutex(State())

  init(directory: URL, capacity: Int) {
    self.directory = directory
    self.capacity = max(0, capacity)
  }

  /// The file name for `key`: 32 hex digits.
  static func fileName(for key: String) -> String {
    let bytes = Array(key.utf8)
    let first = fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
    let second = fnv1a(bytes.reversed(), basis: 0x6c62_272e_07bb_0142)
    return hex(first) + hex(second)
  }

  /// Where the file for `key` lives.
  func fileURL(for key: String) -> URL {
    directory.appendingPathComponent(Self.fileName(for: key))
  }

  /// The stored bytes for `key`, marked as just used; nil when absent or unreadable.
  func read(_ key: String) -> [UInt8]? {
    guard ensureLoaded() else { return nil }
    let name = Self.fileName(for: key)
    guard state.withLock({ $0.entries[name] != nil }) else { return nil }
    let path = directory.appendingPathComponent(name).path
    guard let data = FileManager.default.contents(atPath: path) else {
      forget(name)
      return nil
    }
    _ = utimensat(AT_FDCWD, path, nil, 0)
    state.withLock { state in
      state.clock += 1
      state.entries[name]?.lastUse = state.clock
    }
    return [UInt8](data)
  }

  /// Stores `bytes` for `key` (temporary file, then rename) and evicts down to the cap.
  func write(_ key: String, bytes: [UInt8]) {
    guard bytes.count <= capacity, ensureLoaded() else { return }
    let name = Self.fileName(for: key)
    let final = directory.appendingPathComponent(name).path
    let temporary = directory.appendingPathComponent(
      ".tmp-\(name)-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    guard Self.writeFile(temporary, bytes) else {
      unlink(temporary)
      return
    }
    guard rename(temporary, final) == 0 else {
      unlink(temporary)
      return
    }
    let victims = state.withLock { state -> [String] in
      if let old = state.entries[name] { state.bytes -= old.bytes }
      state.clock += 1
      state.entries[name] = Entry(bytes: bytes.count, lastUse: state.clock)
      state.bytes += bytes.count
      return Self.evict(&state, capacity: capacity, keeping: name)
    }
    for victim in victims { unlink(directory.appendingPathComponent(victim).path) }
  }

  /// Deletes the file for `key` (a cached file that did not decode).
  func remove(_ key: String) {
    let name = Self.fileName(for: key)
    unlink(directory.appendingPathComponent(name).path)
    forget(name)
  }

  /// Bytes held and the number of files, as the index knows them.
  var usage: (bytes: Int, count: Int) {
    state.withLock { ($0.bytes, $0.entries.count) }
  }

  // MARK: Index

  private func forget(_ name: String) {
    state.withLock { state in
      if let old = state.entries.removeValue(forKey: name) { state.bytes -= old.bytes }
    }
  }

  /// Creates the directory (0700) and reads the index from it, once; false if it is unusable.
  private func ensureLoaded() -> Bool {
    state.withLock { state in
      if state.loaded { return state.usable }
      state.loaded = true
      // A folder that is a symbolic link, or not this user's, is not used: making it 0700
      // and sweeping its `.tmp-*` files would act on wherever the link points.
      var own = stat()
      if lstat(directory.path, &own) == 0,
        own.st_mode & S_IFMT == S_IFLNK || own.st_uid != getuid()
      {
        state.usable = false
        return false
      }
      do {
        try StoragePaths.createDirectory(directory)
      } catch {
        state.usable = false
        return false
      }
      var found: [(name: String, bytes: Int, modified: Double)] = []
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      let now = Date().timeIntervalSince1970
      for name in names {
        let path = directory.appendingPathComponent(name).path
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        if name.hasPrefix(".tmp-") {
          // Left by a process that died mid-write; a live writer renames within moments.
          if now - modified > 600 { unlink(path) }
          continue
        }
        guard Self.isCacheFileName(name) else { continue }
        found.append((name, Int(info.st_size), modified))
      }
      for file in found.sorted(by: { $0.modified < $1.modified }) {
        state.clock += 1
        state.entries[file.name] = Entry(bytes: file.bytes, lastUse: state.clock)
        state.bytes += file.bytes
      }
      let victims = Self.evict(&state, capacity: capacity, keeping: nil)
      for victim in victims { unlink(directory.appendingPathComponent(victim).path) }
      return true
    }
  }

  /// Drops the least recently used entries until the total fits; returns their file names.
  private static func evict(_ state: inout State, capacity: Int, keeping: String?) -> [String] {
    guard state.bytes > capacity else { return [] }
    var victims: [String] = []
    for (name, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse })
    where state.bytes > capacity && name != keeping {
      state.entries.removeValue(forKey: name)
      state.bytes -= entry.bytes
      victims.append(name)
    }
    return victims
  }

  private static func isCacheFileName(_ name: String) -> Bool {
    name.utf8.count == 32
      && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    var written = 0
    let complete = bytes.withUnsafeBytes { raw -> Bool in
      guard let base = raw.baseAddress else { return true }
      while written < raw.count {
        let count = Glibc.write(descriptor, base + written, raw.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return true
    }
    return close(descriptor) == 0 && complete
  }

  private static func fnv1a<S: Sequence<UInt8>>(_ bytes: S, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
