import Foundation

/// Compares text with a golden file `__Snapshots__/<name>` beside the test target; returns `nil` on a
/// match, else a description. With `RECORD_SNAPSHOTS=1` it (re)writes the file and reports that it did.
public func goldenMismatch(_ actual: String, named name: String, testFile: String = #filePath)
  -> String?
{
  let directory = snapshotDirectory(for: testFile)
  let url = directory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
    } catch {
      return "Could not record golden '\(name)' in \(directory.path): \(error)"
    }
    return "Recorded golden '\(name)'; run again without RECORD_SNAPSHOTS=1."
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    return
      "Missing golden file \(url.path). Run with RECORD_SNAPSHOTS=1 to record it.\nActual:\n\(actual)"
  }
  let expected = String(decoding: data, as: UTF8.self)
  return expected == actual ? nil : lineDifference(file: name, expected: expected, actual: actual)
}
