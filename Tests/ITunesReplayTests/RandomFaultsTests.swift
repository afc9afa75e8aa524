import Foundation
import ITunesReplay
import Testing

@Suite("Random faults")
struct RandomFaultsTests {
  private static func draws(_ faults: RandomFaults, count: Int) -> [ReplayFault?] {
    var faults = faults
    return (0..<count).map { _ in faults.next() }
  }

  @Test("the same seed and rate draw the same faults; another seed draws others")
  func deterministic() {
    let first = Self.draws(RandomFaults(seed: 42, rate: 0.3), count: 500)
    let again = Self.draws(RandomFaults(seed: 42, rate: 0.3), count: 500)
    let other = Self.draws(RandomFaults(seed: 43, rate: 0.3), count: 500)
    #expect(first == again)
    #expect(first != other)
  }

  @Test("about the rate's share of requests is faulted, and served counts them")
  func rate() {
    var faults = RandomFaults(seed: 7, rate: 0.2)
    let drawn = (0..<10_000).compactMap { _ in faults.next() }
    #expect((1_700...2_300).contains(drawn.count), "\(drawn.count) of 10,000")
    #expect(faults.served == drawn.count)
    #expect(Self.draws(RandomFaults(seed: 7, rate: 0), count: 1_000).allSatisfy { $0 == nil })
    #expect(Self.draws(RandomFaults(seed: 7, rate: 1), count: 1_000).allSatisfy { $0 != nil })
  }

  @Test("every fault on the menu is drawn: delays, 403, 5xx, truncation, resets, hangs")
  func menu() {
    let drawn = Self.draws(RandomFaults(seed: 1, rate: 1), count: 2_000).compactMap { $0 }
    for fault in RandomFaults.menu {
      #expect(drawn.contains(fault), "never drew \(fault)")
    }
    #expect(RandomFaults.menu.contains(.status(403)))
    #expect(RandomFaults.menu.contains(.hang))
    #expect(RandomFaults.menu.contains(.truncated))
    #expect(RandomFaults.menu.contains { if case .delay = $0 { true } else { false } })
    #expect(
      RandomFaults.menu.contains { if case .status(let code) = $0 { code >= 500 } else { false } })
  }

  @Test("a rate outside 0...1 is clamped")
  func clamped() {
    #expect(RandomFaults(seed: 1, rate: 5).rate == 1)
    #expect(RandomFaults(seed: 1, rate: -1).rate == 0)
    #expect(RandomFaults(seed: 1, rate: .nan).rate == RandomFaults.defaultRate)
  }

  @Test("the server serves the drawn faults in order; one-shot rules still win and draw nothing")
  func server() async throws {
    let log = LogBox()
    let server = try TestClient.ownServer(log: log.sink)
    defer { server.stop() }
    // Only faults that answer at once, so the test does not wait on delays or hangs.
    let quick: Set<String> = ["status=403", "status=500", "status=503", "html503", "invalid-utf8"]
    let seed = (UInt64(1)...).first { seed in
      Self.draws(RandomFaults(seed: seed, rate: 0.5), count: 6).allSatisfy {
        $0.map { quick.contains($0.description) } ?? true
      } && Self.draws(RandomFaults(seed: seed, rate: 0.5), count: 6).contains { $0 != nil }
    }!
    let expected = Self.draws(RandomFaults(seed: seed, rate: 0.5), count: 6)
    server.setRandomFaults(RandomFaults(seed: seed, rate: 0.5))
    server.injectFault(.status(429), forNext: 1)
    var statuses: [Int] = []
    for _ in 0..<7 {
      statuses.append(try await TestClient.get(server, FaultInjectionTests.target).1.statusCode)
    }
    #expect(statuses.first == 429)
    let wanted = expected.map { fault -> Int in
      switch fault {
      case .status(let code)?: code
      case .html503?: 503
      default: 200
      }
    }
    #expect(Array(statuses.dropFirst()) == wanted)
    #expect(server.randomFaultsServed == expected.compactMap { $0 }.count)
    #expect(log.entries.dropFirst().map(\.fault) == expected)
    server.clearFaults()
    #expect(server.randomFaultsServed == 0)
    #expect(try await TestClient.get(server, FaultInjectionTests.target).1.statusCode == 200)
  }
}
