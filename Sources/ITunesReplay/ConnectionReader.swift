/// Reads successive request heads from one connection, discarding any request bodies.
struct ConnectionReader {
  /// What the next read produced.
  enum Outcome: Equatable {
    /// A complete request head.
    case request(HTTPRequest)
    /// The peer closed the connection (or it was shut down) between requests.
    case closed
    /// Bytes that are not an HTTP request, or a head larger than the limit.
    case malformed
  }

  /// Largest request head accepted, in bytes.
  static let headLimit = 64 * 1024

  /// The next bytes from the peer; `nil` when the stream ended.
  private let receive: () -> [UInt8]?
  private var buffer: [UInt8] = []

  init(fd: Int32) {
    self.init(receive: { SocketIO.receive(fd) })
  }

  /// A reader over any source of chunks (the fuzzer's bytes).
  init(receive: @escaping () -> [UInt8]?) {
    self.receive = receive
  }

  /// Blocks until a full request head has arrived, the stream ends, or the input is not HTTP.
  mutating func next() -> Outcome {
    while true {
      if let end = Self.headEnd(in: buffer) {
        let head = Array(buffer[..<end.headEnd])
        buffer.removeFirst(end.bodyStart)
        guard let request = HTTPRequest.parse(head: head) else { return .malformed }
        guard discardBody(count: request.contentLength) else { return .closed }
        return .request(request)
      }
      if buffer.count > Self.headLimit { return .malformed }
      guard let chunk = receive() else {
        return buffer.allSatisfy({ $0 == 13 || $0 == 10 }) ? .closed : .malformed
      }
      buffer.append(contentsOf: chunk)
    }
  }

  private mutating func discardBody(count: Int) -> Bool {
    var remaining = max(0, count)
    while remaining > 0 {
      if buffer.isEmpty {
        guard let chunk = receive() else { return false }
        buffer = chunk
      }
      let taken = min(remaining, buffer.count)
      buffer.removeFirst(taken)
      remaining -= taken
    }
    return true
  }

  /// Finds the blank line ending a head: `\r\n\r\n` (or a bare `\n\n`).
  private static func headEnd(in bytes: [UInt8]) -> (headEnd: Int, bodyStart: Int)? {
    guard bytes.count >= 2 else { return nil }
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 10 {
        if bytes[index + 1] == 10 { return (index, index + 2) }
        if index + 2 < bytes.count, bytes[index + 1] == 13, bytes[index + 2] == 10 {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }
}
