import Foundation
import ITunesClient

#if canImport(Glibc)
  import Glibc
#endif

/// The `tunes` command line: argument parsing, subcommands, formatters, exit codes.
public enum TunesCLI {
  /// The commands, for help and typo suggestions.
  static let commands = ["search", "lookup", "history", "favorites", "replay", "doctor", "help"]

  /// Runs the command line with the process's arguments and exits with its code.
  public static func main() -> Never {
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let context = CLIContext.live()
    let code = runBlocking { await run(arguments, context: context) }
    exit(code)
  }

  /// Runs one command line in-process and returns its exit code (used by `main` and by tests).
  static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
    do {
      return try await dispatch(arguments, context: context)
    } catch {
      context.err(error.message)
      return error.exitCode
    }
  }

  private static func dispatch(_ arguments: [String], context: CLIContext) async throws(CLIError)
    -> Int32
  {
    guard let first = arguments.first else {
      if context.interactive, let app = AppLauncher.launch {
        return await app(context.environment, nil, nil)
      }
      context.out(HelpText.main)
      return ExitCode.success
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "search": return try await SearchCommand.run(rest, context: context)
    case "lookup": return try await LookupCommand.run(rest, context: context)
    case "history": return try HistoryCommand.run(rest, context: context)
    case "favorites", "favourites": return try await FavoritesCommand.run(rest, context: context)
    case "replay": return try ReplayCommand.run(rest, context: context)
    case "doctor": return try DoctorCommand.run(rest, context: context)
    case "help", "--help", "-h":
      context.out(HelpText.forCommand(rest.first))
      return ExitCode.success
    case "--version", "-V", "version":
      context.out("tunes \(ITunesClient.version)\n")
      return ExitCode.success
    case "--api-base", "--timeout":
      // Global options before the app: `tunes --api-base URL` opens the app against that server.
      guard rest.count >= 1 else { throw .usage("\(first) needs a value.", command: "") }
      if context.interactive, let app = AppLauncher.launch {
        let base = first == "--api-base" ? rest[0] : nil
        let timeout = first == "--timeout" ? rest[0] : nil
        return await app(context.environment, base, timeout)
      }
      throw .usage("\(first) goes after a command, e.g. tunes search x \(first) …", command: "")
    default:
      var message = "Unknown command \"\(first)\"."
      if let near = Suggest.nearest(first, in: commands) { message += " Did you mean \"\(near)\"?" }
      throw .usage(message, command: "")
    }
  }

  /// Runs async work to completion from synchronous `main`.
  private static func runBlocking(_ work: @escaping @Sendable () async -> Int32) -> Int32 {
    let box = ResultBox()
    let semaphore = DispatchSemaphore(value: 0)
    Task.detached {
      box.value = await work()
      semaphore.signal()
    }
    semaphore.wait()
    return box.value
  }
}

private final class ResultBox: @unchecked Sendable {
  var value: Int32 = 0
}

/// How the CLI opens the terminal app (set by the wiring once the app exists).
enum AppLauncher {
  /// `(environment, apiBase, timeout) -> exit code`; `nil` while the app is not linked.
  nonisolated(unsafe) static var launch:
    (@Sendable ([String: String], String?, String?) async -> Int32)? =
      nil
}

/// `tunes doctor`: what tunes sees of this terminal and where it keeps its files.
enum DoctorCommand {
  static func run(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      context.out(HelpText.doctor)
      return ExitCode.success
    }
    let environment = context.environment
    var lines = [
      "terminal: \(environment["TERM"] ?? "(TERM not set)")",
      "size: \(context.terminalColumns.map(String.init) ?? "?") columns",
      "colour: \(context.color ? (environment["COLORTERM"] ?? "16 or 256 colours") : "off (not a terminal or NO_COLOR)")",
      "data: \(context.paths.databaseFile.path)",
      "cache: \(context.paths.responseCacheFile.path)",
      "config: \(context.paths.configFile.path)",
      "log: \(environment["TUNES_LOG"].map { $0.isEmpty ? "(off)" : $0 } ?? "(off: set TUNES_LOG=FILE)")",
    ]
    lines.insert("api: \(environment["TUNES_API_BASE"] ?? "https://itunes.apple.com")", at: 0)
    context.out(lines.joined(separator: "\n") + "\n")
    return ExitCode.success
  }
}
