import Artwork
import Foundation
import ITunesReplay

/// Artwork figures: decoding a 600×600 JPEG to tile size two ways, and memory with 200 artworks
/// cached (in a process of its own, so the figure is the pipeline's, not the other benchmarks').
enum ArtworkBench {
  /// Scaled decode (TurboJPEG's 1/4 scale, then an area average 150 → 100) vs full decode then
  /// the same area average 600 → 100, on the replay server's generated 600×600 artwork.
  static func decode() {
    let side = 600
    let rgb = GeneratedArtwork.pixels(width: side, height: side, seed: 0x5EED)
    guard let jpeg = ImageEncoding.jpeg(rgb: rgb, width: side, height: side, quality: 90) else {
      Bench.fail(BenchError.unexpected("could not encode the test JPEG"))
    }
    let bytes = [UInt8](jpeg)
    let tile = 100
    let runs = 60
    let rounds = 5
    var scaledTimes: [Double] = []
    var fullTimes: [Double] = []
    var quarterTimes: [Double] = []
    var resizeTimes: [Double] = []
    var headerTimes: [Double] = []
    let quarter: DecodedImage
    do {
      quarter = try ImageDecoder.decode(bytes, maxSide: side / 4)
    } catch {
      Bench.fail(error)
    }
    for _ in 0..<rounds {
      quarterTimes.append(
        Bench.median(runs: runs) { _ = try ImageDecoder.decode(bytes, maxSide: side / 4) })
      headerTimes.append(Bench.median(runs: runs) { _ = try ImageDecoder.header(bytes) })
      resizeTimes.append(
        Bench.median(runs: runs) {
          _ = ImageScaler.scale(
            quarter.rgba, width: quarter.width, height: quarter.height, toWidth: tile,
            toHeight: tile)
        })
      scaledTimes.append(
        Bench.median(runs: runs) {
          let image = try ImageDecoder.decode(bytes, maxSide: tile)
          guard image.width == tile else { throw BenchError.unexpected("width \(image.width)") }
        })
      fullTimes.append(
        Bench.median(runs: runs) {
          let full = try ImageDecoder.decode(bytes, maxSide: nil)
          let small = ImageScaler.scale(
            full.rgba, width: full.width, height: full.height, toWidth: tile, toHeight: tile)
          guard small.count == tile * tile * 4 else { throw BenchError.unexpected("size") }
        })
    }
    let scaled = Bench.middle(scaledTimes)
    let full = Bench.middle(fullTimes)
    print(
      "artwork decode, 600x600 JPEG (\(bytes.count) bytes) to 100x100, median of \(rounds) rounds"
        + " of \(runs): scaled decode \(Bench.ms(scaled)) ms vs full decode then resize"
        + " \(Bench.ms(full)) ms; ratio \(Bench.ratio(scaled, full))")
    print(
      "  split: TurboJPEG 1/4 decode to 150x150 \(Bench.ms(Bench.middle(quarterTimes))) ms,"
        + " area average 150 -> 100 \(Bench.ms(Bench.middle(resizeTimes))) ms;"
        + " of the decode, a new TurboJPEG handle and the header alone"
        + " \(Bench.ms(Bench.middle(headerTimes))) ms")
  }

  /// 200 tile-size artworks (100 px), then 200 detail-size ones (300 px, 72 MB decoded: more than
  /// the 32 MiB bound) through the default live pipeline against the replay server at `base`;
  /// prints what the memory cache holds and the process's RSS against its RSS before.
  static func memory(base: String) async {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tunes-bench-artwork-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    let pipeline = ArtworkPipeline.live(environment: [
      "XDG_CACHE_HOME": work.path, "HOME": work.path,
    ])
    let bound = pipeline.configuration.memoryBytes
    let before = rss()
    for (pixels, label) in [(100, "tiles"), (300, "detail size")] {
      let start = DispatchTime.now().uptimeNanoseconds
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          let url = "\(base)/image/thumb/Music/v4/bench/\(index)/source/100x100bb.jpg"
          group.addTask {
            _ = try? await pipeline.image(for: ArtworkRequest(url: url, pixels: pixels))
          }
        }
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let statistics = pipeline.statistics
      let now = rss()
      print(
        "artwork memory, 200 \(label) (\(pixels) px) cached: \(statistics.memoryImages) images,"
          + " \(mib(statistics.memoryBytes)) MiB decoded (bound \(mib(bound)) MiB, holds:"
          + " \(statistics.memoryBytes <= bound ? "yes" : "NO")); disk \(mib(statistics.diskBytes)) MiB;"
          + " RSS \(mib(now.current)) MiB, peak \(mib(now.peak)) MiB (goal <= 60) vs"
          + " \(mib(before.current)) MiB before any artwork; \(statistics.downloadsStarted) downloads"
          + " in \(Bench.ms(seconds)) ms")
    }
  }

  /// VmRSS and VmHWM of this process, in bytes.
  private static func rss() -> (current: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return (0, 0)
    }
    func field(_ name: String) -> Int {
      for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
        let digits = line.split(separator: " ").first { Int($0) != nil }
        return (digits.flatMap { Int($0) } ?? 0) * 1024
      }
      return 0
    }
    return (field("VmRSS"), field("VmHWM"))
  }

  private static func mib(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_048_576)
  }
}
