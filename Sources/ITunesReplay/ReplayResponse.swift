import Foundation

/// A stored answer: the status, the exact body bytes, and any headers besides the defaults.
public struct ReplayResponse: Sendable, Equatable {
  /// `Content-Type` of Apple's search and lookup answers.
  public static let appleContentType = "text/javascript; charset=utf-8"

  /// The HTTP status code.
  public var status: Int
  /// The body, served byte for byte.
  public var body: Data
  /// Extra or overriding headers; `Content-Type` defaults to `appleContentType`.
  public var headers: [String: String]

  /// Creates a stored answer.
  public init(status: Int, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }
}
