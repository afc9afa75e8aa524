import Foundation
import ITunesCatalog
import ITunesClient
import TerminalUI
import TunesLive

/// `tunes [--api-base URL] [--timeout SECONDS] [--offline | --no-cache]`: the terminal app.
enum AppCommand {
  /// The app's own options, after the network ones.
  static let appOptions: [ArgumentParser.Option] = [
    Options.images.option(
      help: "how artwork is drawn: auto (ask the terminal), kitty, iterm, sixel, symbols, none"),
    VideoOption.option,
  ]

  static let parser = ArgumentParser(command: "", options: NetworkOptions.options + appOptions)

  /// The values `--images` takes.
  static let imageModes = ["auto", "kitty", "iterm", "sixel", "symbols", "none"]

  /// Whether these arguments open the app: none, or only the network and app options.
  static func startsApp(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return true }
    let names = (NetworkOptions.options + appOptions).map { "--" + $0.name }
    return names.contains { first == $0 || first.hasPrefix($0 + "=") }
  }

  @MainActor
  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    guard parsed.positional.isEmpty else {
      throw .usage(
        "Options go after a command (e.g. tunes search \(parsed.positional.joined(separator: " "))).",
        command: "")
    }
    if parsed(Options.offline), parsed(Options.noCache) {
      throw .usage("--offline and --no-cache cannot be used together.", command: "")
    }
    guard context.interactive else {
      if arguments.isEmpty {
        context.out(HelpText.main)
        return ExitCode.success
      }
      throw .usage("The terminal app needs a terminal; for scripts use a command.", command: "")
    }
    let images = parsed(Options.images)?.lowercased()
    if let images, !imageModes.contains(images) {
      throw .usage(
        "--images takes one of \(imageModes.joined(separator: ", ")), not \(images).", command: "")
    }
    let video = try VideoOption.value(parsed, command: "")
    let mode: ResponseCachePolicy.Mode =
      parsed(Options.offline) ? .offline : parsed(Options.noCache) ? .disabled : .normal
    let configuration = try NetworkOptions.configuration(parsed, context: context)
    var launch = AppLaunch(
      configuration: configuration, cacheMode: mode, environment: context.environment,
      demo: parsed(Options.demo), images: images, video: video)
    // The Changes row's check and a page's other storefronts are `tunes watch`, `releases`
    // and `where` themselves, run in this process with the app's network options.
    let forwarded = MCPCommand.forwardedOptions(arguments)
    launch.runCommand = { command in
      let outcome = await MCPCommand.runInProcess(
        command + forwarded, context: context, paths: context.paths)
      return CommandRun(code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr)
    }
    return await context.startApp(launch)
  }
}

/// `tunes doctor`: what tunes sees of this terminal and where it keeps its files.
enum DoctorCommand {
  static func run(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      context.out(HelpText.doctor)
      return ExitCode.success
    }
    var images: String?
    var rest = arguments[...]
    if rest.first == "--images", rest.count > 1 {
      images = rest.dropFirst().first?.lowercased()
      rest = rest.dropFirst(2)
    } else if let first = rest.first, first.hasPrefix("--images=") {
      images = String(first.dropFirst("--images=".count)).lowercased()
      rest = rest.dropFirst()
    }
    guard rest.isEmpty else {
      throw .usage("doctor takes no arguments but --images MODE.", command: "doctor")
    }
    if let images, !AppCommand.imageModes.contains(images) {
      throw .usage(
        "--images takes one of \(AppCommand.imageModes.joined(separator: ", ")), not \(images).",
        command: "doctor")
    }
    var report = Doctor.live(environment: context.environment, images: images)
    let base = context.environment["TUNES_API_BASE"].flatMap { $0.isEmpty ? nil : $0 }
    report +=
      "api          \(ClientConfiguration.redactingPassword(base ?? ClientConfiguration.defaultBaseURLString))\n"
    report += "database     \(Doctor.databaseCheck(paths: context.paths))\n"
    let problems = ConfigFile.read(from: context.paths.configFile).problems
    report +=
      "settings     \(problems.isEmpty ? "ok" : "\(Plural.count(problems.count, "problem"))")\n"
    for problem in problems { report += "  " + sanitize(problem.message) + "\n" }
    context.out(
      DoctorLayout.fit(report, width: context.stdoutIsTerminal ? context.tableWidth : nil))
    return ExitCode.success
  }
}
