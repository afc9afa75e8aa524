import Foundation
import TestSupport

/// Finds the built `tunes` executable the end-to-end tests run.
///
/// Order: `TUNES_BINARY` from the environment; `tunes` beside the test bundle (SwiftPM puts both in
/// `.build/<triple>/debug/`); then `.build/debug/tunes` in the package. `swift build --build-tests`
/// (what `make test` runs first) builds it.
enum TunesBinary {
  /// Why the binary could not be found.
  struct Missing: Error, CustomStringConvertible {
    var looked: [String]
    var description: String {
      "The tunes binary was not found (looked at \(looked.joined(separator: ", "))). "
        + "Build it first with `swift build --build-tests`, or set TUNES_BINARY."
    }
  }

  /// The executable, or `Missing` naming every place looked at.
  static func locate() throws(Missing) -> URL {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["TUNES_BINARY"], !path.isEmpty {
      candidates.append(URL(fileURLWithPath: path))
    }
    if let bundle = Bundle.main.executableURL {
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("tunes"))
    }
    if let first = CommandLine.arguments.first, first.contains("/") {
      let runner = URL(fileURLWithPath: first).standardizedFileURL
      candidates.append(runner.deletingLastPathComponent().appendingPathComponent("tunes"))
    }
    for test in Bundle.allBundles.map(\.bundleURL) {
      candidates.append(test.deletingLastPathComponent().appendingPathComponent("tunes"))
    }
    candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/tunes"))
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }
    ) {
      return found
    }
    throw Missing(looked: candidates.map(\.path))
  }

  /// The located executable, found once per test run.
  static let located: Result<URL, Missing> = Result { () throws(Missing) -> URL in try locate() }
}
