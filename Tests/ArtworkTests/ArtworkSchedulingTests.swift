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
    let path = ArtworkHarness.path("shared")
    harness.server.injectFault(.delay(seconds: 0.3), matching: path)
    let pipeline = harness.pipeline()
    let request = harness.request("shared")
    async let first = pipeline.result(for: request)
    async let second = pipeline.result(for: request)
    let (one, two) = await (first, second)
    #expect(try one.get() == two.get())
    #expect(harness.server.requestCount(for: path) == 1)
    #expect(pipeline.statistics.downloadsStarted == 1)
  }

  @Test("at most maxConcurrentDownloads run at once, counted on the server")
  func concurrencyLimit() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.delay(seconds: 0.15), matching: "/image/thumb/")
    let pipeline = harness.pipeline(maxConcurrentDownloads: 3)
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<9 {
        group.addTask { (try? await pipeline.image(for: harness.request("c\(index)"))) != nil }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 9 && results.allSatisfy { $0 })
    #expect(harness.server.requestCount == 9)
    #expect(harness.peakConcurrentRequests == 3)
    #expect(pipeline.statistics.peakConcurrentDownloads == 3)
    #expect(pipeline.statistics.activeDownloads == 0)
  }

  @Test("queued downloads go first come, first served")
  func fifo() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.delay(seconds: 0.2), matching: ArtworkHarness.path("f0"), times: 1)
    let pipeline = harness.pipeline(maxConcurrentDownloads: 1)
    var tasks: [Task<Bool, Never>] = []
    for index in 0..<5 {
      tasks.append(Task { (try? await pipeline.image(for: harness.request("f\(index)"))) != nil })
      // Each is queued before the next is asked for (the first takes the slot).
      let queued = index
      #expect(await eventually { pipeline.statistics.queuedDownloads == queued })
    }
    for task in tasks { #expect(await task.value) }
    let order = harness.log.map(\.entry.target)
    #expect(order == (0..<5).map { ArtworkHarness.path("f\($0)") })
  }

  @Test("a request cancelled while queued leaves the queue and is never downloaded")
  func cancelledWhileQueued() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.delay(seconds: 0.3), matching: ArtworkHarness.path("busy"))
    let pipeline = harness.pipeline(maxConcurrentDownloads: 1)
    let busy = Task { await pipeline.result(for: harness.request("busy")) }
    #expect(await eventually { pipeline.statistics.activeDownloads == 1 })
    let gone = Task { await pipeline.result(for: harness.request("gone")) }
    #expect(await eventually { pipeline.statistics.queuedDownloads == 1 })
    let next = Task { await pipeline.result(for: harness.request("next")) }
    #expect(await eventually { pipeline.statistics.queuedDownloads == 2 })
    gone.cancel()
    #expect(await gone.value == .failure(.cancelled))
    #expect(pipeline.statistics.queuedDownloads == 1)
    #expect((try? await busy.value.get()) != nil)
    #expect((try? await next.value.get()) != nil)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("gone")) == 0)
    #expect(pipeline.statistics.downloadsStarted == 2)
  }

  @Test("when one of two waiters is cancelled the shared download still answers the other")
  func oneWaiterCancelled() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let path = ArtworkHarness.path("two")
    harness.server.injectFault(.delay(seconds: 0.3), matching: path)
    let pipeline = harness.pipeline()
    let kept = Task { await pipeline.result(for: harness.request("two")) }
    let dropped = Task { await pipeline.result(for: harness.request("two")) }
    #expect(await eventually { harness.server.requestCount(for: path) == 1 })
    dropped.cancel()
    #expect(await dropped.value == .failure(.cancelled))
    #expect((try? await kept.value.get())?.width == 100)
    #expect(harness.server.requestCount(for: path) == 1)
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
