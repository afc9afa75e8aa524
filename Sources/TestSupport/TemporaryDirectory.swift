import Foundation

/// A fresh, uniquely named directory below the system's temporary directory, for one test.
///
/// ```swift
/// let directory = try TemporaryDirectory(prefix: "e2e")
/// defer { directory.remove() }
/// let file = directory.url.appendingPathComponent("data.json")
/// ```
///
/// The directory is not removed automatically: call ``remove()`` when the test ends (a `defer`),
/// so a failing test can keep its files by skipping the call while being debugged.
public struct TemporaryDirectory: Sendable {
  /// The directory's location (it exists once the initializer returns).
  public let url: URL

  /// The directory's path.
  public var path: String { url.path }

  /// Creates a new empty directory named `PREFIX-UUID` in `FileManager.default.temporaryDirectory`.
  ///
  /// - Throws: the file system's error when the directory cannot be created.
  public init(prefix: String = "tunes-test") throws {
    let name = "\(prefix)-\(UUID().uuidString)"
    url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The URL of `relativePath` inside the directory (nothing is created).
  public func appending(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  /// Creates (if needed) and returns the subdirectory `relativePath`.
  ///
  /// - Throws: the file system's error when it cannot be created.
  @discardableResult
  public func subdirectory(_ relativePath: String) throws -> URL {
    let directory = url.appendingPathComponent(relativePath, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Deletes the directory and everything in it; failures (already gone) are ignored.
  ///
  /// Permissions a test removed are restored first, so read-only subdirectories are deleted too.
  public func remove() {
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      for case let relative as String in enumerator {
        _ = try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: url.appendingPathComponent(relative).path)
      }
    }
    try? FileManager.default.removeItem(at: url)
  }
}
