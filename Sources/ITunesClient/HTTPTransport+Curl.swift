#if canImport(CCurl)
  import CCurl
  import Foundation

  extension HTTPTransport {
    /// The live transport over libcurl directly, which starts faster than URLSession on Linux.
    ///
    /// Each request gets its own easy handle, driven by a multi handle on a thread of its own.
    /// `CURLOPT_TIMEOUT_MS` bounds the whole exchange at `timeoutSeconds`; the body is cut off as
    /// soon as `Content-Length` or the received bytes pass `maxBodyBytes`; cancelling the calling
    /// task wakes the thread at once and removes the handle, which closes the connection.
    /// Redirects are followed only to https. Compressed answers are accepted and decoded.
    public static func curl(
      userAgent: String = ITunesClient.userAgent,
      timeoutSeconds: Double = ClientConfiguration.defaultTimeoutSeconds,
      maxBodyBytes: Int = ClientConfiguration.defaultMaxBodyBytes
    ) -> HTTPTransport {
      CurlGlobal.initialize()
      let options = CurlExchange.Options(
        userAgent: userAgent, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
      return HTTPTransport { request in try await CurlExchange.run(request, options: options) }
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
