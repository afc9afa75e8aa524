import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import TunesLive

/// `tunes preview ID [--country CC] [network options]`: look the item up and play its preview.
///
/// On a terminal it draws `▶ 0:12 / 0:30` (at most 4 times a second) and reads keys: Space
/// pauses, ←/→ seek 5 s, q stops. Without one it prints `playing …` and `finished` and exits 0
/// at the end. An item without a preview exits 65; mpv missing exits 69 with the install line.
enum PreviewCommand {
  static let parser = ArgumentParser(
    command: "preview",
    options: [
      Options.country.option(help: "store country, ISO 3166-1 alpha-2"),
      VideoOption.option,
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  /// Where the item's preview goes: `--video`, else the config key `video`, else auto; a
  /// terminal video covers the whole screen, drawn with half blocks.
  /// - Throws: a usage error when the mode cannot show a video here.
  static func videoOutput(
    for item: CatalogItem, flag: String?, context: CLIContext
  ) throws(CLIError) -> VideoOutput {
    let reading = ConfigFile.read(from: context.paths.configFile)
    for problem in reading.problems { context.err("tunes: note: config: " + problem.message) }
    let (mode, notice) = LivePlayback.videoMode(flag: flag, config: reading.config)
    if let notice, item.previewIsVideo { context.err("tunes: note: \(notice)") }
    var terminal: TerminalVideo?
    if context.interactive {
      terminal = TerminalVideo(
        driver: .tct, columns: context.terminalColumns ?? 80,
        rows: context.terminalRows ?? 24)
    }
    switch mode.output(
      isVideo: item.previewIsVideo, hasDisplay: VideoMode.hasDisplay(context.environment),
      terminal: terminal)
    {
    case .success(let output): return output
    case .failure(let failure): throw .usage(failure.message, command: "preview")
    }
  }

  /// Seconds a ←/→ key seeks.
  static let seekStep = 5.0

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.preview)
      return ExitCode.success
    }
    guard parsed.positional.count == 1, let id = Int64(parsed.positional[0]), id >= 0 else {
      throw .usage(
        "preview needs one iTunes id (e.g. tunes preview 1440857781).", command: "preview")
    }
    let videoFlag = try VideoOption.value(parsed, command: "preview")
    let query: LookupQuery
    do {
      query = try LookupQuery(key: .ids([id]), country: parsed(Options.country))
    } catch {
      throw CLIError.wrap(error)
    }
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    guard let item = response.page.items.first(where: { $0.id == id }) ?? response.page.items.first
    else {
      throw .data("No item with id \(id) in this store.")
    }
    let title = sanitizeLine(item.title)
    guard let url = LivePlayback.previewURL(for: item, environment: context.environment) else {
      throw .data("\"\(title)\" has no preview.")
    }
    let output = try videoOutput(for: item, flag: videoFlag, context: context)
    let player = context.makePlayer(context.environment, context.paths.configFile)
    let session = PreviewSession(player: player, context: context, output: output)
    let result: Result<Void, CLIError>
    if context.interactive, let keys = RawKeys() {
      result = await session.runInteractive(
        url, title: title, author: item.author.map(sanitizeLine), keys: keys)
    } else {
      result = await session.runPlain(url, title: title, author: item.author.map(sanitizeLine))
    }
    await player.shutdown()
    try result.get()
    return ExitCode.success
  }
}
