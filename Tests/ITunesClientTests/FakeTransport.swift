import Foundation
import ITunesClient

/// A transport answering from a script of responses (the last one repeats) and recording requests.
final class FakeTransport: @unchecked Sendable {
  private let lock = NSLock()
  private var script: [Result<TransportResponse, ClientError>]
  private var sent: [TransportRequest] = []

  init(_ script: [Result<TransportResponse, ClientError>]) {
    self.script = script
  }

  /// Answers every request with the statuses in order, with empty bodies.
  convenience init(statuses: [Int]) {
    self.init(statuses.map { .success(TransportResponse(status: $0)) })
  }

  var requests: [TransportRequest] { lock.withLock { sent } }
  var count: Int { lock.withLock { sent.count } }

  var transport: HTTPTransport {
    HTTPTransport { request in
      let next = self.lock.withLock { () -> Result<TransportResponse, ClientError>? in
        self.sent.append(request)
        guard let first = self.script.first else { return nil }
        if self.script.count > 1 { self.script.removeFirst() }
        return first
      }
      guard let next else { throw ClientError.transport("no scripted answer") }
      return try next.get()
    }
  }
}

/// Test bodies.
enum Bodies {
  static let onePage = Data(
    #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Hello"}]}"#
      .utf8)
  static let emptyPage = Data(#"{"resultCount":0,"results":[]}"#.utf8)
  static let appleError = Data(
    #"{"errorMessage":"Invalid value(s) for key(s): [id]","queryParameters":{"id":"bad"}}"#.utf8)
}
