import Dispatch
import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// The command line without a network or a terminal, for `make fuzz`: any argument list runs
/// through the real parser, validation and command code against a client that answers every
/// request with one recorded page, with storage in a private temporary folder.
package enum CLIFuzzing {
  /// Commands that would start something long-lived (a server, mpv, the app) are not run.
  static let skipped: Set<String> = ["replay", "preview", "artwork"]

  /// Runs one command line and returns its exit code (`nil` when it was skipped).
  @discardableResult
  package static func run(_ arguments: [String], page: Data, home: URL) -> Int32? {
    // The app's start runs on the main actor, which this (blocked) thread is.
    guard let first = arguments.first, !skipped.contains(first), !AppCommand.startsApp(arguments)
    else { return nil }
    // Paths that would read forever or reach the kernel's files are left alone.
    guard
      !arguments.contains(where: {
        $0.contains("/dev") || $0.contains("/proc")
          || $0.contains("/sys")
      })
    else { return nil }
    let environment = ["HOME": home.path, "XDG_RUNTIME_DIR": home.path]
    let client = ITunesClient(fetch: { _ in
      CatalogResponse(page: try CatalogPage.decode(page), body: page, source: .network)
    })
    let context = CLIContext(
      environment: environment, writeOut: { _ in }, writeErr: { _ in }, stdoutIsTerminal: false,
      interactive: false, terminalColumns: nil, makeClient: { _, _ in client },
      paths: StoragePaths(environment: environment),
      now: { Date(timeIntervalSince1970: 1_764_000_000) }, readStdin: { Data("1\n2,3\n".utf8) })
    let done = DispatchSemaphore(value: 0)
    let code = Box()
    Task {
      code.value = await TunesCLI.run(arguments, context: context)
      done.signal()
    }
    done.wait()
    return code.value
  }

  private final class Box: @unchecked Sendable {
    var value: Int32 = 0
  }
}
