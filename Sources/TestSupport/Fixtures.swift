import Foundation

/// Paths to test fixtures: the shared recorded iTunes responses and the project's own.
public enum Fixtures {
  /// The package root (the folder holding `Package.swift`).
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    // Sources/TestSupport/Fixtures.swift -> package root
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// `../shared/fixtures/itunes/` beside the checkout (override with `TUNES_SHARED_FIXTURES`).
  public static let sharedITunes: URL = {
    if let override = ProcessInfo.processInfo.environment["TUNES_SHARED_FIXTURES"] {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    return packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures/itunes", isDirectory: true)
  }()

  /// The project's own small fixtures, `Tests/Fixtures/`.
  public static let own: URL = packageRoot.appendingPathComponent(
    "Tests/Fixtures", isDirectory: true)

  /// The bytes of a shared recorded response, by file name.
  public static func shared(_ name: String) throws -> Data {
    try Data(contentsOf: sharedITunes.appendingPathComponent(name))
  }

  /// The bytes of one of the project's own fixtures, by path below `Tests/Fixtures/`.
  public static func ownFile(_ path: String) throws -> Data {
    try Data(contentsOf: own.appendingPathComponent(path))
  }
}
