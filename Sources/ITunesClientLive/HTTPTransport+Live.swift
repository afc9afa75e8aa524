import Foundation
import ITunesClient

#if canImport(CCurl)
  import CCurl
#endif

extension HTTPTransport {
  /// The live transport of `kind` (URLSession when libcurl is not available on this platform).
  public static func live(
    _ kind: Kind = defaultKind, userAgent: String = ITunesClient.userAgent,
    timeoutSeconds: Double = ClientConfiguration.defaultTimeoutSeconds,
    maxBodyBytes: Int = ClientConfiguration.defaultMaxBodyBytes
  ) -> HTTPTransport {
    switch kind {
    case .curl:
      #if canImport(CCurl)
        return .curl(
          userAgent: userAgent, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
      #else
        return .urlSession(
          userAgent: userAgent, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
      #endif
    case .urlSession:
      return .urlSession(
        userAgent: userAgent, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
    }
  }
}
