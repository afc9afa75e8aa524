import Foundation

/// A way for the replay server to misbehave, to test how a client copes.
package enum ReplayFault: Sendable, Equatable, CustomStringConvertible {
  /// Wait this many seconds, then give the normal answer.
  case delay(seconds: Double)
  /// Answer with this status and an empty body (no `Retry-After`), as Apple's throttling does.
  case status(Int)
  /// Answer 503 with an HTML error page instead of JSON.
  case html503
  /// Send headers whose `Content-Length` promises more than is sent, then close.
  case truncated
  /// Reset the connection (`SO_LINGER` 0, then close) after reading the request.
  case reset
  /// Accept the request and never answer, until the server stops.
  case hang
  /// Answer 200 with a body of exactly this many bytes of valid JSON padding.
  case oversized(bytes: Int)
  /// Answer 200 with a JSON body holding bytes that are not valid UTF-8.
  case invalidUTF8

  /// The spec strings `init(spec:)` accepts, for help texts and error messages.
  package static let specSummary =
    "delay=SECONDS, status=CODE, html503, truncate, reset, hang, oversized=BYTES, invalid-utf8"

  /// The longest `delay` accepted: a day (`Duration.seconds(1e308)` traps).
  package static let maximumDelay = 86_400.0
  /// The largest `oversized` body accepted: 1 GiB (more cannot be allocated to send).
  package static let maximumOversizedBytes = 1 << 30

  /// Parses a command-line spec such as `delay=2`, `status=429`, `html503`, `truncate`, `reset`,
  /// `hang`, `oversized=17000000` or `invalid-utf8`.
  ///
  /// - Throws: `ReplayError.unknownFault` for anything else, including bad numbers.
  package init(spec: String) throws {
    let trimmed = spec.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: "=", maxSplits: 1).map(String.init)
    let name = parts.first?.lowercased() ?? ""
    let argument = parts.count == 2 ? parts[1] : nil
    switch (name, argument) {
    case ("delay", let value?):
      guard let seconds = Double(value), seconds >= 0, seconds <= Self.maximumDelay else {
        throw ReplayError.unknownFault(spec)
      }
      self = .delay(seconds: seconds)
    case ("status", let value?):
      guard let code = Int(value), (100...599).contains(code) else {
        throw ReplayError.unknownFault(spec)
      }
      self = .status(code)
    case ("oversized", let value?):
      guard let bytes = Int(value), bytes >= 0, bytes <= Self.maximumOversizedBytes else {
        throw ReplayError.unknownFault(spec)
      }
      self = .oversized(bytes: bytes)
    case ("html503", nil): self = .html503
    case ("truncate", nil), ("truncated", nil): self = .truncated
    case ("reset", nil): self = .reset
    case ("hang", nil): self = .hang
    case ("invalid-utf8", nil), ("invalidutf8", nil): self = .invalidUTF8
    default: throw ReplayError.unknownFault(spec)
    }
  }

  /// The spec string for this fault, the inverse of `init(spec:)`.
  package var description: String {
    switch self {
    case .delay(let seconds): return "delay=\(seconds)"
    case .status(let code): return "status=\(code)"
    case .html503: return "html503"
    case .truncated: return "truncate"
    case .reset: return "reset"
    case .hang: return "hang"
    case .oversized(let bytes): return "oversized=\(bytes)"
    case .invalidUTF8: return "invalid-utf8"
    }
  }
}
