import Foundation

/// Builds response heads and the server's own bodies (errors, fault pages).
enum HTTPWire {
  /// The status line and headers, ending with the blank line; the server owns the framing
  /// headers (`Content-Length`, `Connection`), so callers' values for them are dropped.
  static func head(
    status: Int, headers: [String: String], contentLength: Int, close: Bool
  ) -> Data {
    var text = "HTTP/1.1 \(status) \(reason(for: status))\r\n"
    let framing: Set<String> = ["content-length", "connection", "transfer-encoding"]
    var all = headers.filter { !framing.contains($0.key.lowercased()) }
    all["Content-Length"] = String(contentLength)
    all["Connection"] = close ? "close" : "keep-alive"
    all["Server"] = all["Server"] ?? "tunes-replay"
    for name in all.keys.sorted() {
      text += "\(name): \(all[name] ?? "")\r\n"
    }
    text += "\r\n"
    return Data(text.utf8)
  }

  /// A JSON body `{"errorMessage":"…"}` like Apple's error object.
  static func errorBody(_ message: String) -> Data {
    let object = ["errorMessage": message]
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return data ?? Data("{\"errorMessage\":\"replay error\"}".utf8)
  }

  /// The HTML page sent by the `html503` fault.
  static let html503Body = Data(
    """
    <html><head><title>Error</title></head><body>Your request produced an error.  \
    <BR>[newNullResponse]</body></html>

    """.utf8)

  /// A 200 body of exactly `count` bytes that is valid JSON (padding inside a string).
  static func oversizedBody(count: Int) -> Data {
    let opening = Data("{\"resultCount\":0,\"results\":[],\"padding\":\"".utf8)
    let closing = Data("\"}".utf8)
    guard count >= opening.count + closing.count else {
      if count < 2 { return Data(repeating: UInt8(ascii: " "), count: count) }
      return Data("{}".utf8) + Data(repeating: UInt8(ascii: " "), count: count - 2)
    }
    var body = Data(capacity: count)
    body.append(opening)
    body.append(Data(repeating: UInt8(ascii: "x"), count: count - opening.count - closing.count))
    body.append(closing)
    return body
  }

  /// A JSON-shaped body whose `trackName` holds bytes that are not valid UTF-8.
  static let invalidUTF8Body: Data = {
    var body = Data(
      "{\"resultCount\":1,\"results\":[{\"wrapperType\":\"track\",\"trackName\":\"".utf8)
    body.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28, 0x80])
    body.append(Data("\"}]}".utf8))
    return body
  }()

  /// The reason phrase for common statuses.
  static func reason(for status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 206: return "Partial Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 416: return "Range Not Satisfiable"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    case 504: return "Gateway Timeout"
    default: return "Status"
    }
  }
}
