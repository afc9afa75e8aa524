import Foundation
import ITunesClient
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension PacingLedger {
  /// A ledger in a small text file shared by every process that names the same `path`.
  ///
  /// Each update takes an exclusive `flock` on the file, reads it, changes one line and writes it
  /// back, so updates from any number of processes happen one after another. The file holds one
  /// line per key, `KEY BLOCKED SENT,SENT,…` (nanoseconds; `-` for none); a line that does not read
  /// (say, a process killed halfway through a write) is dropped, which starts that budget afresh.
  /// The file is created with mode 0600; a symbolic link in its place is refused.
  ///
  /// When the file cannot be opened or locked, the update goes to `fallback` (this process's
  /// memory) and `onError` is told once, so pacing still holds within the process.
  public static func file(
    path: String, fallback: PacingLedger = .memory(),
    onError: @escaping @Sendable (String) -> Void = { _ in }
  ) -> PacingLedger {
    let shared = SharedPacingFile(path: path)
    let reported = Atomic<Bool>(false)
    return PacingLedger { key, body in
      do {
        try shared.update(key: key, body)
      } catch {
        if !reported.exchange(true, ordering: .relaxed) {
          onError("the pacing file \(path) cannot be used: \(error.reason)")
        }
        fallback.update(key, body)
      }
    }
  }
}

/// The file behind `PacingLedger.file(path:)`: one descriptor, opened on first use.
final class SharedPacingFile: Sendable {
  struct Failure: Error {
    let reason: String
  }

  let path: String
  /// The open descriptor (-1 before the first update). The mutex also keeps two tasks of this
  /// process apart: `flock` does not, since they would share one open file.
  private let descriptor = Mutex<Int32>(-1)

  init(path: String) {
    self.path = path
  }

  deinit {
    descriptor.withLock { if $0 >= 0 { close($0) } }
  }

  func update(key rawKey: String, _ body: (inout PacingEntry) -> Void) throws(Failure) {
    let key = Self.key(rawKey)
    try descriptor.withLock { (fd: inout Int32) throws(Failure) in
      if fd < 0 {
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard opened >= 0 else {
          throw Failure(reason: errno == ELOOP ? "it is a symbolic link" : Self.describe(errno))
        }
        do throws(Failure) {
          try Self.check(opened)
        } catch {
          close(opened)
          throw error
        }
        fd = opened
      }
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else { throw Failure(reason: Self.describe(errno)) }
      }
      defer { flock(fd, LOCK_UN) }
      var lines = Self.parse(try Self.readAll(fd))
      var entry = lines.first { $0.key == key }?.entry ?? PacingEntry()
      body(&entry)
      lines.removeAll { $0.key == key }
      lines.append((key, entry))
      Self.dropIdle(&lines, keeping: key)
      let text = lines.map { Self.line($0.key, $0.entry) }.joined()
      try Self.replace(fd, with: Array(text.utf8))
    }
  }

  /// How long after a key's last use (the newest instant in the file is the clock) its line is
  /// dropped: every budget's window is a minute and a cool-down ends sooner, so an hour-old line
  /// holds nothing a limiter would read.
  static let idleLife = Duration.seconds(3600)

  /// Drops the lines of keys idle for ``idleLife``. The file is read and written whole at every
  /// request, and every host and port is a key (each replay server the tests start is one): kept
  /// for ever, it grew to hundreds of lines and made each request parse them all.
  /// The line of `key` (the one just updated) always stays.
  static func dropIdle(_ lines: inout [(key: String, entry: PacingEntry)], keeping key: String) {
    func latest(_ entry: PacingEntry) -> Duration? {
      [entry.sent.last, entry.blockedUntil].compactMap { $0 }.max()
    }
    guard let newest = lines.compactMap({ latest($0.entry) }).max() else { return }
    lines.removeAll { line in
      line.key != key && (latest(line.entry).map { $0 < newest - idleLife } ?? true)
    }
  }

  /// Refuses what is not this user's own regular file, and makes it 0600 when it is not.
  private static func check(_ fd: Int32) throws(Failure) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw Failure(reason: describe(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFIFO: throw Failure(reason: "it is a FIFO, not a file")
    case S_IFDIR: throw Failure(reason: "it is a folder, not a file")
    default: throw Failure(reason: "it is not a regular file")
    }
    guard info.st_uid == getuid() else { throw Failure(reason: "another user owns it") }
    if info.st_mode & 0o777 != 0o600, fchmod(fd, 0o600) != 0 {
      throw Failure(reason: describe(errno))
    }
  }

  /// Keys are one word: spaces and controls become `_`.
  static func key(_ raw: String) -> String {
    let cleaned = String(
      raw.unicodeScalars.map { $0.value <= 0x20 || $0.value == 0x7F ? "_" : Character($0) })
    return cleaned.isEmpty ? "_" : cleaned
  }

  static func parse(_ bytes: [UInt8]) -> [(key: String, entry: PacingEntry)] {
    var result: [(key: String, entry: PacingEntry)] = []
    for line in bytes.split(separator: 0x0A) {
      let fields = line.split(separator: 0x20)
      guard fields.count == 3, let key = String(validating: fields[0], as: UTF8.self),
        let blocked = instant(fields[1]), let sent = instants(fields[2]),
        !result.contains(where: { $0.key == key })
      else { continue }
      result.append((key, PacingEntry(sent: sent, blockedUntil: blocked)))
    }
    return result
  }

  /// `-` is `.some(nil)`; digits (with an optional minus) are nanoseconds; anything else is `nil`.
  private static func instant(_ field: ArraySlice<UInt8>) -> Duration?? {
    if field.elementsEqual([UInt8(ascii: "-")]) { return .some(nil) }
    guard let text = String(validating: field, as: UTF8.self), let nanoseconds = Int64(text)
    else { return nil }
    return .some(.nanoseconds(nanoseconds))
  }

  /// `-` is none; else instants separated by commas, in order.
  private static func instants(_ field: ArraySlice<UInt8>) -> [Duration]? {
    if field.elementsEqual([UInt8(ascii: "-")]) { return [] }
    var values: [Duration] = []
    for part in field.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      guard case .some(.some(let value)) = instant(part) else { return nil }
      values.append(value)
    }
    return values
  }

  static func line(_ key: String, _ entry: PacingEntry) -> String {
    func field(_ value: Duration) -> String {
      let (seconds, attoseconds) = value.components
      return String(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
    let blocked = entry.blockedUntil.map(field) ?? "-"
    let sent = entry.sent.isEmpty ? "-" : entry.sent.map(field).joined(separator: ",")
    return "\(key) \(blocked) \(sent)\n"
  }

  private static func readAll(_ fd: Int32) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var offset: off_t = 0
    while bytes.count < 1 << 20 {
      let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: describe(errno))
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      offset += off_t(count)
    }
    return bytes
  }

  private static func replace(_ fd: Int32, with bytes: [UInt8]) throws(Failure) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return pwrite(fd, base + written, raw.count - written, off_t(written))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: describe(errno))
      }
      written += count
    }
    guard ftruncate(fd, off_t(bytes.count)) == 0 else { throw Failure(reason: describe(errno)) }
  }

  private static func describe(_ number: Int32) -> String {
    String(cString: strerror(number))
  }
}

extension Error {
  fileprivate var reason: String {
    (self as? SharedPacingFile.Failure)?.reason ?? "\(self)"
  }
}
