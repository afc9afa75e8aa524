import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import TunesLive

/// `tunes preview ID… [--country CC] [network options]`: look the items up (one request) and
/// play their previews in order; `-` reads ids from standard input. With several, `>`/`n` and
/// `<`/`b` move through the list, and ids without a preview are skipped with a note.
///
/// On a terminal it draws `▶ 0:12 / 0:30` (at most 4 times a second) and reads keys: Space
/// pauses, ←/→ seek 5 s, q stops. Without one it prints `playing …` and `finished` and exits 0
/// at the end. An item without a preview exits 65; mpv missing exits 69 with the install line.
/// How many ids `tunes preview` plays in one go (one lookup).
enum PlayQueueLimit {
  static let ids = 200
}

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
    let sources = IDList.Sources(arguments: parsed.positional, file: nil)
    guard !parsed.positional.isEmpty else {
      throw .usage(
        "preview needs an iTunes id (e.g. tunes preview 1440857781), several, or - for ids "
          + "on standard input.", command: "preview")
    }
    let ids = IDList.deduplicated(try IDList.read(sources, command: "preview", context: context))
    guard ids.count <= PlayQueueLimit.ids else {
      throw .usage(
        "preview plays at most \(PlayQueueLimit.ids) ids at a time; \(ids.count) were given.",
        command: "preview")
    }
    let videoFlag = try VideoOption.value(parsed, command: "preview")
    let query: LookupQuery
    do {
      query = try LookupQuery(key: .ids(ids), country: parsed(Options.country))
    } catch {
      throw CLIError.wrap(error)
    }
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    if ids.count > 1 {
      return try await runList(
        ids, response.page.items, videoFlag: videoFlag, country: parsed(Options.country),
        context: context)
    }
    let id = ids[0]
    guard let found = response.page.items.first(where: { $0.id == id }) ?? response.page.items.first
    else {
      throw .data(UnknownItems.message(UnknownItems.ids([id]), country: parsed(Options.country)))
    }
    var item = found
    if LivePlayback.previewURL(for: item, environment: context.environment) == nil,
      let first = try await firstTrack(of: item, parsed, context: context)
    {
      // An album (or a TV season) plays its first track that has a preview.
      context.err("tunes: \"\(sanitizeLine(item.title))\" plays its first track.")
      item = first
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
        url, title: title, author: item.author.map(sanitizeLine), keys: keys
      ).map { _ in () }
    } else {
      result = await session.runPlain(url, title: title, author: item.author.map(sanitizeLine))
    }
    await player.shutdown()
    try result.get()
    return ExitCode.success
  }
}

extension PreviewCommand {
  /// The first track with a preview of an album (`entity=song`) or a TV season
  /// (`entity=tvEpisode`); `nil` for other kinds or when none has one.
  static func firstTrack(
    of item: CatalogItem, _ parsed: ArgumentParser.Parsed, context: CLIContext
  )
    async throws(CLIError) -> CatalogItem?
  {
    let entity: String
    switch item.kind {
    case .album: entity = "song"
    case .tvSeason: entity = "tvEpisode"
    default: return nil
    }
    let query: LookupQuery
    do {
      query = try LookupQuery(
        key: .ids([item.id]), entity: entity, country: parsed(Options.country))
    } catch {
      throw CLIError.wrap(error)
    }
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    return response.page.items.first {
      $0.id != item.id && LivePlayback.previewURL(for: $0, environment: context.environment) != nil
    }
  }

  /// Plays the previews of `ids` in order (the items found for them; those missing or without a
  /// preview are noted on stderr and skipped). Exits 65 when none has a preview.
  static func runList(
    _ ids: [Int64], _ found: [CatalogItem], videoFlag: String?, country: String?,
    context: CLIContext
  ) async throws(CLIError) -> Int32 {
    if found.isEmpty { throw .data(UnknownItems.message(UnknownItems.ids(ids), country: country)) }
    let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var queue: [(CatalogItem, URL)] = []
    for id in ids {
      guard let item = byID[id] else {
        context.err(
          "tunes: note: "
            + String(UnknownItems.message(UnknownItems.ids([id]), country: country).dropLast())
            + "; skipped.")
        continue
      }
      guard let url = LivePlayback.previewURL(for: item, environment: context.environment) else {
        context.err("tunes: note: \"\(sanitizeLine(item.title))\" has no preview; skipped.")
        continue
      }
      queue.append((item, url))
    }
    guard !queue.isEmpty else { throw .data("None of the \(ids.count) ids has a preview.") }
    let player = context.makePlayer(context.environment, context.paths.configFile)
    var index = 0
    var failure: CLIError?
    let keys = context.interactive ? RawKeys() : nil
    while index < queue.count {
      let (item, url) = queue[index]
      let output: VideoOutput
      do {
        output = try videoOutput(for: item, flag: videoFlag, context: context)
      } catch {
        failure = error
        break
      }
      let session = PreviewSession(player: player, context: context, output: output)
      let title = sanitizeLine(item.title)
      let author = item.author.map(sanitizeLine)
      if let keys {
        let place = "\(index + 1)/\(queue.count)"
        switch await session.runInteractive(
          url, title: title, author: author, keys: keys, place: place)
        {
        case .success(.quit): index = queue.count
        case .success(.previous): index = max(0, index - 1)
        case .success(.ended), .success(.next): index += 1
        case .failure(let error):
          context.err("tunes: note: \(error.localizedDescription); skipped.")
          index += 1
        }
      } else {
        switch await session.runPlain(url, title: title, author: author) {
        case .success: index += 1
        case .failure(.playback(let error)):
          failure = .playback(error)
          index = queue.count
        case .failure(let error):
          context.err("tunes: note: \(error.localizedDescription); skipped.")
          index += 1
        }
      }
    }
    await player.shutdown()
    if let failure { throw failure }
    return ExitCode.success
  }
}
