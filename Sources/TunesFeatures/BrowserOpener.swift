import Foundation

/// Opens links in the desktop browser with `xdg-open`, run directly with an argument list (never
/// through a shell), its output discarded so it cannot draw over the terminal app.
public enum BrowserOpener {
  /// Why a link could not be opened.
  public enum Failure: Error, Equatable, LocalizedError {
    /// The URL is not http or https.
    case refused(String)
    /// The opener could not be started (not installed).
    case cannotStart(String)
    /// The opener exited with a non-zero status.
    case failed(status: Int32)

    /// What happened.
    public var errorDescription: String? {
      switch self {
      case .refused(let url): return "Refused to open \(url): only http and https links are opened."
      case .cannotStart(let reason): return "xdg-open could not be started (\(reason))."
      case .failed(let status): return "xdg-open failed with status \(status)."
      }
    }

    /// What to do.
    public var recoverySuggestion: String? {
      "Install xdg-utils, or copy the link from the detail screen."
    }
  }

  #if os(Linux) || os(macOS)
    /// The live `openURL` dependency: `xdg-open URL` found on `PATH`.
    public static let live: @Sendable (URL) async throws -> Void = { url in
      try await open(url, executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["xdg-open"])
    }

    /// Runs `executable arguments… url` without a shell and waits for it to exit.
    ///
    /// - Throws: `Failure.refused` for a URL that is not http(s) (checked again here, whatever the
    ///   caller did), `.cannotStart` when the program cannot run, `.failed` for a non-zero exit.
    public static func open(_ url: URL, executable: URL, arguments: [String] = []) async throws {
      guard LinkPolicy.isOpenable(url) else { throw Failure.refused(url.absoluteString) }
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments + [url.absoluteString]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { finished in
          continuation.resume(returning: finished.terminationStatus)
        }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          continuation.resume(throwing: Failure.cannotStart(error.localizedDescription))
        }
      }
      guard status == 0 else { throw Failure.failed(status: status) }
    }
  #endif
}
