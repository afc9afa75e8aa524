import Foundation
import ITunesCatalog
import TunesLive
import TunesStorage

/// Records submitted searches in the history, unless the config file turns history off.
enum HistoryRecorder {
  /// Records `query` with its filters; storage problems become a note on stderr, never a failure.
  static func record(_ query: SearchQuery, context: CLIContext) {
    let reading = ConfigFile.read(from: context.paths.configFile)
    for problem in reading.problems { context.err("tunes: note: config: " + problem.message) }
    guard reading.config.recordsHistory else { return }
    do {
      let database = try context.database(writable: true)
      if let recovery = database.recovery { context.err("tunes: " + recovery.message) }
      do {
        _ = try database.history.record(query: query.term, filters: filters(of: query))
      } catch {
        if let recovery = database.keepAsideIfDamaged(error, at: context.now()) {
          context.err("tunes: note: the search was not saved in the history: " + recovery.message)
          return
        }
        throw error
      }
    } catch {
      context.err(
        "tunes: note: the search was not saved in the history: \(NetworkOptions.describe(error))")
    }
  }

  /// The filters a search ran with, as history stores them (the one codec; never the country).
  static func filters(of query: SearchQuery) -> [String: String] {
    query.historyFields
  }
}
