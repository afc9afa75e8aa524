#if canImport(CCurl)
  import CCurl
  import Foundation
  import ITunesClient

  extension HTTPTransport {
    /// The live transport over libcurl directly, which starts faster than URLSession on Linux.
    ///
    /// Each request gets its own easy handle, driven by a multi handle on a thread of its own;
    /// idle multi handles are kept in a pool, so a later request reuses their open connections.
    /// `CURLOPT_TIMEOUT_MS` bounds the whole exchange at `timeoutSeconds`; the body is cut off as
    /// soon as `Content-Length` or the received bytes pass `maxBodyBytes`; cancelling the calling
    /// task wakes the thread at once and removes the handle, which closes the connection.
    /// Redirects are followed only to https. Compressed answers are accepted and decoded.
    public static func curl(
      userAgent: String = ITunesClient.userAgent,
      timeoutSeconds: Double = ClientConfiguration.defaultTimeoutSeconds,
      maxBodyBytes: Int = ClientConfiguration.defaultMaxBodyBytes
    ) -> HTTPTransport {
      let options = CurlExchange.Options(
        userAgent: userAgent, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes,
        multis: CurlMultiPool())
      return HTTPTransport { request in
        // At the first request, not when the transport is made: a command answered from the
        // cache then never loads libcurl (the tunes executable loads it on first use).
        CurlGlobal.initialize()
        return try await CurlExchange.run(request, options: options)
      }
    }
  }

  /// Idle libcurl multi handles; each keeps a cache of open connections.
  ///
  /// A handle is used by one transfer at a time (libcurl handles are not shared across threads);
  /// at most `capacity` idle ones are kept, the rest are cleaned up.
  final class CurlMultiPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []
    private let capacity = 4

    /// An idle handle, or a new one (nil if libcurl cannot make one).
    func take() -> UnsafeMutableRawPointer? {
      lock.withLock { idle.popLast() } ?? curl_multi_init()
    }

    /// Returns a handle whose transfer has been removed.
    func give(_ multi: UnsafeMutableRawPointer) {
      let kept = lock.withLock { () -> Bool in
        guard idle.count < capacity else { return false }
        idle.append(multi)
        return true
      }
      if !kept { curl_multi_cleanup(multi) }
    }

    deinit {
      for multi in idle { curl_multi_cleanup(multi) }
    }
  }

  /// `curl_global_init`, once per process, before any handle exists.
  enum CurlGlobal {
    private static let code: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static func initialize() {
      _ = code
    }
  }
#endif
