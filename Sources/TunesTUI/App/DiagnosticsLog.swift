import Foundation

/// Diagnostics for the terminal app, written only to the file named by `TUNES_LOG` (never to
/// the screen, which the app owns). Without `TUNES_LOG` nothing is written.
public final class DiagnosticsLog: @unchecked Sendable {
  private let handle: FileHandle?
  private let lock = NSLock()
  /// The file, if logging.
  public let path: String?

  /// Opens (appending) the file named by `TUNES_LOG`, creating it; logs nothing when the
  /// variable is unset or the file cannot be opened.
  public init(environment: [String: String]) {
    let path = environment["TUNES_LOG"].flatMap { $0.isEmpty ? nil : $0 }
    self.path = path
    guard let path else {
      handle = nil
      return
    }
    if !FileManager.default.fileExists(atPath: path) {
      FileManager.default.createFile(atPath: path, contents: nil)
    }
    handle = FileHandle(forWritingAtPath: path)
    _ = try? handle?.seekToEnd()
  }

  /// A log that writes nothing.
  public static let disabled = DiagnosticsLog(environment: [:])

  /// Appends one line (with a UTC timestamp).
  public func log(_ message: @autoclosure () -> String) {
    guard let handle else { return }
    let line = "\(Date().ISO8601Format()) \(message())\n"
    lock.lock()
    defer { lock.unlock() }
    try? handle.write(contentsOf: Data(line.utf8))
  }
}
