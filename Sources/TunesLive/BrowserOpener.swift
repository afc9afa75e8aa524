import Foundation

/// Opens links in the person's browser.
package struct BrowserOpener: Sendable {
  /// Opens an http(s) URL; throws ``LiveError`` when it is refused or the opener fails.
  package var open: @Sendable (URL) async throws -> Void

  /// Makes an opener from its closure.
  package init(open: @escaping @Sendable (URL) async throws -> Void) {
    self.open = open
  }

  /// `xdg-open URL`, started with an argument list (never through a shell), its output
  /// discarded so it cannot draw over the screen. The link counts as opened only when the
  /// opener exists and exits 0.
  package static var live: BrowserOpener { command(["xdg-open"]) }

  /// Runs `arguments + [url]` through `/usr/bin/env` and waits for its exit status.
  package static func command(_ arguments: [String]) -> BrowserOpener {
    BrowserOpener { url in
      guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        throw LiveError.linkRefused(url.absoluteString)
      }
      let name = arguments.first ?? "xdg-open"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
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
          continuation.resume(throwing: LiveError.openerMissing(name))
        }
      }
      // env exits 127 when the program is not found, 126 when it cannot run.
      if status == 127 || status == 126 { throw LiveError.openerMissing(name) }
      if status != 0 { throw LiveError.openerFailed(name, status: status) }
    }
  }
}
