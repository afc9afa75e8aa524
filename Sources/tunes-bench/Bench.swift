import Foundation
import ITunesClient
import TunesStorage

enum BenchError: Error {
  case unexpected(String)
}

/// Timing helpers: medians of wall-clock durations.
enum Bench {
  static func median(runs: Int, _ body: () throws -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      do { try body() } catch { fail(error) }
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return middle(times)
  }

  static func medianAsync(runs: Int, _ body: () async throws -> Void) async throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try await body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return middle(times)
  }

  static func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
  }

  /// Python's json.loads on the same file, through bench/python-decode.py; seconds.
  static func python(body: URL, runs: Int) -> Double? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../bench/python-decode.py").standardized
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, body.path, String(runs)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return Double(text).map { $0 / 1000 }
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }
  static func ratio(_ a: Double, _ b: Double) -> String {
    b > 0 ? String(format: "%.2f", a / b) : "n/a"
  }

  static func fail(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("tunes-bench: \(error)\n".utf8))
    exit(1)
  }
}
