import Foundation
import ITunesClient
import TunesLive

#if canImport(Glibc)
  import Glibc
#endif

/// The `tunes` command line: argument parsing, subcommands, formatters, exit codes.
package enum TunesCLI {
  /// The commands, for help and typo suggestions.
  static var commands: [String] { CommandTable.visible.map(\.name) + ["help"] }

  /// Runs the command line with the process's arguments and exits with its code. Called from the
  /// executable's top-level code, so the main actor (which the terminal app runs on) is the main thread.
  /// - Parameters:
  ///   - live: the live client and player, made by the composition root (TunesLive).
  ///   - startApp: runs the terminal app for a launch the command line validated and returns its
  ///     exit code (the executable wires the live app in).
  @MainActor
  package static func main(live: LiveCommandValues, startApp: @escaping AppStarter) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    StandardDescriptors.reserve()
    let arguments = Array(CommandLine.arguments.dropFirst())
    var context = CLIContext.live(live)
    context.startApp = startApp
    let code = await run(arguments, context: context)
    exit(code)
  }

  /// Runs the terminal app for a validated launch and returns its exit code.
  package typealias AppStarter = @MainActor @Sendable (AppLaunch) async -> Int32

  /// Whether these arguments open the app (none, or only the network options) rather than a
  /// command.
  package static func startsApp(_ arguments: [String]) -> Bool {
    AppCommand.startsApp(GlobalOptions.extract(arguments).arguments)
  }

  /// Runs one command line in-process and returns its exit code (used by `main` and by tests).
  static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
    let (arguments, quiet) = GlobalOptions.extract(arguments)
    var commandContext = context
    if quiet {
      commandContext.quiet = true
      commandContext.writeErr = { _ in }
    }
    var code: Int32
    do {
      code = try await dispatch(arguments, context: commandContext)
    } catch {
      let command = arguments.first.flatMap { CommandTable.command($0)?.name } ?? ""
      context.err(error.message(in: command))
      code = error.exitCode
    }
    if let verdict = context.outputStatus.verdict() {
      if let message = verdict.message { context.err(message) }
      code = verdict.code
    }
    return code
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
    case "charts": return try await ChartsCommand.run(rest, context: context)
    case "genres": return try await GenresCommand.run(rest, context: context)
    case "preview": return try await PreviewCommand.run(rest, context: context)
    case "artwork": return try await ArtworkCommand.run(rest, context: context)
    case "history": return try HistoryCommand.run(rest, context: context)
    case "favorites", "favourites": return try await FavoritesCommand.run(rest, context: context)
    case "replay": return try ReplayCommand.run(rest, context: context)
    case "mcp": return try await MCPCommand.run(rest, context: context)
    case "watch": return try await WatchCommand.run(rest, context: context)
    case "where": return try await WhereCommand.run(rest, context: context)
    case "releases": return try await ReleasesCommand.run(rest, context: context)
    case "doctor": return try DoctorCommand.run(rest, context: context)
    case "completions": return try ConventionCommands.completions(rest, context: context)
    case "man": return try ConventionCommands.man(rest, context: context)
    case "help", "--help", "-h":
      context.out(HelpText.forCommand(rest.first))
      return ExitCode.success
    case "--version", "-V", "version":
      context.out(BuildInfo.versionLine + "\n")
      return ExitCode.success
    default:
      var message = "Unknown command \"\(first)\"."
      if let near = Suggest.nearest(first, in: commands) { message += " Did you mean \"\(near)\"?" }
      throw .usage(message, command: "")
    }
  }
}

/// The three standard descriptors kept taken.
enum StandardDescriptors {
  /// Puts a read-only `/dev/null` on each of 0, 1 and 2 that is closed (`tunes … >&-`): a file
  /// opened later (the database, the cache, a log) must never get number 1 and receive the
  /// output. A write to such a stdout or stderr fails with EBADF, so it still exits 74.
  static func reserve() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      let placeholder = open("/dev/null", O_RDONLY | O_CLOEXEC)
      if placeholder >= 0, placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
  }
}
