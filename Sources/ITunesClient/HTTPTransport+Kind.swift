extension HTTPTransport {
  /// Which live transport to use (`ITunesClientLive` makes them).
  public enum Kind: String, Sendable, CaseIterable {
    /// Foundation's `URLSession` (keeps connections open between requests).
    case urlSession = "urlsession"
    /// libcurl directly: about 5–12 ms faster to start on Linux; one connection per request.
    case curl
  }

  /// The default live transport: libcurl on Linux (where `ITunesClientLive` links it), else
  /// URLSession.
  public static var defaultKind: Kind {
    #if os(Linux)
      return .curl
    #else
      return .urlSession
    #endif
  }
}
