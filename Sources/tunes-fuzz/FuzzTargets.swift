import Foundation
import ITunesCatalog
import ITunesReplay
import TerminalUI
import TunesCLI
import TunesMCP

/// Every fuzz target, by the name `make fuzz` runs it under (`TUNES_FUZZ_TARGET`). Adding a
/// target is one line here; `make fuzz` finds it by asking the binary for the list.
///
/// A target gets the fuzzer's bytes and returns what broke, or `nil`; a crash or a non-`nil`
/// answer stops the fuzzer with the input saved.
let fuzzTargets: [(name: String, run: @Sendable ([UInt8]) -> String?)] = [
  ("json", CatalogFuzzing.jsonRoundTrip),
  ("catalog", CatalogFuzzing.catalogDecoding),
  ("input", InputFuzzing.feed),
  (
    "replay-request",
    { ReplayFuzzing.handle($0, chunk: Int($0.first ?? 1) % 64 + 1) > -1 ? nil : "" }
  ),
  ("arguments", fuzzArguments),
  ("images", fuzzImages),
  ("mcp-messages", MCPFuzzing.messages),
  ("config", { CLIFuzzing.config($0, home: FuzzFixtures.home) }),
  ("csv", CLIFuzzing.delimited),
]

/// Arguments are the bytes split at NUL (as a kernel passes them to a process).
func fuzzArguments(_ bytes: [UInt8]) -> String? {
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  CLIFuzzing.run(arguments, page: FuzzFixtures.page, home: FuzzFixtures.home)
  return nil
}

/// What the argument target needs once per process.
enum FuzzFixtures {
  /// A small page every request is answered with.
  static let page = Data(
    #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"T","artistName":"A","trackPrice":1.29,"currency":"USD"}]}"#
      .utf8)
  /// A private HOME for the commands' files.
  static let home: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-fuzz-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()
}
