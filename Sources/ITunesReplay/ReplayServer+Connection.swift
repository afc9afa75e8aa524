import Foundation

extension ReplayServer {
  /// What handling one request did, for the log and the keep-alive decision.
  private struct Outcome {
    var status: Int?
    var bytesSent = 0
    var close: Bool
  }

  /// Serves requests on one connection until it closes, a fault ends it, or the server stops.
  func serve(connection fd: Int32) {
    var reader = ConnectionReader(fd: fd)
    var reset = false
    loop: while locked({ phase == .running }) {
      switch reader.next() {
      case .closed:
        break loop
      case .malformed:
        let body = HTTPWire.errorBody("replay: the request is not HTTP/1.x")
        let head = HTTPWire.head(
          status: 400, headers: ["Content-Type": "application/json"],
          contentLength: body.count, close: true)
        SocketIO.send(fd, head + body)
        break loop
      case .request(let request):
        let outcome = handle(request, fd: fd)
        if outcome.reset { reset = true }
        if outcome.close { break loop }
      }
    }
    if reset { SocketIO.setResetOnClose(fd) }
    locked {
      openConnections.remove(fd)
      SocketIO.close(fd)
      liveThreads -= 1
      condition.broadcast()
    }
  }

  private func handle(_ request: HTTPRequest, fd: Int32) -> (close: Bool, reset: Bool) {
    let clock = ContinuousClock()
    let start = clock.now
    let key = ReplayRequestKey(target: request.target)
    let canonical = key.description
    countRequest(key)
    let fault =
      locked { faults.next(target: request.target, canonical: canonical) }
      ?? rateLimitFault(path: key.path)
    var outcome = Outcome(close: request.wantsClose)
    var reset = false
    switch fault {
    case .hang?:
      waitWhileRunning(seconds: nil)
      outcome.close = true
    case .reset?:
      reset = true
      outcome.close = true
    case .delay(let seconds)?:
      if waitWhileRunning(seconds: min(max(seconds, 0), ReplayFault.maximumDelay)) {
        outcome = send(answer(for: request, key: key), to: fd, request: request)
      } else {
        outcome.close = true
      }
    case .truncated?:
      outcome = sendTruncated(answer(for: request, key: key), to: fd, request: request)
    case let other?:
      outcome = send(faultAnswer(other), to: fd, request: request)
    case nil:
      outcome = send(answer(for: request, key: key), to: fd, request: request)
    }
    log(
      ReplayLogEntry(
        method: request.method, target: request.target, canonicalRequest: canonical,
        status: outcome.status, bytesSent: outcome.bytesSent, duration: clock.now - start,
        fault: fault))
    return (outcome.close, reset)
  }

  /// The answer to `GET target` (path and query) for a client in this process, without a
  /// connection: counted and logged as a connection's request is, with the headers a connection
  /// would send (`Content-Type` added). Faults are not applied: they shape a connection.
  package func answerInProcess(target: String, headers: [String: String] = [:]) -> ReplayResponse {
    let clock = ContinuousClock()
    let start = clock.now
    let request = HTTPRequest(
      method: "GET", target: target, version: "HTTP/1.1",
      headers: Dictionary(
        headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last }))
    let key = ReplayRequestKey(target: target)
    countRequest(key)
    var response = answer(for: request, key: key)
    response.headers = Self.withContentType(response.headers)
    log(
      ReplayLogEntry(
        method: request.method, target: target, canonicalRequest: key.description,
        status: response.status, bytesSent: response.body.count, duration: clock.now - start,
        fault: nil))
    return response
  }

  /// Waits while the server runs, for `seconds` (nil: until stop). Returns true if it still runs.
  @discardableResult
  private func waitWhileRunning(seconds: Double?) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if let seconds {
      let deadline = Date().addingTimeInterval(seconds)
      while phase == .running, condition.wait(until: deadline) {}
    } else {
      while phase == .running { condition.wait() }
    }
    return phase == .running
  }

  private func send(_ response: ReplayResponse, to fd: Int32, request: HTTPRequest) -> Outcome {
    let headers = Self.withContentType(response.headers)
    let close = request.wantsClose
    let head = HTTPWire.head(
      status: response.status, headers: headers, contentLength: response.body.count, close: close)
    let payload = request.method == "HEAD" ? head : head + response.body
    let sent = SocketIO.send(fd, payload)
    return Outcome(status: response.status, bytesSent: sent, close: close || sent < payload.count)
  }

  /// Sends a head promising 1024 bytes more than the body, then half the body, then closes.
  private func sendTruncated(
    _ response: ReplayResponse, to fd: Int32, request: HTTPRequest
  ) -> Outcome {
    let headers = Self.withContentType(response.headers)
    let head = HTTPWire.head(
      status: response.status, headers: headers, contentLength: response.body.count + 1024,
      close: true)
    let payload = head + response.body.prefix(response.body.count / 2)
    let sent = SocketIO.send(fd, payload)
    return Outcome(status: response.status, bytesSent: sent, close: true)
  }

  /// Adds Apple's `Content-Type` unless the headers name one (in any case).
  private static func withContentType(_ headers: [String: String]) -> [String: String] {
    guard !headers.keys.contains(where: { $0.lowercased() == "content-type" }) else {
      return headers
    }
    var all = headers
    all["Content-Type"] = ReplayResponse.appleContentType
    return all
  }

  private func faultAnswer(_ fault: ReplayFault) -> ReplayResponse {
    switch fault {
    case .status(let code):
      return ReplayResponse(
        status: code, body: Data(), headers: ["Cache-Control": "max-age=0, no-cache, no-store"])
    case .html503:
      return ReplayResponse(
        status: 503, body: HTTPWire.html503Body,
        headers: ["Content-Type": "text/html; charset=utf-8"])
    case .oversized(let bytes):
      return ReplayResponse(status: 200, body: HTTPWire.oversizedBody(count: bytes))
    case .invalidUTF8:
      return ReplayResponse(status: 200, body: HTTPWire.invalidUTF8Body)
    case .delay, .truncated, .reset, .hang:
      return ReplayResponse(status: 500, body: HTTPWire.errorBody("replay: fault \(fault)"))
    }
  }
}
