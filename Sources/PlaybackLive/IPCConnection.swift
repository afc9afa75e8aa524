import Foundation
import Playback
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A connection to mpv's JSON IPC socket. A reader thread always drains it (a client that only
/// writes stalls mpv once the socket's buffer fills): replies are matched to their request by
/// `request_id`, everything else goes to `onEvent`, in the order mpv sent it.
final class IPCConnection: @unchecked Sendable {
  private struct Pending {
    var onReply: (@Sendable (IPCMessage) -> Void)?
    var continuation: CheckedContinuation<Result<IPCMessage, PlaybackError>, Never>?
  }

  private let descriptor: Int32
  private let lock = NSLock()
  private let writeLock = NSLock()
  private var nextID = 1
  private var pending: [Int: Pending] = [:]
  private var isClosed = false
  private let onEvent: @Sendable (IPCMessage) -> Void
  private let onClose: @Sendable () -> Void

  /// Connects to the socket at `path`; `nil` while nothing listens there yet.
  static func connect(path: String) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      Glibc.close(descriptor)
      return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let code = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard code == 0 else {
      Glibc.close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Takes over a connected socket and starts its reader thread.
  /// - Parameters:
  ///   - onEvent: each event, on the reader thread, in order.
  ///   - onClose: once, on the reader thread, when the connection ends (mpv exited, `close()`).
  init(
    descriptor: Int32, onEvent: @escaping @Sendable (IPCMessage) -> Void,
    onClose: @escaping @Sendable () -> Void
  ) {
    self.descriptor = descriptor
    self.onEvent = onEvent
    self.onClose = onClose
    Thread.detachNewThread { [self] in readLoop() }
  }

  /// Sends a command without waiting; `onReply` runs on the reader thread before any later line
  /// is handled (so a `loadfile` reply is seen before its file's events).
  /// - Throws: `PlaybackError.connectionLost` when the connection is closed.
  func send(
    _ command: [IPCArgument], onReply: (@Sendable (IPCMessage) -> Void)? = nil
  ) throws(PlaybackError) {
    let id = try register(Pending(onReply: onReply, continuation: nil))
    guard write(IPCMessage.encode(command, requestID: id)) else {
      _ = lock.withLock { pending.removeValue(forKey: id) }
      throw .connectionLost
    }
  }

  /// Sends a command and waits for its reply.
  /// - Throws: `.notResponding` after `deadline`, `.connectionLost`, or `.commandFailed` when mpv
  ///   answers with an error.
  @discardableResult
  func request(
    _ command: [IPCArgument], deadline: Duration,
    onReply: (@Sendable (IPCMessage) -> Void)? = nil
  ) async throws(PlaybackError) -> IPCMessage {
    let idBox = Mutex<Int?>(nil)
    let timer = Task { [weak self] in
      try? await Task.sleep(for: deadline)
      guard !Task.isCancelled, let id = idBox.withLock({ $0 }) else { return }
      self?.resolve(id, .failure(.notResponding(seconds: deadline.seconds)))
    }
    defer { timer.cancel() }
    let result = await withCheckedContinuation { continuation in
      do throws(PlaybackError) {
        let id = try register(Pending(onReply: onReply, continuation: continuation))
        idBox.withLock { $0 = id }
        if !write(IPCMessage.encode(command, requestID: id)) {
          resolve(id, .failure(.connectionLost))
        }
      } catch {
        continuation.resume(returning: .failure(error))
      }
    }
    let message = try result.get()
    if let error = message.error, error != "success" {
      let name = command.first.map { "\($0.value)" } ?? "a command"
      throw .commandFailed(command: name, error: error)
    }
    return message
  }

  /// Closes the connection; pending requests fail with `.connectionLost`.
  ///
  /// Only while the descriptor is still ours: once the reader has closed it, its number may
  /// already belong to another socket of the process (a shutdown then would cut that one).
  func close() {
    writeLock.withLock {
      guard !lock.withLock({ isClosed }) else { return }
      _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }
  }

  private func register(_ entry: Pending) throws(PlaybackError) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if isClosed { throw .connectionLost }
    let id = nextID
    nextID += 1
    pending[id] = entry
    return id
  }

  private func write(_ data: Data) -> Bool {
    writeLock.withLock { () -> Bool in
      // A closed descriptor's number may already be another socket's: never write to it.
      guard !lock.withLock({ isClosed }) else { return false }
      return data.withUnsafeBytes { raw in
        guard var pointer = raw.baseAddress else { return true }
        var remaining = raw.count
        while remaining > 0 {
          let count = Glibc.send(descriptor, pointer, remaining, Int32(MSG_NOSIGNAL))
          if count < 0, errno == EINTR { continue }
          if count <= 0 { return false }
          remaining -= count
          pointer += count
        }
        return true
      }
    }
  }

  private func resolve(_ id: Int, _ result: Result<IPCMessage, PlaybackError>) {
    guard let entry = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
    if case .success(let message) = result { entry.onReply?(message) }
    entry.continuation?.resume(returning: result)
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var line = Data()
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      var start = 0
      for index in 0..<count where buffer[index] == 0x0A {
        line.append(contentsOf: buffer[start..<index])
        handle(line)
        line.removeAll(keepingCapacity: true)
        start = index + 1
      }
      line.append(contentsOf: buffer[start..<count])
    }
    // Mark closed and release the descriptor together, under the write lock, so no write or
    // shutdown can reach the number after it is given back.
    let orphans = writeLock.withLock { () -> [Pending] in
      let orphans = lock.withLock { () -> [Pending] in
        isClosed = true
        defer { pending = [:] }
        return Array(pending.values)
      }
      Glibc.close(descriptor)
      return orphans
    }
    for entry in orphans { entry.continuation?.resume(returning: .failure(.connectionLost)) }
    onClose()
  }

  private func handle(_ line: Data) {
    guard !line.isEmpty, let message = IPCMessage.parse(line) else { return }
    if message.event == nil, let id = message.requestID {
      resolve(id, .success(message))
    } else if message.event != nil {
      onEvent(message)
    }
  }
}
