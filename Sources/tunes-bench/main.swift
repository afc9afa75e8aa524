// Benchmarks for `make bench`: printed figures, never asserted. Each figure is reported next to a
// baseline measured in the same run, as a ratio.
import Foundation
import ITunesCatalog
import ITunesClient
import ITunesReplay
import TunesLive
import TunesStorage
import TunesTUI

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data("usage: tunes-bench BENCH_DIR | tunes-bench artwork-memory REPLAY_BASE_URL\n".utf8))
  exit(64)
}
// Memory with 200 artworks cached, in a process of its own (bench/run.sh passes the replay server).
if arguments[1] == "artwork-memory", arguments.count >= 3 {
  await ArtworkBench.memory(base: arguments[2])
  exit(0)
}
// The bare player, driven by bench/queue.py on standard input (the queue figures' baselines).
if arguments[1] == "player-baseline" {
  await PlayerBaseline.run(options: Array(arguments.dropFirst(2)))
  exit(0)
}
// From Enter until every visible tile shows its artwork, through the program loop.
if arguments[1] == "artwork-screen", arguments.count >= 3 {
  await ArtworkScreenBench.run(base: arguments[2])
  exit(0)
}
let benchDirectory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let cores = ProcessInfo.processInfo.activeProcessorCount
print("machine: \(cores) cores")

// MARK: Decode

let body = try Data(contentsOf: benchDirectory.appendingPathComponent("search-200.json"))
// Interleaved rounds (Swift in-process, then Python in its own process, on the same bytes) so both
// see the same machine load; the figure is the median over all rounds.
let runs = 40
let rounds = 5
var decodeTimes: [Double] = []
var pythonTimes: [Double] = []
var foundationTimes: [Double] = []
for _ in 0..<rounds {
  decodeTimes.append(
    Bench.median(runs: runs) {
      let page = try CatalogPage.decode(body)
      guard page.items.count == 200 else {
        throw BenchError.unexpected("decoded \(page.items.count)")
      }
    })
  foundationTimes.append(
    Bench.median(runs: runs) { _ = try JSONSerialization.jsonObject(with: body) })
  if let python = Bench.python(
    body: benchDirectory.appendingPathComponent("search-200.json"), runs: runs)
  {
    pythonTimes.append(python)
  }
}
let decodeMedian = Bench.middle(decodeTimes)
let foundationMedian = Bench.middle(foundationTimes)
let pythonMedian: Double? = pythonTimes.isEmpty ? nil : Bench.middle(pythonTimes)
print(
  "decode 200 results (\(body.count) bytes), median of \(rounds) interleaved rounds of \(runs):"
    + " tunes \(Bench.ms(decodeMedian)) ms; Python json.loads \(pythonMedian.map(Bench.ms) ?? "n/a") ms;"
    + " Foundation JSONSerialization \(Bench.ms(foundationMedian)) ms")
if let pythonMedian {
  print("  ratio to Python json.loads: \(Bench.ratio(decodeMedian, pythonMedian)) (goal <= 1.0)")
}

// MARK: Cache hit vs fetch from the replay server

let server = try ReplayServer(directory: benchDirectory, log: ReplayServer.silentLog)
try server.start()
let configuration = try ClientConfiguration.resolve(
  apiBase: server.baseURL.absoluteString, environment: [:])
let unlimited = RateLimiter(
  limit: RateLimit(requests: 1_000_000, period: .seconds(1)), clock: .live)
let network = ITunesClient.live(configuration: configuration, limiter: unlimited)
let query = try SearchQuery(term: "bench", limit: 200)
let fetchRuns = 50
let fetchMedian = try await Bench.medianAsync(runs: fetchRuns) {
  _ = try await network.search(query)
}
let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
  "tunes-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: temporary) }
let paths = StoragePaths(environment: ["HOME": temporary.path])
let cacheStore = try DiskResponseCache.open(paths: paths)
let hook = ResponseCacheBridge.hook(cacheStore, origin: configuration.baseURL)
let cached = network.caching(store: hook, policy: ResponseCachePolicy())
_ = try await cached.search(query)  // fill
let before = server.requestCount
let hitMedian = try await Bench.medianAsync(runs: fetchRuns) {
  let response = try await cached.search(query)
  guard response.isFromCache else { throw BenchError.unexpected("cache miss") }
}
server.stop()
print(
  "cache hit, 200-result response: \(Bench.ms(hitMedian)) ms vs fetch from the replay server"
    + " \(Bench.ms(fetchMedian)) ms (median of \(fetchRuns)); ratio \(Bench.ratio(hitMedian, fetchMedian));"
    + " requests reaching the server during hits: \(server.requestCount - before)")

// MARK: Terminal app rendering

RenderBench.run(items: try CatalogPage.decode(body).items)
RenderBench.run(items: try CatalogPage.decode(body).items, artwork: true)

// MARK: Artwork

ArtworkBench.decode()

// MARK: Previews

await PlaybackBench.run(work: benchDirectory)
