import Foundation

/// Where the client sends requests and how patiently: base URL, deadline, retries and body cap.
///
/// Pacing is not here: it belongs to the `RateLimiter` a client is given (the live client's is
/// `RateLimiter.shared`, Apple's 20 a minute, unless a test passes its own), because one budget
/// serves the whole process.
public struct ClientConfiguration: Sendable {
  /// Apple's API host, `https://itunes.apple.com`.
  public static let defaultBaseURLString = "https://itunes.apple.com"

  /// `text` (an API base URL) with its password, if it has one, replaced by `****`: for logs and
  /// `tunes doctor`, which must not show it.
  public static func redactingPassword(_ text: String) -> String {
    guard var components = URLComponents(string: text), components.password != nil else {
      return text
    }
    components.password = "****"
    return components.string ?? text
  }
  /// The environment variable that overrides the base URL (`--api-base` wins over it).
  public static let environmentKey = "TUNES_API_BASE"
  /// The environment variable that picks the live transport, `urlsession` or `curl`.
  public static let transportEnvironmentKey = "TUNES_HTTP_TRANSPORT"
  /// The default overall deadline of one HTTP exchange, in seconds.
  public static let defaultTimeoutSeconds = 15.0
  /// The largest accepted timeout, one day (larger values are surely typos).
  public static let maximumTimeoutSeconds = 86_400.0
  /// The largest body accepted, 16 MiB.
  public static let defaultMaxBodyBytes = 16 * 1_048_576

  /// The API base URL, validated: https anywhere, http only for loopback hosts.
  public private(set) var baseURL: URL
  /// The overall deadline of one HTTP exchange (connect, headers and whole body), in seconds.
  public private(set) var timeoutSeconds: Double
  /// How 5xx answers are retried.
  public var retry: RetryPolicy
  /// The cap on a response body, in bytes.
  public var maxBodyBytes: Int
  /// The live HTTP transport (`TUNES_HTTP_TRANSPORT=urlsession|curl`; libcurl by default on Linux).
  public var transport: HTTPTransport.Kind

  /// Makes a validated configuration.
  ///
  /// - Throws: `ClientError.invalidBaseURL` or `.invalidTimeout`.
  public init(
    baseURL: String = ClientConfiguration.defaultBaseURLString,
    timeoutSeconds: Double = ClientConfiguration.defaultTimeoutSeconds,
    retry: RetryPolicy = RetryPolicy(),
    maxBodyBytes: Int = ClientConfiguration.defaultMaxBodyBytes,
    transport: HTTPTransport.Kind = HTTPTransport.defaultKind
  ) throws(ClientError) {
    self.baseURL = try Self.validatedBaseURL(baseURL)
    self.timeoutSeconds = try Self.validatedTimeout(timeoutSeconds)
    self.retry = retry
    self.maxBodyBytes = maxBodyBytes
    self.transport = transport
  }

  /// The default configuration: Apple's host, 15 s, 3 attempts, 16 MiB.
  public static var standard: ClientConfiguration {
    // The constant parses; the fallback only keeps this total without a force unwrap.
    ClientConfiguration(
      unchecked: URL(string: defaultBaseURLString) ?? URL(fileURLWithPath: "/"),
      timeoutSeconds: defaultTimeoutSeconds)
  }

  private init(unchecked baseURL: URL, timeoutSeconds: Double) {
    self.baseURL = baseURL
    self.timeoutSeconds = timeoutSeconds
    self.retry = RetryPolicy()
    self.maxBodyBytes = Self.defaultMaxBodyBytes
    self.transport = HTTPTransport.defaultKind
  }

  /// Resolves the settings from the command line and environment.
  ///
  /// The base URL is `apiBase` (`--api-base`) if given, else `TUNES_API_BASE` if set and not empty,
  /// else Apple's host. `timeout` is the text of `--timeout SECONDS`, if given. The transport is
  /// `TUNES_HTTP_TRANSPORT` (`urlsession` or `curl`) if set, else the platform's default.
  /// - Throws: `ClientError.invalidBaseURL` naming the bad URL, `.invalidTimeout`,
  ///   `.invalidTransport`.
  public static func resolve(
    apiBase: String?, timeout: String? = nil, environment: [String: String]
  ) throws(ClientError) -> ClientConfiguration {
    let fromEnvironment = environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 }
    let base = apiBase ?? fromEnvironment ?? defaultBaseURLString
    var seconds = defaultTimeoutSeconds
    if let timeout {
      guard let value = Double(timeout.trimmingCharacters(in: .whitespaces)), value.isFinite,
        value > 0, value <= maximumTimeoutSeconds
      else {
        throw .invalidTimeout(timeout)
      }
      seconds = value
    }
    var transport = HTTPTransport.defaultKind
    if let name = environment[transportEnvironmentKey], !name.isEmpty {
      guard let kind = HTTPTransport.Kind(rawValue: name.lowercased()) else {
        throw .invalidTransport(name)
      }
      transport = kind
    }
    return try ClientConfiguration(baseURL: base, timeoutSeconds: seconds, transport: transport)
  }

  /// Checks a base URL: https with a host, or http with a loopback host; no query or fragment.
  ///
  /// - Throws: `ClientError.invalidBaseURL` saying what is wrong.
  public static func validatedBaseURL(_ text: String) throws(ClientError) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
      throw .invalidBaseURL(
        text, reason: "it is not an absolute URL such as https://itunes.apple.com")
    }
    guard let host = url.host, !host.isEmpty else {
      throw .invalidBaseURL(text, reason: "it has no host")
    }
    guard url.query == nil, url.fragment == nil else {
      throw .invalidBaseURL(text, reason: "it must not have a query or fragment")
    }
    switch scheme {
    case "https":
      return url
    case "http":
      guard isLoopback(host: host) else {
        throw .invalidBaseURL(
          text, reason: "plain http is allowed only for 127.0.0.1, ::1 or localhost")
      }
      return url
    default:
      throw .invalidBaseURL(text, reason: "the scheme must be https (or http for loopback)")
    }
  }

  /// Whether `host` is loopback: `localhost`, `127.0.0.0/8` or `::1` (with or without brackets).
  public static func isLoopback(host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" || name == "localhost." || name == "::1" || name == "0:0:0:0:0:0:0:1" {
      return true
    }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4 else { return false }
    let values = octets.compactMap { part -> Int? in
      guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII) else { return nil }
      return Int(part).flatMap { (0...255).contains($0) ? $0 : nil }
    }
    return values.count == 4 && values[0] == 127
  }

  private static func validatedTimeout(_ seconds: Double) throws(ClientError) -> Double {
    guard seconds.isFinite, seconds > 0, seconds <= maximumTimeoutSeconds else {
      throw .invalidTimeout(String(seconds))
    }
    return seconds
  }
}
