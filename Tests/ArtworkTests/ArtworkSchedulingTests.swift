import Foundation
import ITunesReplay
import TestSupport
import Testing

@testable import Artwork

@Suite("Artwork pipeline: shared downloads, the download limit and its queue")
struct ArtworkSchedulingTests {
  @Test("two concurrent requests for one URL share one download")
  func coalesced() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let gate = ArtworkHarness.Gate(holding: ["shared"])
    let pipeline = harness.pipeline(gate: gate)
    let request = harness.request("shared")
    let first = Task { await pipeline.result(for: request) }
    let second = Task { await pipeline.result(for: request) }
    #expect(await eventually { pipeline.statistics.waitingRequests == 2 })
    gate.open("shared")
    let (one, two) = (await first.value, await second.value)
    #expect(try one.get() == two.get())
    #expect(harness.server.requestCount(for: ArtworkHarness.path("shared")) == 1)
    #expect(pipeline.statistics.downloadsStarted == 1)
  }

  @Test("at most maxConcurrentDownloads run at once, the rest wait; counted on the server too")
  func concurrencyLimit() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let gate = ArtworkHarness.Gate(holding: ["/c"])
    harness.server.injectFault(.delay(seconds: 0.1), matching: "/image/thumb/")
    let pipeline = harness.pipeline(maxConcurrentDownloads: 3, gate: gate)
    let tasks = (0..<9).map { index in
      Task { (try? await pipeline.image(for: harness.request("c\(index)"))) != nil }
    }
    // Held at the gate, three hold the slots and six wait; none more can start.
    #expect(
      await eventually { pipeline.statistics.queuedDownloads == 6 && gate.waitingCount == 3 })
    #expect(pipeline.statistics.activeDownloads == 3)
    gate.open("/c")
    for task in tasks { #expect(await task.value) }
    #expect(harness.server.requestCount == 9)
    #expect(harness.peakConcurrentRequests <= 3)
    #expect(pipeline.statistics.peakConcurrentDownloads == 3)
    #expect(pipeline.statistics.activeDownloads == 0)
  }

  @Test("queued downloads go first come, first served")
  func fifo() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let gate = ArtworkHarness.Gate(holding: ["f0"])
    let pipeline = harness.pipeline(maxConcurrentDownloads: 1, gate: gate)
    var tasks: [Task<Bool, Never>] = []
    tasks.append(Task { (try? await pipeline.image(for: harness.request("f0"))) != nil })
    #expect(await eventually { gate.waitingCount == 1 })
    for index in 1..<5 {
      tasks.append(Task { (try? await pipeline.image(for: harness.request("f\(index)"))) != nil })
      // Each is queued before the next is asked for.
      #expect(await eventually { pipeline.statistics.queuedDownloads == index })
    }
    gate.open("f0")
    for task in tasks { #expect(await task.value) }
    let order = harness.log.map(\.entry.target)
    #expect(order == (0..<5).map { ArtworkHarness.path("f\($0)") })
  }

  @Test("a request cancelled while queued leaves the queue and is never downloaded")
  func cancelledWhileQueued() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let gate = ArtworkHarness.Gate(holding: ["busy"])
    let pipeline = harness.pipeline(maxConcurrentDownloads: 1, gate: gate)
    let busy = Task { await pipeline.result(for: harness.request("busy")) }
    #expect(await eventually { gate.waitingCount == 1 })
    let gone = Task { await pipeline.result(for: harness.request("gone")) }
    #expect(await eventually { pipeline.statistics.queuedDownloads == 1 })
    let next = Task { await pipeline.result(for: harness.request("next")) }
    #expect(await eventually { pipeline.statistics.queuedDownloads == 2 })
    gone.cancel()
    #expect(await gone.value == .failure(.cancelled))
    #expect(pipeline.statistics.queuedDownloads == 1)
    gate.open("busy")
    #expect((try? await busy.value.get()) != nil)
    #expect((try? await next.value.get()) != nil)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("gone")) == 0)
    #expect(pipeline.statistics.downloadsStarted == 2)
  }

  @Test("when one of two waiters is cancelled the shared download still answers the other")
  func oneWaiterCancelled() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let gate = ArtworkHarness.Gate(holding: ["two"])
    let pipeline = harness.pipeline(gate: gate)
    let kept = Task { await pipeline.result(for: harness.request("two")) }
    let dropped = Task { await pipeline.result(for: harness.request("two")) }
    #expect(await eventually { pipeline.statistics.waitingRequests == 2 && gate.waitingCount == 1 })
    dropped.cancel()
    #expect(await dropped.value == .failure(.cancelled))
    gate.open("two")
    #expect((try? await kept.value.get())?.width == 100)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("two")) == 1)
  }

  @Test("a download nobody waits for any more is cancelled and frees its slot")
  func lastWaiterCancelled() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let path = ArtworkHarness.path("abandoned")
    harness.server.injectFault(.hang, matching: path)
    let pipeline = harness.pipeline(maxConcurrentDownloads: 1)
    let task = Task { await pipeline.result(for: harness.request("abandoned")) }
    #expect(await eventually { harness.server.openConnectionCount == 1 })
    task.cancel()
    #expect(await task.value == .failure(.cancelled))
    #expect(await eventually { pipeline.statistics.activeDownloads == 0 })
    // The slot is free again.
    #expect((try? await pipeline.image(for: harness.request("then")))?.width == 100)
  }
}
