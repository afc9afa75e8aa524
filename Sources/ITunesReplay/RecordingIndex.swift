import Foundation

/// Reads a recordings directory's `index.tsv` (columns file, status, request, then free text).
enum RecordingIndex {
  /// One servable row.
  struct Entry: Sendable {
    /// 1-based line number in `index.tsv`.
    let line: Int
    /// The request the row answers, as written.
    let request: String
    /// The stored answer.
    let response: ReplayResponse
  }

  /// Loads every row whose status is a number, with its file's bytes.
  ///
  /// Rows whose status is not a number (such as `-`) are skipped; blank lines are ignored.
  static func load(directory: URL) throws -> [Entry] {
    let indexURL = directory.appendingPathComponent("index.tsv")
    guard FileManager.default.fileExists(atPath: indexURL.path) else {
      throw ReplayError.indexMissing(indexURL)
    }
    let data: Data
    do {
      data = try Data(contentsOf: indexURL)
    } catch {
      throw ReplayError.indexMalformed(file: indexURL, line: 0, reason: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReplayError.indexMalformed(file: indexURL, line: 0, reason: "is not UTF-8 text")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    try checkHeader(lines.first, indexURL: indexURL)
    var entries: [Entry] = []
    for (offset, rawLine) in lines.enumerated().dropFirst() {
      let lineNumber = offset + 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.allSatisfy({ $0.isWhitespace }) { continue }
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 3 else {
        throw ReplayError.indexMalformed(
          file: indexURL, line: lineNumber,
          reason:
            "expected at least 3 tab-separated columns (file, status, request), found \(columns.count)"
        )
      }
      let file = String(columns[0]).trimmingCharacters(in: .whitespaces)
      // The request may be followed by a note, "/api/v2/…/songs.json (host rss…)": a request
      // target never holds a raw space, so the first word is the request.
      let request = String(
        columns[2].trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
      guard let status = Int(columns[1].trimmingCharacters(in: .whitespaces)) else { continue }
      guard (100...599).contains(status) else {
        throw ReplayError.indexMalformed(
          file: indexURL, line: lineNumber, reason: "status \(status) is not an HTTP status code")
      }
      guard request.hasPrefix("/") else {
        throw ReplayError.indexMalformed(
          file: indexURL, line: lineNumber,
          reason: "request '\(request)' does not start with '/'")
      }
      guard !file.isEmpty,
        let body = try? Data(contentsOf: directory.appendingPathComponent(file))
      else {
        throw ReplayError.recordingMissing(index: indexURL, line: lineNumber, file: file)
      }
      let response = ReplayResponse(status: status, body: body)
      entries.append(Entry(line: lineNumber, request: request, response: response))
    }
    return entries
  }

  private static func checkHeader(_ header: Substring?, indexURL: URL) throws {
    let columns = (header ?? "").split(separator: "\t").prefix(3).map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
    guard columns == ["file", "status", "request"] else {
      throw ReplayError.indexMalformed(
        file: indexURL, line: 1, reason: "expected the header 'file<TAB>status<TAB>request'")
    }
  }
}
