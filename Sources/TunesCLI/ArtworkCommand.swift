import Foundation
import ITunesCatalog
import ITunesClient
import TunesLive

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes artwork ID [--size N] [-o FILE] [--show]`: an item's artwork at a chosen size, up to
/// Apple's largest (3000 px a side), written as Apple serves it (JPEG, sometimes PNG) to a
/// file or to standard output, or drawn in the terminal.
enum ArtworkCommand {
  static let size = OptionKey.number("size")
  static let output = "output"
  static let show = FlagKey(name: "show")

  static let parser = ArgumentParser(
    command: "artwork",
    options: [
      size.option(help: "pixels a side, 1 to 3000 (default 600; Apple's largest is 3000)"),
      ArgumentParser.Option(
        name: output, short: "o", takesValue: true, values: [],
        help: "write the picture to FILE (- for standard output)", valueName: "FILE"),
      show.option(help: "draw it in the terminal (kitty, sixel, iTerm2 or symbols)"),
      Options.images.option(
        help: "how --show draws: \(ArtworkFile.imageModes.joined(separator: ", "))"),
      Options.country.option(help: "store country, ISO 3166-1 alpha-2"),
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  /// The size when `--size` is not given.
  static let defaultSize = 600

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.artwork)
      return ExitCode.success
    }
    guard parsed.positional.count == 1, let id = Int64(parsed.positional[0]), id > 0 else {
      throw .usage(
        parsed.positional.isEmpty
          ? "artwork needs an iTunes id (e.g. tunes artwork 1440857781)."
          : "artwork takes one iTunes id, a positive whole number; got "
            + parsed.positional.joined(separator: " ") + ".",
        command: "artwork")
    }
    let pixels = try parsed(size) ?? defaultSize
    guard (1...ArtworkFile.largestSize).contains(pixels) else {
      throw .usage(
        "--size must be from 1 to \(ArtworkFile.largestSize) (Apple's largest); got \(pixels).",
        command: "artwork")
    }
    let file = parsed.values[output]
    let showing = parsed(show)
    let mode = parsed(Options.images)
    if let mode, !ArtworkFile.isImageMode(mode) {
      throw .usage(
        "--images must be one of \(ArtworkFile.imageModes.joined(separator: ", ")).",
        command: "artwork")
    }
    // Checked before the network: binary on a terminal would scramble it.
    let toStdout = file == "-" || (file == nil && !showing)
    if toStdout, context.stdoutIsTerminal {
      throw .usage(
        "artwork will not write a picture to the terminal; use -o FILE, --show, or a pipe "
          + "(tunes artwork \(id) > cover.jpg).", command: "artwork")
    }
    if showing, !context.stdoutIsTerminal, file == nil {
      throw .usage(
        "--show draws on a terminal, and standard output is not one.", command: "artwork")
    }
    let query: LookupQuery
    do {
      query = try LookupQuery(key: .ids([id]), country: parsed(Options.country))
    } catch {
      throw CLIError.wrap(error)
    }
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    guard let item = response.page.items.first(where: { $0.id == id }) else {
      throw .data("No item with id \(id) in this store.")
    }
    let title = sanitizeLine(item.title)
    guard let url = ArtworkFile.url(for: item, size: pixels, environment: context.environment)
    else {
      throw .data("\"\(title)\" has no artwork.")
    }
    let bytes: [UInt8]
    do {
      bytes = try await ArtworkFile.download(url)
    } catch {
      throw Self.error(error, title: title, size: pixels)
    }
    if let file, file != "-" {
      try write(bytes, to: file)
      if !context.quiet {
        context.err(
          "tunes: wrote the artwork of \"\(title)\" (\(pixels)×\(pixels), \(bytes.count) bytes) to "
            + file)
      }
    } else if toStdout {
      context.writeOut(bytes)
    }
    if showing, context.stdoutIsTerminal {
      let columns = min(context.terminalColumns ?? 80, 80)
      let rows = max(4, min((context.terminalRows ?? 24) - 2, 40))
      guard
        let shown = ArtworkFile.terminalBytes(
          bytes, columns: columns, rows: rows, mode: mode, environment: context.environment)
      else {
        throw .data("\"\(title)\"'s artwork could not be decoded to show it.")
      }
      context.writeOut(shown.bytes)
    }
    return ExitCode.success
  }

  /// The command line's error for a failed download.
  static func error(_ failure: ArtworkFile.Failure, title: String, size: Int) -> CLIError {
    switch failure {
    case .none: return .data("\"\(title)\" has no artwork.")
    case .status(let status, let url) where (400..<500).contains(status):
      return .data(
        "\"\(title)\" has no artwork at \(size) px: the server answered HTTP \(status) for \(url)."
      )
    case .status(let status, let url):
      return .other("The artwork server answered HTTP \(status) for \(url).")
    case .notAnImage(let what):
      return .data("The artwork server did not send a picture: \(what).")
    case .transport(let error): return .client(error)
    case .other(let text): return .other(text)
    }
  }

  /// Writes `bytes` to `path` whole (a temporary file renamed over it, so a failed write never
  /// leaves half a picture); exit 73 when it cannot be created.
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let url = URL(fileURLWithPath: path)
    do {
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw .file(
        "cannot write \(path): \(FileErrors.describe(error, path: path))",
        code: ExitCode.cannotCreate)
    }
  }
}
