import Foundation

/// A request to the iTunes API, independent of the host: an endpoint and ordered query parameters.
///
/// It is what a transport sends and what a response cache is keyed by (`canonicalKey`).
public struct CatalogRequest: Hashable, Sendable {
  /// The API endpoint.
  public enum Endpoint: String, Sendable {
    case search, lookup
  }

  /// Which endpoint this request goes to.
  public var endpoint: Endpoint
  /// The query parameters, in the order they are sent.
  public var parameters: [Parameter]

  /// One `name=value` pair of the query string.
  public struct Parameter: Hashable, Sendable {
    /// The parameter name, e.g. `term`.
    public var name: String
    /// The unencoded value, e.g. `AC/DC & Queen`.
    public var value: String

    /// Makes a parameter.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Makes a request from an endpoint and its parameters.
  public init(endpoint: Endpoint, parameters: [Parameter]) {
    self.endpoint = endpoint
    self.parameters = parameters
  }

  /// The encoded query string (without `?`), spaces as `+`, everything but `A-Z a-z 0-9 . - _ *`
  /// percent-encoded as UTF-8, as Apple's documentation asks.
  public var queryString: String {
    parameters.map { QueryEncoding.encode($0.name) + "=" + QueryEncoding.encode($0.value) }
      .joined(separator: "&")
  }

  /// Path and query, e.g. `/search?term=jack+johnson&limit=25`.
  public var pathAndQuery: String {
    let query = queryString
    return "/" + endpoint.rawValue + (query.isEmpty ? "" : "?" + query)
  }

  /// A key that is the same for the same request whatever the parameter order: sorted parameters.
  public var canonicalKey: String {
    let sorted = parameters.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    return CatalogRequest(endpoint: endpoint, parameters: sorted).pathAndQuery
  }

  /// The full URL below a base URL such as `https://itunes.apple.com` (a path prefix is kept).
  public func url(relativeTo base: URL) -> URL? {
    var text = base.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return URL(string: text + pathAndQuery)
  }
}

/// Percent-encoding and decoding of URL parts: the one coder of the project (requests to
/// Apple, the replay server's request keys).
///
/// Foundation's `URLComponents.queryItems` leaves `+` and `;` as they are on Linux, so `café+x`
/// would reach Apple as `café x`; this encoder is strict instead.
public enum QueryEncoding {
  /// Encodes a name or value: space → `+`; `A-Z a-z 0-9 . - _ *` and the ASCII bytes of
  /// `alsoKeeping` kept; every other UTF-8 byte → `%XX` (upper-case hex).
  public static func encode(_ text: String, alsoKeeping: Set<UInt8> = []) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"), UInt8(ascii: "*"):
        out.append(byte)
      case UInt8(ascii: " "):
        out.append(UInt8(ascii: "+"))
      case _ where byte < 0x80 && alsoKeeping.contains(byte):
        out.append(byte)
      default:
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes `%XX` sequences, and `+` as a space when `plusIsSpace` (form encoding, the
  /// default; a path keeps its `+`). A malformed `%` stays as text.
  public static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool = true) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if plusIsSpace, byte == UInt8(ascii: "+") {
        out.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), i + 2 < bytes.count,
        let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 2
      } else {
        out.append(byte)
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
