import Foundation

/// The config reader and writer for `make fuzz` (the `config` target, through `CLIFuzzing`).
package enum ConfigFuzzing {
  /// `config.json` holding the fuzzer's bytes, read, then saved and read again: reading never
  /// fails, a save keeps every readable key and leaves a plain file with no problem, and a file
  /// that was not plain JSON is kept as `.bak` byte for byte. Returns what broke, or `nil`.
  package static func run(_ bytes: [UInt8], home: URL) -> String? {
    let url = home.appendingPathComponent("fuzz-config.json")
    let backup = URL(fileURLWithPath: url.path + ".bak")
    try? FileManager.default.removeItem(at: backup)
    guard (try? Data(bytes).write(to: url)) != nil else { return nil }
    let first = ConfigFile.read(from: url)
    if first.problems.contains(where: { $0.file != url.path }) {
      return "a problem names another file"
    }
    if first.config.recordsHistory, first.problems.contains(where: { $0.key == nil }) {
      return "an unreadable file left history on"
    }
    var filters = first.config.filters
    filters.limit = 25
    do {
      try ConfigFile.save(filters, to: url)
    } catch {
      return "save failed: \(error)"
    }
    let second = ConfigFile.read(from: url)
    if !second.problems.filter({ $0.key == nil }).isEmpty {
      return "a save left an unreadable file"
    }
    if second.config.filters != filters { return "the saved filters do not read back" }
    if first.problems.isEmpty, second.config.recordsHistory != first.config.recordsHistory {
      return "a save changed the history setting"
    }
    if first.exists, !first.rewritable {
      guard let kept = FileManager.default.contents(atPath: backup.path), [UInt8](kept) == bytes
      else { return "a file that was not plain JSON was not backed up as it was" }
    }
    return nil
  }
}
