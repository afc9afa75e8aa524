import Dispatch
import Foundation
import ITunesCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes mcp`'s transport: newline-delimited JSON-RPC on standard input and output. Nothing but
/// protocol messages is written to the output; diagnostics go to `log` (standard error).
package enum MCPStdio {
  /// How serving ended (a signal ends the process itself).
  package enum End: Equatable, Sendable {
    /// The input ended.
    case endOfInput
    /// An answer could not be written to the output (`errno`, e.g. ENOSPC, EBADF, EPIPE): the
    /// client cannot hear the server any more, so it stops.
    case outputFailed(errno: Int32)
  }

  /// Serves `session` until the input ends, an answer cannot be written, or SIGTERM, SIGINT or
  /// SIGHUP arrives. `onSignal` runs before a signal ends the process (the caller's own `defer`
  /// would not).
  package static func run(
    _ session: MCPSession, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    log: @escaping @Sendable (String) -> Void, onSignal: @escaping @Sendable () -> Void = {}
  ) async -> End {
    var session = session
    let chunks = readChunks(from: input)
    let signals = stopOnSignals(log: log, onSignal: onSignal)
    defer { for source in signals { source.cancel() } }
    var framer = LineFramer()
    for await chunk in chunks {
      let pieces = chunk.map { framer.feed($0) } ?? framer.finish()
      for piece in pieces {
        switch piece {
        case .line(let line):
          if let answer = await session.handle(line: line), let code = write(answer, to: output) {
            return .outputFailed(errno: code)
          }
        case .tooLong:
          log("tunes mcp: a message longer than \(framer.maximumLength) bytes was dropped.")
          let answer = RPCReader.error(id: .null, .invalidRequest("the message is too long"))
          if let code = write(answer, to: output) { return .outputFailed(errno: code) }
        }
      }
    }
    return .endOfInput
  }

  /// The input's bytes as they arrive, then `nil` at its end, read on a thread of its own (a
  /// blocking read must not hold one of Swift's few pool threads).
  static func readChunks(from descriptor: Int32) -> AsyncStream<[UInt8]?> {
    let (stream, continuation) = AsyncStream<[UInt8]?>.makeStream()
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        continuation.yield(Array(buffer[0..<count]))
      }
      continuation.yield(nil)
      continuation.finish()
    }
    thread.start()
    return stream
  }

  /// SIGTERM, SIGINT and SIGHUP end the server at once: every answer was written whole (one
  /// `write` loop a message, on this process's one writer), and SQLite's WAL keeps the
  /// database whole whatever is in flight.
  static func stopOnSignals(
    log: @escaping @Sendable (String) -> Void, onSignal: @escaping @Sendable () -> Void
  ) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGINT, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        log("tunes mcp: stopped by signal \(number).")
        onSignal()
        writeLock.withLock { exit(0) }
      }
      source.resume()
      return source
    }
  }

  /// Held while a message is written, so a signal never cuts one in half.
  static let writeLock = NSLock()

  /// Writes `bytes` whole; returns the `errno` of a failed write, else `nil`.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    writeLock.lock()
    defer { writeLock.unlock() }
    return bytes.withUnsafeBytes { raw -> Int32? in
      guard var pointer = raw.baseAddress else { return nil }
      var remaining = raw.count
      while remaining > 0 {
        let written = Glibc.write(descriptor, pointer, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        remaining -= written
        pointer += written
      }
      return nil
    }
  }
}

/// The fuzzer's entry point: frames and reads arbitrary bytes as the server does, and checks
/// what must hold whatever they are. Returns what broke, or `nil`.
package enum MCPFuzzing {
  package static func messages(_ bytes: [UInt8]) -> String? {
    // Framing does not depend on how the input was cut into reads.
    let chunk = Int(bytes.first ?? 1) % 17 + 1
    var whole = LineFramer(maximumLength: 1 << 12)
    var pieces = LineFramer(maximumLength: 1 << 12)
    let expected = whole.feed(bytes) + whole.finish()
    var got: [LineFramer.Piece] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      got += pieces.feed(Array(bytes[start..<end]))
      start = end
    }
    got += pieces.finish()
    guard got == expected else { return "framing differs with reads of \(chunk) bytes" }
    for case .line(let line) in expected {
      if line.contains(0x0A) { return "a framed line holds a newline" }
      // Every answer to a bad line is one line of valid JSON-RPC.
      guard case .invalid(let id, let error) = RPCReader.message(line) else { continue }
      let answer = RPCReader.error(id: id, error)
      guard answer.last == 0x0A, !answer.dropLast().contains(0x0A),
        (try? JSONParser.parse(Array(answer.dropLast()))) != nil
      else { return "an error answer is not one line of JSON" }
    }
    return nil
  }
}
