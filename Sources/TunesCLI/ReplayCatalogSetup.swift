import Foundation
import ITunesCatalog
import ITunesReplay

/// What `tunes replay` serves: the exact recordings of DIR (when it has an `index.tsv`), and with
/// `--catalog` a catalogue made of them; with `--demo`, the built-in demo catalogue.
enum ReplayCatalogSetup {
  /// The server, not started. Notes on files `--catalog` skipped go to stderr.
  static func server(
    directory: URL?, catalog: Bool, demo: Bool, port: UInt16, log: @escaping ReplayServer.LogSink,
    context: CLIContext
  ) throws -> ReplayServer {
    guard let directory, !demo else {
      return try ReplayServer(directories: [], port: port, log: log)
    }
    let index = directory.appendingPathComponent("index.tsv")
    let hasIndex = FileManager.default.fileExists(atPath: index.path)
    let hasJSON =
      (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.contains {
        $0.lowercased().hasSuffix(".json")
      } ?? false
    // Nothing to serve: neither recorded requests nor answers to make a catalogue of.
    guard hasIndex || hasJSON else { throw ReplayError.indexMissing(index) }
    let server =
      catalog && !hasIndex
      ? try ReplayServer(directories: [], port: port, log: log)
      : try ReplayServer(directory: directory, port: port, log: log)
    if catalog {
      let engine = try RecordingCatalogue.load(directory: directory)
      for note in engine.notes { context.err("replay: note: \(note)") }
      context.err(
        "replay: catalogue of \(Plural.count(engine.records.count, "item")) from \(directory.path)"
          + (hasIndex ? "" : " (no index.tsv: every .json file)"))
      server.serve(catalogue: engine)
    }
    return server
  }
}
