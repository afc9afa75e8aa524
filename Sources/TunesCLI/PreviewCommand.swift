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
      .value("country", "CC", help: "store country, ISO 3166-1 alpha-2"),
      .flag("help", short: "h", help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  /// Seconds a ←/→ key seeks.
  static let seekStep = 5.0

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has("help") {
      context.out(HelpText.preview)
      return ExitCode.success
    }
    guard parsed.positional.count == 1, let id = Int64(parsed.positional[0]), id >= 0 else {
      throw .usage(
        "preview needs one iTunes id (e.g. tunes preview 1440857781).", command: "preview")
    }
    let query: LookupQuery
    do {
      query = try LookupQuery(key: .ids([id]), country: parsed.value("country"))
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
    let player = context.makePlayer(context.environment, context.paths.configFile)
    let result: Result<Void, CLIError>
    if context.interactive, let keys = RawKeys() {
      result = await PreviewSession(player: player, context: context).runInteractive(
        url, title: title, author: item.author.map(sanitizeLine), keys: keys)
    } else {
      result = await PreviewSession(player: player, context: context).runPlain(
        url, title: title, author: item.author.map(sanitizeLine))
    }
    await player.shutdown()
    try result.get()
    return ExitCode.success
  }
}
