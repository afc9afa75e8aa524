import AppArchitecture
import ITunesClient

/// The one way a feature asks Apple something: it runs the request on the client and sends the
/// answer, or the failure as a ``FeatureError`` (throttling asks the client how long to wait),
/// as one action. Search, chart rows, the genre tree and the detail lookups all use it.
struct FeatureRequest: Sendable {
  /// The iTunes API.
  let client: ITunesClient
  /// The clock a throttling failure is dated on.
  let clock: AppClock

  /// How long to wait after throttling when the client cannot say.
  static let defaultRetryAfter = Duration.seconds(60)

  /// The requests of `dependencies`' client and clock.
  init(_ dependencies: TunesDependencies) {
    self.client = dependencies.client
    self.clock = dependencies.clock
  }

  /// An effect running `operation` on the client and sending `action` with its result.
  func run<Value: Sendable, Action>(
    _ operation: @escaping @Sendable (ITunesClient) async throws -> Value,
    then action: @escaping @Sendable (Result<Value, FeatureError>) -> Action
  ) -> Effect<Action> {
    let client = client
    let clock = clock
    return .run { send in
      do {
        let value = try await operation(client)
        send(action(.success(value)))
      } catch {
        send(action(.failure(await Self.featureError(error, client: client, clock: clock))))
      }
    }
  }

  /// Turns a client error into a feature error; throttling asks the client how long to wait.
  static func featureError(
    _ error: any Error, client: ITunesClient, clock: AppClock
  ) async -> FeatureError {
    if case ClientError.rateLimitWait(let seconds) = error {
      // Another tunes (or this one) used the shared budget: the limiter said how long.
      return .rateLimited(retryAfter: .seconds(max(1, seconds)), at: clock.now())
    }
    guard case ClientError.rateLimited = error else { return FeatureError(error) }
    let wait = await client.pacing() ?? defaultRetryAfter
    return .rateLimited(retryAfter: max(wait, .seconds(1)), at: clock.now())
  }
}
