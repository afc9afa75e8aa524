import Foundation
import ITunesClient
import TerminalPOSIX
import TerminalUI
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal app's entry point for the `tunes` executable.
public enum TunesApp {
  /// Exit code for a bad `--api-base` or `--timeout` (EX_USAGE).
  public static let usageExitCode: Int32 = 64

  /// Builds the live dependencies, takes over the terminal (raw mode, alternate screen,
  /// mouse, bracketed paste, capability probe), runs until the person quits, and gives the
  /// terminal back on every path.
  ///
  /// - Parameters:
  ///   - environment: the process environment (`TUNES_API_BASE`, `TUNES_LOG`, `XDG_*`,
  ///     `TERM`, `COLORTERM`, `NO_COLOR` …).
  ///   - apiBase: `--api-base`, overriding `TUNES_API_BASE`.
  ///   - timeout: `--timeout SECONDS`, as typed.
  ///   - cacheMode: `.normal`, `.offline` (`--offline`) or `.disabled` (`--no-cache`).
  /// - Returns: 0 after `q` or Ctrl-C; 1 when there is no terminal or it cannot be set up;
  ///   64 for a bad base URL or timeout. SIGINT, SIGTERM and SIGHUP restore the terminal and
  ///   end the process with 128 + n (TerminalPOSIX re-raises them). Problems go to stderr
  ///   before the screen is taken, to the `TUNES_LOG` file after.
  @MainActor
  public static func run(
    environment: [String: String], apiBase: String? = nil, timeout: String? = nil,
    cacheMode: ResponseCachePolicy.Mode = .normal
  ) async -> Int32 {
    let configuration: ClientConfiguration
    do {
      configuration = try ClientConfiguration.resolve(
        apiBase: apiBase, timeout: timeout, environment: environment)
    } catch {
      report(error)
      return usageExitCode
    }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      report(TUIError.notATerminal)
      return 1
    }
    let log = Log(environment: environment)
    let host: TerminalHost
    do {
      host = try TerminalHost.start(environment: environment)
    } catch {
      report(error)
      return 1
    }
    defer { host.stop() }
    let (dependencies, problem) = LiveDependencies.make(
      configuration: configuration, paths: StoragePaths(environment: environment),
      cacheMode: cacheMode, log: log)
    log.log("api base \(configuration.baseURL.absoluteString)")
    let loop = ProgramLoop(
      terminal: .live(host), dependencies: dependencies,
      colorDepth: colorDepth(host.capabilities.colorDepth),
      synchronizedOutput: host.capabilities.synchronizedOutput == .yes, log: log,
      storageProblem: problem, terminalName: environment["TERM"] ?? "unknown")
    return await loop.run()
  }

  /// The renderer's colour depth for the probed one.
  static func colorDepth(_ depth: TerminalCapabilities.ColorDepth) -> ColorDepth {
    switch depth {
    case .none: return .none
    case .ansi16: return .ansi16
    case .ansi256: return .ansi256
    case .truecolor: return .truecolor
    }
  }

  private static func report(_ error: any Error) {
    var text = "tunes: \(error.localizedDescription)\n"
    if let suggestion = (error as? LocalizedError)?.recoverySuggestion {
      text += "  \(suggestion)\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
  }
}
