#if canImport(CCurl)
  import CCurl
  import Foundation
  import ITunesClient

  /// One libcurl exchange: its options, the received head and body, and cancellation.
  ///
  /// The transfer runs on a dedicated thread; callbacks reach this object through libcurl's user
  /// pointers. The lock guards the fields that cancellation (any thread) and the transfer share.
  final class CurlExchange: @unchecked Sendable {
    /// What every exchange of one transport shares.
    struct Options: Sendable {
      let userAgent: String
      let timeoutSeconds: Double
      let maxBodyBytes: Int
      /// Idle multi handles, which keep their open connections between requests.
      let multis: CurlMultiPool
    }

    private let lock = NSLock()
    private let options: Options
    private let host: String
    private var multi: UnsafeMutableRawPointer?
    private var cancelled = false
    fileprivate var body = Data()
    fileprivate var headers: [String: String] = [:]
    fileprivate var tooLarge = false
    fileprivate var limit: Int { options.maxBodyBytes }

    private init(options: Options, host: String) {
      self.options = options
      self.host = host
    }

    /// Runs `request`, suspending the caller until it ends; cancellation aborts it promptly.
    static func run(_ request: TransportRequest, options: Options) async throws -> TransportResponse
    {
      let exchange = CurlExchange(options: options, host: request.url.host ?? "the server")
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation {
          (continuation: CheckedContinuation<TransportResponse, Error>) in
          Thread.detachNewThread {
            continuation.resume(with: exchange.perform(request))
          }
        }
      } onCancel: {
        exchange.cancel()
      }
    }

    /// Marks the exchange cancelled and wakes its transfer loop.
    func cancel() {
      lock.withLock {
        cancelled = true
        if let multi { curl_multi_wakeup(multi) }
      }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// The blocking transfer, on the exchange's own thread.
    private func perform(_ request: TransportRequest) -> Result<TransportResponse, Error> {
      // Allocated before the handle so that it outlives it (libcurl writes into it).
      let errorSize = Int(CURL_ERROR_SIZE) + 1
      let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: errorSize)
      errorBuffer.initialize(repeating: 0, count: errorSize)
      defer { errorBuffer.deallocate() }
      guard let easy = curl_easy_init() else {
        return .failure(ClientError.transport("libcurl could not make a handle"))
      }
      defer { curl_easy_cleanup(easy) }
      guard let multi = options.multis.take() else {
        return .failure(ClientError.transport("libcurl could not make a multi handle"))
      }
      var headerList: UnsafeMutablePointer<curl_slist>?
      for (name, value) in request.headers where name.lowercased() != "user-agent" {
        headerList = curl_slist_append(headerList, "\(name): \(value)")
      }
      defer { curl_slist_free_all(headerList) }
      guard configure(easy, url: request.url, headers: headerList, errors: errorBuffer) else {
        options.multis.give(multi)
        return .failure(ClientError.transport("libcurl refused an option"))
      }
      curl_multi_add_handle(multi, easy)
      let code = drive(multi)
      // Removing an unfinished transfer closes its connection; a finished one stays in the
      // multi handle's connection cache for the next request.
      curl_multi_remove_handle(multi, easy)
      options.multis.give(multi)
      return outcome(code, easy: easy, detail: String(cString: errorBuffer))
    }

    /// Runs the multi loop until the transfer ends or the exchange is cancelled.
    /// Returns the transfer's result, or nil when cancelled.
    private func drive(_ multi: UnsafeMutableRawPointer) -> CURLcode? {
      let attached = lock.withLock { () -> Bool in
        if cancelled { return false }
        self.multi = multi
        return true
      }
      guard attached else { return nil }
      defer { lock.withLock { self.multi = nil } }
      var running: Int32 = 1
      var result: CURLcode?
      while result == nil {
        if isCancelled { return nil }
        let status = curl_multi_perform(multi, &running)
        guard status == CURLM_OK else { return CURLE_FAILED_INIT }
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
          if message.pointee.msg == CURLMSG_DONE { result = ccurl_msg_result(message) }
        }
        if result != nil || running == 0 { break }
        curl_multi_poll(multi, nil, 0, 1000, nil)
      }
      return result ?? CURLE_OK
    }

    private func configure(
      _ easy: UnsafeMutableRawPointer, url: URL, headers: UnsafeMutablePointer<curl_slist>?,
      errors: UnsafeMutablePointer<CChar>?
    ) -> Bool {
      let context = Unmanaged.passUnretained(self).toOpaque()
      let timeout = Int(min(options.timeoutSeconds * 1000, Double(Int32.max)).rounded(.up))
      let codes = [
        ccurl_setopt_string(easy, CURLOPT_URL, url.absoluteString),
        ccurl_setopt_string(easy, CURLOPT_USERAGENT, options.userAgent),
        ccurl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
        ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
        ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout),
        ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1),
        ccurl_setopt_long(easy, CURLOPT_MAXREDIRS, 5),
        ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "https"),
        ccurl_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes)),
        ccurl_setopt_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)),
        ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errors)),
        ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
        ccurl_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWrite),
        ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
        ccurl_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, curlHeader),
      ]
      return codes.allSatisfy { $0 == CURLE_OK }
    }

    private func outcome(
      _ code: CURLcode?, easy: UnsafeMutableRawPointer, detail: String
    ) -> Result<TransportResponse, Error> {
      guard let code, !isCancelled else { return .failure(ClientError.cancelled) }
      var status = 0
      _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
      if tooLarge || code == CURLE_FILESIZE_EXCEEDED {
        return .failure(ClientError.tooLarge(limit: options.maxBodyBytes))
      }
      switch code {
      case CURLE_OK:
        return .success(TransportResponse(status: status, headers: headers, body: body))
      case CURLE_OPERATION_TIMEDOUT:
        return .failure(ClientError.timedOut(seconds: options.timeoutSeconds))
      case CURLE_COULDNT_CONNECT:
        return .failure(ClientError.cannotConnect(host: host))
      case CURLE_COULDNT_RESOLVE_HOST:
        return .failure(ClientError.hostNotFound(host: host))
      case CURLE_PARTIAL_FILE:
        return .failure(ClientError.truncated(receivedBytes: body.count))
      case CURLE_RECV_ERROR where status != 0:
        return .failure(ClientError.truncated(receivedBytes: body.count))
      case CURLE_ABORTED_BY_CALLBACK:
        return .failure(ClientError.cancelled)
      default:
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        return .failure(ClientError.transport(message))
      }
    }

    /// Appends body bytes; false once the body passes the cap.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
      if body.count + bytes.count > limit {
        tooLarge = true
        body = Data()
        return false
      }
      body.append(contentsOf: bytes)
      return true
    }

    /// Records one header line; a status line starts a new head (after a redirect or 100).
    fileprivate func receiveHeader(_ line: String) {
      if line.hasPrefix("HTTP/") {
        headers = [:]
        return
      }
      guard let colon = line.firstIndex(of: ":") else { return }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      headers[name] = value
    }
  }

  /// libcurl's write callback: appends to the exchange, or returns 0 to stop at the body cap.
  private func curlWrite(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
  ) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return exchange.receive(bytes) ? size * count : 0
  }

  /// libcurl's header callback: one header line at a time.
  private func curlHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
  ) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    exchange.receiveHeader(String(decoding: bytes, as: UTF8.self))
    return size * count
  }
#endif
