import Foundation

/// A stored answer: the status, the exact body bytes, and any headers besides the defaults.
package struct ReplayResponse: Sendable, Equatable {
  /// `Content-Type` of Apple's search and lookup answers.
  package static let appleContentType = "text/javascript; charset=utf-8"

  /// The HTTP status code.
  package var status: Int
  /// The body, served byte for byte.
  package var body: Data
  /// Extra or overriding headers; `Content-Type` defaults to `appleContentType`.
  package var headers: [String: String]

  /// Creates a stored answer.
  package init(status: Int, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }
}
