import Foundation
import ITunesClient
import ITunesClientLive
import TunesStorage

extension ArtworkPipeline {
  /// The live pipeline: downloads over ITunesClient's HTTP transport (libcurl on Linux;
  /// `TUNES_HTTP_TRANSPORT` chooses as for the API) with the default timeout and body cap, and the
  /// disk cache at `$XDG_CACHE_HOME/tunes/artwork` (default `~/.cache/tunes/artwork`);
  /// `decode` says where decoding runs (see ``Configuration/decode``).
  package static func live(
    environment: [String: String],
    decode: (@Sendable (_ work: @escaping @Sendable () -> Void) -> Void)? = nil
  ) -> ArtworkPipeline {
    var configuration = Configuration()
    configuration.diskDirectory = diskDirectory(environment: environment)
    configuration.decode = decode
    let kind =
      environment[ClientConfiguration.transportEnvironmentKey]
      .flatMap { HTTPTransport.Kind(rawValue: $0.lowercased()) } ?? HTTPTransport.defaultKind
    return ArtworkPipeline(
      configuration: configuration,
      fetch: httpFetch(
        kind: kind, timeout: configuration.timeout, maxBodyBytes: configuration.maxBodyBytes))
  }

  /// `$XDG_CACHE_HOME/tunes/artwork` as `StoragePaths` resolves it from `environment`.
  package static func diskDirectory(environment: [String: String]) -> URL {
    StoragePaths(environment: environment).cacheDirectory
      .appendingPathComponent("artwork", isDirectory: true)
  }

  /// A fetch over ITunesClient's live HTTP transport, with its own timeout and body cap.
  package static func httpFetch(
    kind: HTTPTransport.Kind = HTTPTransport.defaultKind, timeout: Duration,
    maxBodyBytes: Int
  ) -> Fetch {
    let seconds =
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let transport = HTTPTransport.live(
      kind, timeoutSeconds: max(0.001, seconds), maxBodyBytes: maxBodyBytes)
    return { url in
      let response = try await transport.send(TransportRequest(url: url))
      return (response.status, [UInt8](response.body))
    }
  }
}

extension ArtworkError {
  /// Any error a fetch throws, as an `ArtworkError` (ITunesClient's transport errors mapped).
  package static func from(_ error: any Error) -> ArtworkError {
    if let error = error as? ArtworkError { return error }
    if error is CancellationError { return .cancelled }
    guard let client = error as? ClientError else {
      return .transport(String(describing: error))
    }
    switch client {
    case .timedOut: return .timedOut
    case .cancelled: return .cancelled
    case .truncated(let received):
      return .transport("the connection closed after \(received) bytes, before the whole image")
    case .tooLarge(let limit):
      return .transport("the body is over the \(limit / 1_048_576) MiB cap")
    case .cannotConnect(let host): return .transport("cannot connect to \(host)")
    case .hostNotFound(let host): return .transport("the host \(host) is not found")
    case .offline: return .transport("no network connection")
    default:
      return .transport(client.errorDescription ?? String(describing: client))
    }
  }
}
