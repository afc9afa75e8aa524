import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import Synchronization
import TunesStorage

/// The rate limiter of a live `tunes`: Apple's 20 requests a minute and the cool-down after a
/// 403 or 429, kept in `StoragePaths.pacingFile` so every tunes process on the machine shares
/// them, one budget per API host and port.
package enum LivePacing {
  /// The budget's name for a base URL: its host and port (`itunes.apple.com:443`). Chart feeds
  /// on another host get a budget of their own by passing their URL.
  /// The host is lowercased and loses a trailing dot (`ITUNES.apple.com.` is
  /// `itunes.apple.com`), so one server never gets two budgets.
  package static func key(for baseURL: URL) -> String {
    var host = (baseURL.host ?? "unknown").lowercased()
    while host.hasSuffix(".") { host.removeLast() }
    let port = baseURL.port ?? (baseURL.scheme?.lowercased() == "http" ? 80 : 443)
    return "\(host.isEmpty ? "unknown" : host):\(port)"
  }

  /// The budget's name for one of Apple's hosts when requests go to `baseURL`: the host itself
  /// for Apple's default base, else the base's key with the host (a replay server answering for
  /// both keeps two budgets, as Apple would).
  package static func key(for host: FeedRequest.Host, baseURL: URL) -> String {
    if host == .itunes { return key(for: baseURL) }
    guard key(for: baseURL) != key(for: ClientConfiguration.standard.baseURL) else {
      return "\(host.rawValue):443"
    }
    return key(for: baseURL) + "/" + host.rawValue
  }

  /// The feeds' pacing (one budget per Apple host), over the shared file.
  package static func hostPacing(
    baseURL: URL, paths: StoragePaths, onError: @escaping @Sendable (String) -> Void = { _ in }
  ) -> HostPacing {
    let itunes = limiter(for: baseURL, paths: paths, onError: onError)
    let feeds = limiter(
      key: key(for: .marketingTools, baseURL: baseURL), paths: paths, onError: onError)
    return HostPacing { host in host == .itunes ? itunes : feeds }
  }

  private static let limiters = Mutex([String: RateLimiter]())

  /// The process's limiter for `baseURL`, over the shared file (made on first use). When the
  /// runtime folder cannot be made, the limiter paces this process alone and `onError` hears why.
  package static func limiter(
    for baseURL: URL, paths: StoragePaths, limit: RateLimit = .paced,
    onError: @escaping @Sendable (String) -> Void = { _ in }
  ) -> RateLimiter {
    limiter(key: key(for: baseURL), paths: paths, limit: limit, onError: onError)
  }

  /// The process's limiter for the budget `key`, over the shared file.
  package static func limiter(
    key: String, paths: StoragePaths, limit: RateLimit = .paced,
    onError: @escaping @Sendable (String) -> Void = { _ in }
  ) -> RateLimiter {
    let file = paths.pacingFile.path
    return limiters.withLock { limiters in
      if let existing = limiters[file + " " + key] { return existing }
      let ledger: PacingLedger
      do {
        try paths.createRuntimeDirectory()
        ledger = .file(path: file, onError: onError)
      } catch {
        onError(error.localizedDescription)
        ledger = .memory()
      }
      let limiter = RateLimiter(limit: limit, clock: .wall, ledger: ledger, key: key)
      limiters[file + " " + key] = limiter
      return limiter
    }
  }
}

/// The live iTunes client of a `tunes` process, made in one place for the command line and the
/// app: the configuration's transport (libcurl on Linux), paced through the shared file.
package enum LiveClient {
  /// The live client for `configuration`: catalogue and feed requests paced by the machine-wide
  /// limiters (`LivePacing`), waiting as `pacing` allows. `onError` hears why the pacing file
  /// could not be used (the limiters then pace this process alone).
  package static func make(
    configuration: ClientConfiguration, pacing: PacingPolicy, paths: StoragePaths,
    onError: @escaping @Sendable (String) -> Void = { _ in }
  ) -> ITunesClient {
    ITunesClient.live(
      configuration: configuration,
      limiter: LivePacing.limiter(for: configuration.baseURL, paths: paths, onError: onError),
      pacing: pacing,
      feedPacing: LivePacing.hostPacing(
        baseURL: configuration.baseURL, paths: paths, onError: onError))
  }
}
