import Foundation
import ITunesReplay
import TestSupport
import Testing

@testable import Artwork

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Artwork pipeline: memory and disk caches")
struct ArtworkCacheTests {
  @Test("the memory cache is bounded in bytes and evicts the least recently used image")
  func memoryEviction() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let one = 50 * 50 * 4
    let pipeline = harness.pipeline(memoryBytes: one * 3 + one / 2, disk: nil)
    let requests = (0..<4).map { harness.request("m\($0)", pixels: 50) }
    for request in requests.prefix(3) { _ = try await pipeline.image(for: request) }
    #expect(pipeline.statistics.memoryImages == 3)
    // Touch the first, so the second is now the least recently used.
    #expect(pipeline.cachedImage(for: requests[0]) != nil)
    _ = try await pipeline.image(for: requests[3])
    #expect(pipeline.statistics.memoryImages == 3)
    #expect(pipeline.statistics.memoryBytes == one * 3)
    #expect(pipeline.cachedImage(for: requests[0]) != nil)
    #expect(pipeline.cachedImage(for: requests[1]) == nil)
    #expect(pipeline.cachedImage(for: requests[3]) != nil)
    // The evicted one is downloaded again (no disk cache here).
    _ = try await pipeline.image(for: requests[1])
    #expect(harness.server.requestCount(for: ArtworkHarness.path("m1", size: 50)) == 2)
  }

  @Test("an image larger than the whole memory bound is returned but not kept")
  func tooBigForMemory() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let pipeline = harness.pipeline(memoryBytes: 1000, disk: nil)
    let image = try await pipeline.image(for: harness.request("big", pixels: 100))
    #expect(image.width == 100)
    #expect(pipeline.statistics.memoryBytes == 0)
    #expect(pipeline.cachedImage(for: harness.request("big", pixels: 100)) == nil)
  }

  @Test("the disk cache keeps the downloaded bytes for the next pipeline, in private files")
  func diskPersists() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let request = harness.request("d")
    let first = try await harness.pipeline().image(for: request)
    let directory = harness.directory.appending("cache")
    let name = DiskCache.fileName(for: request.sizedURL)
    let file = directory.appendingPathComponent(name)
    let stored = try Data(contentsOf: file)
    let served = harness.log.first.map(\.entry.bytesSent) ?? 0
    #expect(stored.count > 0 && stored.count < served)
    #expect(ImageFormat.sniff([UInt8](stored)) == .jpeg)
    var info = stat()
    #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    // No temporary files are left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])

    let second = harness.pipeline()
    #expect(second.cachedImage(for: request) == nil)
    #expect(try await second.image(for: request) == first)
    #expect(harness.server.requestCount == 1)
    #expect(second.statistics.diskHits == 1 && second.statistics.downloadsStarted == 0)
    #expect(second.statistics.diskBytes == stored.count)
  }

  @Test("the disk cache is capped in size and evicts the least recently used file")
  func diskEviction() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    // Learn the three files' sizes with a roomy cache.
    let names = ["e0", "e1", "e2"]
    let roomy = harness.pipeline(disk: "sizes")
    var sizes: [Int] = []
    for name in names {
      _ = try await roomy.image(for: harness.request(name))
      sizes.append(roomy.statistics.diskBytes - sizes.reduce(0, +))
    }
    let cap = sizes.reduce(0, +) - 1
    // No memory cache, so every later request reads the disk.
    let pipeline = harness.pipeline(memoryBytes: 0, disk: "capped", diskBytes: cap)
    _ = try await pipeline.image(for: harness.request("e0"))
    _ = try await pipeline.image(for: harness.request("e1"))
    _ = try await pipeline.image(for: harness.request("e0"))  // a hit: e0 is now the newest
    #expect(pipeline.statistics.diskHits == 1)
    _ = try await pipeline.image(for: harness.request("e2"))  // over the cap: e1 goes
    #expect(pipeline.statistics.diskBytes == sizes[0] + sizes[2])
    #expect(pipeline.statistics.diskBytes <= cap)
    let directory = harness.directory.appending("capped")
    let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    let file = { (name: String) in DiskCache.fileName(for: harness.request(name).sizedURL) }
    #expect(files == [file("e0"), file("e2")])
    let before = harness.server.requestCount
    _ = try await pipeline.image(for: harness.request("e0"))
    #expect(harness.server.requestCount == before)
    _ = try await pipeline.image(for: harness.request("e1"))
    #expect(harness.server.requestCount == before + 1)

    // A new pipeline over the same folder reads the order from the files and keeps the cap.
    let reopened = harness.pipeline(memoryBytes: 0, disk: "capped", diskBytes: sizes[1])
    _ = try await reopened.image(for: harness.request("e1"))
    #expect(reopened.statistics.diskFiles == 1 && reopened.statistics.diskBytes <= sizes[1])
  }

  @Test("a corrupt file in the disk cache is deleted and the image fetched again")
  func corruptDiskFile() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let request = harness.request("rot")
    let original = try await harness.pipeline().image(for: request)
    let file = harness.directory.appending("cache").appendingPathComponent(
      DiskCache.fileName(for: request.sizedURL))
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: file)
    let pipeline = harness.pipeline()
    #expect(try await pipeline.image(for: request) == original)
    #expect(pipeline.statistics.corruptDiskFiles == 1)
    #expect(pipeline.statistics.downloadsStarted == 1)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("rot")) == 2)
    #expect(ImageFormat.sniff([UInt8](try Data(contentsOf: file))) == .jpeg)
    #expect(try Data(contentsOf: file).count > 7)
  }

  @Test("a disk cache folder that cannot be made turns the disk cache off, not the pipeline")
  func unusableDiskFolder() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    try Data("in the way".utf8).write(to: harness.directory.appending("blocked"))
    let pipeline = harness.pipeline(disk: "blocked/artwork")
    #expect((try await pipeline.image(for: harness.request("x"))).width == 100)
    #expect(pipeline.statistics.diskFiles == 0)
  }

  @Test("file names are 32 hex digits, stable, and differ per size")
  func fileNames() {
    let small = DiskCache.fileName(for: "https://a.test/x/100x100bb.jpg")
    #expect(small.count == 32 && small.allSatisfy(\.isHexDigit))
    #expect(small == DiskCache.fileName(for: "https://a.test/x/100x100bb.jpg"))
    #expect(small != DiskCache.fileName(for: "https://a.test/x/300x300bb.jpg"))
  }

  @Test("the live pipeline keeps its disk cache under XDG_CACHE_HOME/tunes/artwork")
  func liveDirectory() {
    let xdg = ArtworkPipeline.diskDirectory(environment: [
      "XDG_CACHE_HOME": "/x/cache", "HOME": "/h",
    ])
    #expect(xdg.path == "/x/cache/tunes/artwork")
    let home = ArtworkPipeline.diskDirectory(environment: [
      "XDG_CACHE_HOME": "relative", "HOME": "/h",
    ])
    #expect(home.path == "/h/.cache/tunes/artwork")
    let live = ArtworkPipeline.live(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
    #expect(live.configuration.diskDirectory?.path == "/x/cache/tunes/artwork")
    #expect(live.configuration.maxConcurrentDownloads == 6)
    #expect(live.configuration.memoryBytes == 32 * 1_048_576)
  }
}
