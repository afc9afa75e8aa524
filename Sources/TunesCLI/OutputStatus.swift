import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether everything a command wrote to stdout and stderr got there: the first failure of
/// each is kept, later writes to that stream are skipped (a cut-off file is not made longer
/// with pieces), and `TunesCLI.run` exits 74 (EX_IOERR) with a message, so a backup written
/// to a full disk, `/dev/full` or a closed stdout never looks like a success.
final class OutputStatus: Sendable {
  /// One of the two streams.
  enum Stream: Sendable {
    case standardOutput, standardError

    var descriptor: Int32 { self == .standardOutput ? STDOUT_FILENO : STDERR_FILENO }
    var name: String { self == .standardOutput ? "standard output" : "standard error" }
  }

  private let failures = Mutex<(out: Int32?, err: Int32?)>((nil, nil))

  /// Writes `bytes` to `stream`'s descriptor unless it failed before, and records a failure.
  func write(_ bytes: [UInt8], to stream: Stream) {
    guard failure(of: stream) == nil else { return }
    if let code = FileOutput.write(bytes, to: stream.descriptor) { record(code, on: stream) }
  }

  /// Records that a write to `stream` failed with `code` (an `errno`); the first one stays.
  func record(_ code: Int32, on stream: Stream) {
    failures.withLock { value in
      switch stream {
      case .standardOutput: if value.out == nil { value.out = code }
      case .standardError: if value.err == nil { value.err = code }
      }
    }
  }

  /// The `errno` of `stream`'s first failed write, if one failed.
  func failure(of stream: Stream) -> Int32? {
    failures.withLock { stream == .standardOutput ? $0.out : $0.err }
  }

  /// The exit code and the message for stderr when a write failed: 74 with the stream and the
  /// cause; 74 without a message when stderr itself failed. A reader that closed the pipe
  /// (`| head`, EPIPE) is no failure: it chose to stop reading, and its own status says whether
  /// it failed, so that is `nil` (the command's own code stands, nothing is said).
  func verdict() -> (code: Int32, message: String?)? {
    if let code = failure(of: .standardOutput) {
      guard code != EPIPE else { return nil }
      return (
        ExitCode.ioError,
        "tunes: could not write to standard output: \(Self.describe(code)); "
          + "what was written there is incomplete."
      )
    }
    if failure(of: .standardError) != nil { return (ExitCode.ioError, nil) }
    return nil
  }

  /// `strerror`'s text with the symbol, e.g. "No space left on device (ENOSPC)".
  static func describe(_ code: Int32) -> String {
    let names: [Int32: String] = [
      ENOSPC: "ENOSPC", EBADF: "EBADF", EIO: "EIO", EPIPE: "EPIPE", EDQUOT: "EDQUOT",
      EFBIG: "EFBIG", EROFS: "EROFS", EACCES: "EACCES",
    ]
    let text = String(cString: strerror(code))
    return names[code].map { "\(text) (\($0))" } ?? "\(text) (errno \(code))"
  }
}
