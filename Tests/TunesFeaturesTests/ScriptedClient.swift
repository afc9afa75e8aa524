import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport

/// An iTunes client for reducer tests: records every request and answers each after a delay on a
/// `TestClock`, so tests decide when (and in which order) answers arrive.
final class ScriptedClient: Sendable {
  typealias Answer = (delay: Duration, result: Result<CatalogPage, ClientError>)

  let clock: TestClock
  private let answer: @Sendable (CatalogRequest) -> Answer
  private let recorded = Mutex<[CatalogRequest]>([])
  private let pacingValue: Duration?

  init(
    clock: TestClock, pacing: Duration? = nil,
    answer: @escaping @Sendable (CatalogRequest) -> Answer
  ) {
    self.clock = clock
    self.answer = answer
    self.pacingValue = pacing
  }

  /// Every request sent, in order.
  var requests: [CatalogRequest] { recorded.withLock { $0 } }

  /// The value of parameter `name` in request `index`.
  func parameter(_ name: String, request index: Int) -> String? {
    let requests = requests
    guard requests.indices.contains(index) else { return nil }
    return requests[index].parameters.first { $0.name == name }?.value
  }

  /// The first request whose `name` parameter is `value`, as `name=value` pairs.
  func request(with name: String, _ value: String) -> [String: String]? {
    guard
      let request = requests.first(where: {
        $0.parameters.contains(CatalogRequest.Parameter(name, value))
      })
    else { return nil }
    return Dictionary(
      request.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  var client: ITunesClient {
    ITunesClient(
      fetch: { [self] request in
        recorded.withLock { $0.append(request) }
        let (delay, result) = answer(request)
        try await clock.sleep(for: delay)
        return CatalogResponse(page: try result.get(), body: Data(), source: .network)
      },
      pacing: { [pacingValue] in pacingValue })
  }
}

extension TestClock {
  /// Waits until at least `count` tasks sleep on this clock (yielding, bounded by 5 s of real
  /// time), so `advance` never runs before the effects it should wake have started sleeping.
  @MainActor
  func settle(sleepers count: Int) async {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while pendingSleepers < count, clock.now < deadline { await Task.yield() }
  }
}
