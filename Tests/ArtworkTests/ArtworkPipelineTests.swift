import Foundation
import ITunesReplay
import TestSupport
import Testing

@testable import Artwork

@Suite("Artwork pipeline: downloads, answers and errors")
struct ArtworkPipelineTests {
  @Test("an artwork URL is fetched at the size asked for, decoded, and kept in memory")
  func fetchesAndCaches() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let pipeline = harness.pipeline()
    let request = ArtworkRequest(url: harness.url(ArtworkHarness.path("a", size: 100)), pixels: 300)
    #expect(request.sizedURL == harness.url(ArtworkHarness.path("a", size: 300)))
    #expect(pipeline.cachedImage(for: request) == nil)
    let image = try await pipeline.image(for: request)
    #expect(image.width == 300 && image.height == 300)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("a", size: 300)) == 1)
    #expect(pipeline.cachedImage(for: request) == image)
    let again = try await pipeline.image(for: request)
    #expect(again == image)
    #expect(harness.server.requestCount == 1)
    #expect(pipeline.statistics.downloadsStarted == 1)
    #expect(pipeline.statistics.memoryBytes == 300 * 300 * 4)
  }

  @Test("cache keys are per size: 100 and 300 pixels are two downloads and two images")
  func keysPerSize() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let pipeline = harness.pipeline()
    let small = harness.request("k", pixels: 100)
    let large = harness.request("k", pixels: 300)
    #expect(small.sizedURL != large.sizedURL)
    let first = try await pipeline.image(for: small)
    let second = try await pipeline.image(for: large)
    #expect(first.width == 100 && second.width == 300)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("k", size: 100)) == 1)
    #expect(harness.server.requestCount(for: ArtworkHarness.path("k", size: 300)) == 1)
    #expect(pipeline.cachedImage(for: small) == first)
    #expect(pipeline.cachedImage(for: large) == second)
  }

  @Test("a URL with no size segment asked for at two sizes is decoded at each")
  func unsizedURL() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let jpeg = try TestImages.jpeg(
      TestImages.solid(width: 400, height: 400, (90, 90, 90)), width: 400, height: 400)
    try harness.server.register(
      request: "/covers/one.jpg", body: Data(jpeg), headers: ["Content-Type": "image/jpeg"])
    let pipeline = harness.pipeline()
    let small = ArtworkRequest(url: harness.url("/covers/one.jpg"), pixels: 50)
    let large = ArtworkRequest(url: harness.url("/covers/one.jpg"), pixels: 200)
    #expect(small.sizedURL == large.sizedURL)
    #expect(try await pipeline.image(for: small).width == 50)
    #expect(try await pipeline.image(for: large).width == 200)
    #expect(pipeline.cachedImage(for: small)?.width == 50)
    #expect(pipeline.cachedImage(for: large)?.width == 200)
    // The second came from the disk cache: one download.
    #expect(harness.server.requestCount(for: "/covers/one.jpg") == 1)
  }

  @Test("a PNG answered for a .jpg URL decodes")
  func pngBehindJPEGName() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let png = try TestImages.png(
      TestImages.solid(width: 100, height: 100, (12, 34, 56)), width: 100, height: 100)
    try harness.server.register(
      request: ArtworkHarness.path("p"), body: Data(png), headers: ["Content-Type": "image/jpeg"])
    let image = try await harness.pipeline().image(for: harness.request("p"))
    #expect(image.pixel(x: 50, y: 50) == (12, 34, 56, 255))
  }

  @Test("the replay server's PNG route decodes through the pipeline too")
  func generatedPNG() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let image = try await harness.pipeline().image(
      for: harness.request("q", pixels: 64, ext: "png"))
    #expect(image.width == 64 && image.height == 64)
    #expect(Set(stride(from: 0, to: image.rgba.count, by: 4).map { image.rgba[$0] }).count > 4)
  }

  @Test("a 404 is .httpStatus(404), and the failure is not cached: the next request retries")
  func notFoundNotCached() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let path = ArtworkHarness.path("missing")
    harness.server.injectFault(.status(404), matching: path, times: 1)
    let pipeline = harness.pipeline()
    let failed = await pipeline.result(for: harness.request("missing"))
    #expect(failed == .failure(.httpStatus(404)))
    #expect(ArtworkError.httpStatus(404).message == "the artwork server answered 404")
    #expect(pipeline.statistics.diskFiles == 0)
    let retried = await pipeline.result(for: harness.request("missing"))
    #expect((try? retried.get())?.width == 100)
    #expect(harness.server.requestCount(for: path) == 2)
  }

  @Test("an HTML error page (503) is .httpStatus(503)")
  func htmlErrorPage() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.html503, matching: ArtworkHarness.path("h"))
    let result = await harness.pipeline().result(for: harness.request("h"))
    #expect(result == .failure(.httpStatus(503)))
  }

  @Test(
    "a 200 whose body is not an image is .notAnImage, saying what it was",
    arguments: [
      ("<!doctype html><html><head><title>Sign in to Wi-Fi</title></head></html>", "an HTML page"),
      ("{\"errorMessage\":\"Invalid value(s) for key(s): [size]\"}", "a JSON document"),
      ("", "an empty body"),
      ("Bad Gateway", "text"),
    ])
  func notAnImage(body: String, description: String) async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    try harness.server.register(
      request: ArtworkHarness.path("n"), body: Data(body.utf8),
      headers: ["Content-Type": "text/html"])
    let pipeline = harness.pipeline()
    let result = await pipeline.result(for: harness.request("n"))
    #expect(result == .failure(.notAnImage(description)))
    #expect(ArtworkError.notAnImage("an HTML page").message == "not an image (an HTML page)")
    #expect(pipeline.statistics.diskFiles == 0 && pipeline.statistics.memoryImages == 0)
  }

  @Test("a truncated JPEG served whole is .corrupt; a body cut off mid-transfer is .transport")
  func truncated() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    let jpeg = try TestImages.jpeg(
      TestImages.halves(width: 200, height: 200, left: (1, 2, 3), right: (250, 9, 9)), width: 200,
      height: 200)
    try harness.server.register(
      request: ArtworkHarness.path("cut"), body: Data(jpeg.prefix(jpeg.count / 2)),
      headers: ["Content-Type": "image/jpeg"])
    let pipeline = harness.pipeline()
    guard case .failure(.corrupt(let reason)) = await pipeline.result(for: harness.request("cut"))
    else {
      Issue.record("a half JPEG was not .corrupt")
      return
    }
    #expect(reason.hasPrefix("JPEG: "))

    harness.server.injectFault(.truncated, matching: ArtworkHarness.path("wire"))
    guard case .failure(.transport(let why)) = await pipeline.result(for: harness.request("wire"))
    else {
      Issue.record("a body cut off mid-transfer was not .transport")
      return
    }
    #expect(why.contains("closed after"))
  }

  @Test("a header claiming 50,000 × 50,000 pixels is refused (its speed is the decoder test's)")
  func hugeOverHTTP() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    try harness.server.register(
      request: ArtworkHarness.path("huge"),
      body: Data(try TestImages.jpegClaiming(width: 50_000, height: 50_000)),
      headers: ["Content-Type": "image/jpeg"])
    let result = await harness.pipeline().result(for: harness.request("huge"))
    #expect(result == .failure(.tooLarge(width: 50_000, height: 50_000)))
  }

  @Test("a server that never answers is .timedOut at the pipeline's timeout")
  func neverAnswers() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.hang, matching: ArtworkHarness.path("slow"))
    let pipeline = harness.pipeline(timeout: .milliseconds(300))
    let clock = ContinuousClock()
    let start = clock.now
    let result = await pipeline.result(for: harness.request("slow"))
    let elapsed = clock.now - start
    #expect(result == .failure(.timedOut))
    #expect(elapsed >= .milliseconds(290))
    #expect(elapsed < .seconds(120))
    #expect(ArtworkError.timedOut.message == "the artwork server did not answer in time")
    #expect(pipeline.statistics.activeDownloads == 0)
    // The slot was given back: another download goes through.
    #expect((try? await pipeline.image(for: harness.request("after")))?.width == 100)
  }

  @Test("a slow answer inside the timeout arrives")
  func slowButInTime() async throws {
    let harness = try ArtworkHarness()
    defer { harness.stop() }
    harness.server.injectFault(.delay(seconds: 0.2), matching: ArtworkHarness.path("late"))
    let image = try await harness.pipeline(timeout: .seconds(20)).image(
      for: harness.request("late"))
    #expect(image.width == 100)
  }

  @Test("nothing listening is .transport naming the host")
  func cannotConnect() async throws {
    let port = try RefusingPort()
    let pipeline = ArtworkPipeline(
      configuration: .init(),
      fetch: ArtworkPipeline.httpFetch(timeout: .seconds(20), maxBodyBytes: 1_048_576))
    let result = await pipeline.result(
      for: ArtworkRequest(url: "http://127.0.0.1:\(port.port)/a/100x100bb.jpg", pixels: 100))
    guard case .failure(.transport(let reason)) = result else {
      Issue.record("expected .transport, got \(result)")
      return
    }
    #expect(reason.contains("127.0.0.1"))
  }

  @Test("a URL that is not http(s) is refused without fetching")
  func otherSchemes() async {
    let pipeline = ArtworkPipeline(configuration: .init()) { _ in
      Issue.record("fetched")
      return (200, [])
    }
    let result = await pipeline.result(for: ArtworkRequest(url: "file:///etc/passwd", pixels: 100))
    #expect(result == .failure(.transport("not an http or https URL: file:///etc/passwd")))
    #expect(pipeline.statistics.downloadsStarted == 0)
  }

  @Test("a body over the cap is .transport, even from a fetch that does not enforce it")
  func bodyCap() async {
    let pipeline = ArtworkPipeline(configuration: .init(maxBodyBytes: 1000)) { _ in
      (200, [UInt8](repeating: 0xFF, count: 5000))
    }
    let result = await pipeline.result(
      for: ArtworkRequest(url: "https://x.test/a/1x1bb.jpg", pixels: 1))
    guard case .failure(.transport(let reason)) = result else {
      Issue.record("expected .transport, got \(result)")
      return
    }
    #expect(reason.contains("cap"))
  }

  @Test("every error has a one-line message")
  func messages() {
    let errors: [ArtworkError] = [
      .httpStatus(500), .notAnImage("text"), .corrupt("JPEG: bad"),
      .tooLarge(width: 50_000, height: 50_000), .timedOut, .transport("cannot connect"), .cancelled,
    ]
    for error in errors {
      #expect(!error.message.isEmpty && !error.message.contains("\n"))
    }
    #expect(ArtworkError.tooLarge(width: 50_000, height: 50_000).message.contains("50000×50000"))
  }
}
