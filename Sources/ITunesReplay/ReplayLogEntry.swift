import Foundation

/// One request as the replay server handled it, passed to the server's log sink.
package struct ReplayLogEntry: Sendable, Equatable {
  /// The request method, e.g. `GET`.
  package let method: String
  /// The request target as sent, e.g. `/search?term=jack+johnson`.
  package let target: String
  /// The canonical request the server matched against (see `ReplayRequestKey`).
  package let canonicalRequest: String
  /// The status sent, or nil when no answer was sent (`reset`, `hang`).
  package let status: Int?
  /// Bytes written to the socket, head included.
  package let bytesSent: Int
  /// Time from reading the request to the end of the answer.
  package let duration: Duration
  /// The fault applied to this request, if any.
  package let fault: ReplayFault?

  /// Creates an entry (the server does this; tests may build expected values).
  package init(
    method: String, target: String, canonicalRequest: String, status: Int?, bytesSent: Int,
    duration: Duration, fault: ReplayFault?
  ) {
    self.method = method
    self.target = target
    self.canonicalRequest = canonicalRequest
    self.status = status
    self.bytesSent = bytesSent
    self.duration = duration
    self.fault = fault
  }

  /// One line such as `replay: GET /search?term=x 200 1234 B 1.2 ms [fault truncate]`.
  package var line: String {
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
    let status = self.status.map(String.init) ?? "---"
    var text = "replay: \(method) \(target) \(status) \(bytesSent) B "
    text += String(format: "%.1f ms", milliseconds)
    if let fault { text += " [fault \(fault)]" }
    return text
  }
}
