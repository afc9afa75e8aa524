import Foundation
import ITunesClient
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal app's entry point for the `tunes` executable.
public enum TunesApp {
  /// Exit code for a bad `--api-base` or `--timeout` (EX_USAGE).
  public static let usageExitCode: Int32 = 64

  /// Builds the live dependencies, takes over the terminal, runs until the person quits, and
  /// gives the terminal back on every path.
  ///
  /// - Parameters:
  ///   - environment: the process environment (`TUNES_API_BASE`, `TUNES_LOG`, `XDG_*`,
  ///     `TERM`, `COLORTERM`, `NO_COLOR` …).
  ///   - apiBase: `--api-base`, overriding `TUNES_API_BASE`.
  ///   - timeout: `--timeout SECONDS`, as typed.
  /// - Returns: 0 after `q` or Ctrl-C; 128 + n after signal n; 1 when there is no terminal;
  ///   64 for a bad base URL or timeout. Problems go to stderr (before the screen is taken)
  ///   or to the `TUNES_LOG` file (after).
  @MainActor
  public static func run(
    environment: [String: String], apiBase: String? = nil, timeout: String? = nil
  ) async -> Int32 {
    let log = DiagnosticsLog(environment: environment)
    let configuration: ClientConfiguration
    do {
      configuration = try ClientConfiguration.resolve(
        apiBase: apiBase, timeout: timeout, environment: environment)
    } catch {
      report(error)
      return usageExitCode
    }
    let session: TerminalSession
    do {
      session = try TerminalSession()
    } catch {
      report(error)
      return 1
    }
    defer { session.restore() }
    let paths = StoragePaths(environment: environment)
    let (dependencies, problem) = LiveDependencies.make(
      configuration: configuration, paths: paths, log: log)
    log.log("api base \(configuration.baseURL.absoluteString)")
    let loop = ProgramLoop(
      terminal: session.io, dependencies: dependencies,
      capabilities: TerminalCapabilities.detect(environment: environment), log: log,
      storageProblem: problem)
    let code = await loop.run()
    session.restore()
    return code
  }

  private static func report(_ error: any Error) {
    var text = "tunes: \(error.localizedDescription)\n"
    if let suggestion = (error as? LocalizedError)?.recoverySuggestion {
      text += "  \(suggestion)\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
  }
}
