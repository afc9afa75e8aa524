import Foundation
import ITunesClient
import TerminalPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The `tunes` command line: argument parsing, subcommands, formatters, exit codes.
public enum TunesCLI {
  /// The commands, for help and typo suggestions.
  static let commands = ["search", "lookup", "history", "favorites", "replay", "doctor", "help"]

  /// Runs the command line with the process's arguments and exits with its code. Called from the
  /// executable's top-level code, so the main actor (which the terminal app runs on) is the main thread.
  @MainActor
  public static func main() async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let context = CLIContext.live()
    if context.interactive && AppCommand.startsApp(arguments) {
      // The app may start: make a crash print its report without waiting for a key in raw mode.
      BacktraceSafety.reexecIfNeeded()
    }
    let code = await run(arguments, context: context)
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
    guard let first = arguments.first, !AppCommand.startsApp(arguments) else {
      return try await AppCommand.run(arguments, context: context)
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
    default:
      var message = "Unknown command \"\(first)\"."
      if let near = Suggest.nearest(first, in: commands) { message += " Did you mean \"\(near)\"?" }
      throw .usage(message, command: "")
    }
  }
}
