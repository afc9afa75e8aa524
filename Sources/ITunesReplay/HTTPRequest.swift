import Foundation

/// A parsed HTTP/1.x request head (the replay server ignores request bodies).
struct HTTPRequest: Sendable, Equatable {
  /// `GET`, `HEAD`, …
  let method: String
  /// The request target as sent, e.g. `/search?term=x`.
  let target: String
  /// `HTTP/1.1` or `HTTP/1.0`.
  let version: String
  /// Header values by lowercased name.
  let headers: [String: String]

  /// Whether the connection must close after the answer.
  var wantsClose: Bool {
    let connection = headers["connection"]?.lowercased() ?? ""
    if connection.contains("close") { return true }
    return version == "HTTP/1.0" && !connection.contains("keep-alive")
  }

  /// The declared body length, which the server reads and discards.
  var contentLength: Int {
    headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
  }

  /// Parses a request head (without the final blank line); nil when it is not HTTP.
  static func parse(head: [UInt8]) -> HTTPRequest? {
    var lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
    }
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { return nil }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    return HTTPRequest(
      method: String(parts[0]).uppercased(), target: String(parts[1]), version: String(parts[2]),
      headers: headers)
  }
}
