import Foundation
import ITunesCatalog
import TerminalUI
import TunesFeatures
import TunesTUI

#if canImport(Glibc)
  import Glibc
#endif

/// Rendering figures for the terminal app: the real search screen (`AppScreen.render` from
/// TunesTUI) plus `DiffRenderer`, frame by frame while the selection scrolls through 200
/// results at 200×60, as the program loop does it (the scroll offset each frame returns is
/// fed into the next state).
enum RenderBench {
  static let columns = 200
  static let rows = 60
  /// Passes down and up the results; `TUNES_BENCH_RENDER_PASSES` lowers it for profiling under
  /// callgrind.
  static let passes =
    ProcessInfo.processInfo.environment["TUNES_BENCH_RENDER_PASSES"].flatMap { Int($0) }.map {
      max(1, $0)
    } ?? 10

  /// Prints: per-frame time (render + diff) median and p99, the render/diff split, and bytes
  /// written per scroll step against a full redraw of the same frame.
  /// With `artwork`, every tile's artwork is ready (as once it has arrived), so each frame asks
  /// for and places the artwork of every visible tile and the next screenful.
  static func run(items: [CatalogItem], artwork: Bool = false) {
    var state = AppState(viewport: Viewport(columns: columns, rows: rows))
    if artwork {
      state.artwork = ArtworkState(enabled: true)
      for item in items {
        guard let url = item.artworkText else { continue }
        for size in ArtworkState.sizes {
          state.artwork.statuses[ArtworkNeed(url: url, pixels: size).key] = .ready
        }
      }
    }
    state.search = SearchState(
      query: "bench", focus: .results,
      submitted: SubmittedSearch(term: "bench", filters: SearchFilters(), limit: items.count),
      results: .loaded(items), source: .network, reachedMaximum: items.count >= 200)
    // The reducer moves the selection and keeps it in view, as in the app.
    let reducer = AppFeature(dependencies: .test)
    let depth = ColorDepth.truecolor
    var renderer = DiffRenderer(colorDepth: depth)
    let first = AppScreen.render(state)
    state.metrics = first.metrics
    var previous = first.buffer
    _ = renderer.render(previous: nil, next: previous)

    // One step = one row down, to the end and back.
    let rowCount = (items.count + state.columns - 1) / max(1, state.columns)
    var moves: [MoveDirection] = []
    for _ in 0..<passes {
      moves += Array(repeating: .down, count: max(0, rowCount - 1))
      moves += Array(repeating: .up, count: max(0, rowCount - 1))
    }
    let selections = moves
    var frameTimes: [Double] = []
    var renderTimes: [Double] = []
    var diffTimes: [Double] = []
    var stepBytes: [Double] = []
    var fullBytes: [Double] = []
    var fullDiffTimes: [Double] = []
    var cpuTimes: [Double] = []
    var scrolledRatios: [Double] = []
    var highlightRatios: [Double] = []
    frameTimes.reserveCapacity(selections.count)
    for move in moves {
      let offsetBefore = state.search.resultsOffset
      _ = reducer.reduce(into: &state, action: .search(.selectionMoved(move)))
      let cpuStart = threadCPUMicroseconds()
      let start = DispatchTime.now().uptimeNanoseconds
      let frame = AppScreen.render(state)
      let rendered = DispatchTime.now().uptimeNanoseconds
      let bytes = renderer.render(previous: previous, next: frame.buffer, cursor: frame.cursor)
      let end = DispatchTime.now().uptimeNanoseconds
      cpuTimes.append(threadCPUMicroseconds() - cpuStart)
      frameTimes.append(Double(end - start) / 1e3)
      renderTimes.append(Double(rendered - start) / 1e3)
      diffTimes.append(Double(end - rendered) / 1e3)
      let scrolled = state.search.resultsOffset != offsetBefore
      var fresh = DiffRenderer(colorDepth: depth)
      let fullStart = DispatchTime.now().uptimeNanoseconds
      let full = fresh.render(previous: nil, next: frame.buffer, cursor: frame.cursor)
      fullDiffTimes.append(Double(DispatchTime.now().uptimeNanoseconds - fullStart) / 1e3)
      stepBytes.append(Double(bytes.count))
      fullBytes.append(Double(full.count))
      let ratio = Double(bytes.count) / Double(max(1, full.count))
      if scrolled { scrolledRatios.append(ratio) } else { highlightRatios.append(ratio) }
      previous = frame.buffer
    }
    let ratios = scrolledRatios + highlightRatios
    let meanStep = stepBytes.reduce(0, +) / Double(max(1, stepBytes.count))
    let meanFull = fullBytes.reduce(0, +) / Double(max(1, fullBytes.count))
    print(
      "TUI render + diff per frame, real search screen (TunesTUI AppScreen.render), \(items.count)"
        + " results\(artwork ? " with artwork ready on every tile" : ""), \(columns)x\(rows), \(selections.count) scroll steps (\(passes) passes down"
        + " and up, \(scrolledRatios.count) of them moved the grid):"
        + " median \(us(Bench.middle(frameTimes))) µs, p99 \(us(Bench.percentile(frameTimes, 0.99)))"
        + " µs, max \(us(frameTimes.max() ?? 0)) µs (goal p99 <= 2000 µs)")
    print(
      "  same frames in this thread's CPU time (excludes time the machine gave to others; load"
        + " \(loadAverage())): median \(us(Bench.middle(cpuTimes))) µs, p99"
        + " \(us(Bench.percentile(cpuTimes, 0.99))) µs")
    print(
      "  split: render median \(us(Bench.middle(renderTimes))) µs / p99"
        + " \(us(Bench.percentile(renderTimes, 0.99))) µs; diff median"
        + " \(us(Bench.middle(diffTimes))) µs / p99 \(us(Bench.percentile(diffTimes, 0.99))) µs;"
        + " baseline: a full-redraw diff of the same frames median"
        + " \(us(Bench.middle(fullDiffTimes))) µs")
    print(
      "  bytes per scroll step (\(depth)): mean \(Int(meanStep.rounded())), median"
        + " \(Int(Bench.middle(stepBytes))), max \(Int(stepBytes.max() ?? 0)) vs full redraw mean"
        + " \(Int(meanFull.rounded())); ratio to a full redraw: mean"
        + " \(String(format: "%.3f", meanStep / max(1, meanFull))), median"
        + " \(String(format: "%.3f", Bench.middle(ratios))), max"
        + " \(String(format: "%.3f", ratios.max() ?? 0)); steps that moved the grid median"
        + " \(String(format: "%.3f", Bench.middle(scrolledRatios))), steps that only moved the"
        + " highlight median \(String(format: "%.3f", Bench.middle(highlightRatios)))")
  }

  /// CPU time used by the calling thread, in µs (jiffy-free: CLOCK_THREAD_CPUTIME_ID).
  private static func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }

  /// The 1-minute load average, from /proc/loadavg.
  private static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    return String(text.split(separator: " ").first ?? "?")
  }

  private static func us(_ value: Double) -> String { String(format: "%.1f", value) }
}
