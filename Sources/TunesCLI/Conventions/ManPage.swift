import ITunesClient

/// The manual page `tunes.1` (roff, `man` macros), made from ``CommandTable`` and the same option
/// declarations `--help` reads. `tunes man` prints it; `make install` installs it.
enum ManPage {
  /// The exit statuses, as the README's table lists them.
  static let exitStatuses: [(code: Int32, meaning: String)] = [
    (ExitCode.success, "success, including zero results"),
    (ExitCode.empty, "--fail-empty was given and the search or lookup found nothing"),
    (
      ExitCode.usage,
      "usage: a bad option, value or combination, or a request Apple rejected as invalid"
    ),
    (
      ExitCode.dataError,
      "data that cannot be read: the server's answer, an import file, an id Apple does not know"
    ),
    (ExitCode.noInput, "an input file or recordings folder cannot be read"),
    (
      ExitCode.unavailable,
      "network or server unavailable (cannot connect, timed out, 5xx), mpv missing, a busy port"
    ),
    (ExitCode.cannotCreate, "tunes' own files cannot be used (read-only or full disk, database)"),
    (ExitCode.rateLimited, "rate limited by Apple (403 or 429): wait a minute and try again"),
  ]

  /// The environment variables tunes reads.
  static let environment: [(name: String, meaning: String)] = [
    ("TUNES_API_BASE", "the API base URL (like --api-base; plain http only for loopback hosts)"),
    (
      "TUNES_MEDIA_BASE",
      "move artwork and preview URLs to another host, e.g. http://127.0.0.1:8080/media"
    ),
    ("TUNES_MPV_OPTIONS", "extra mpv options for previews, split on spaces"),
    ("TUNES_HTTP_TRANSPORT", "curl (the default on Linux) or urlsession"),
    ("TUNES_LOG", "a file for diagnostics; nothing is logged on screen"),
    ("NO_COLOR", "when set, output is never coloured"),
    ("COLUMNS", "the width tables are cut to when output is not a terminal"),
    ("XDG_DATA_HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME", "where tunes keeps its files (see FILES)"),
  ]

  /// The files tunes writes.
  static let files: [(path: String, meaning: String)] = [
    ("$XDG_DATA_HOME/tunes/tunes.sqlite", "history and favourites (default ~/.local/share/tunes/)"),
    ("$XDG_CACHE_HOME/tunes/responses.sqlite", "the response cache; safe to delete"),
    (
      "$XDG_CONFIG_HOME/tunes/config.json",
      "settings: country, filters, history, columns, mpvOptions"
    ),
  ]

  /// The whole page.
  static var page: String {
    var lines: [String] = []
    lines.append(".TH TUNES 1 \"\" \"tunes \(ITunesClient.version)\" \"User Commands\"")
    lines.append(".SH NAME")
    lines.append("tunes \\- search Apple's iTunes catalogue from the terminal")
    lines.append(".SH SYNOPSIS")
    lines.append(".B tunes")
    lines.append(".RI [ options ]")
    lines.append(".br")
    lines.append(".B tunes")
    lines.append(".I command")
    lines.append(".RI [ options ]")
    lines.append(".SH DESCRIPTION")
    lines.append(
      text(
        "tunes searches songs, albums, artists, movies, music videos, TV, podcasts, audiobooks, "
          + "books and apps through Apple's iTunes Search and Lookup APIs. On a terminal and with "
          + "no command it opens the terminal app; the commands print tables for people and JSON, "
          + "NDJSON, CSV or TSV for scripts."))
    lines.append(".SH COMMANDS")
    for command in CommandTable.visible {
      lines.append(".SS " + quoted("tunes " + command.name + " " + command.synopsis))
      lines.append(text(command.summary))
      for option in command.parser?.options ?? [] where !isShared(option) {
        lines += optionItem(option, values: CommandTable.completionValues(for: option, in: ""))
      }
    }
    lines.append(".SH OPTIONS")
    lines.append(text("Every command that reaches the network, and the app, take:"))
    for option in NetworkOptions.options { lines += optionItem(option, values: []) }
    lines.append(".PP")
    lines.append(text("Every command takes:"))
    for option in CommandTable.globalOptions { lines += optionItem(option, values: []) }
    lines += optionItem(
      Options.version.option(help: "print the version and the commit it was built from"),
      values: [])
    lines.append(".SH EXIT STATUS")
    for status in exitStatuses {
      lines.append(".TP")
      lines.append(".B \(status.code)")
      lines.append(text(status.meaning))
    }
    lines.append(".SH ENVIRONMENT")
    for variable in environment {
      lines.append(".TP")
      lines.append(".B " + escape(variable.name))
      lines.append(text(variable.meaning))
    }
    lines.append(".SH FILES")
    for file in files {
      lines.append(".TP")
      lines.append(".I " + escape(file.path))
      lines.append(text(file.meaning))
    }
    lines.append(".SH EXAMPLES")
    for example in [
      "tunes search jack johnson --limit 5", "tunes lookup 909253 --entity album --limit 5",
      "tunes search yelp --entity software --format json | jq '.[].title'",
      "tunes --demo search anything", "source <(tunes completions bash)",
    ] {
      lines.append(".PP")
      lines.append(".nf")
      lines.append(escape(example))
      lines.append(".fi")
    }
    lines.append(".SH SEE ALSO")
    lines.append(".BR mpv (1),")
    lines.append(".BR jq (1)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Options a command shares with every other (listed once, under OPTIONS).
  private static func isShared(_ option: ArgumentParser.Option) -> Bool {
    option.name == "help" || NetworkOptions.options.contains { $0.name == option.name }
  }

  private static func optionItem(_ option: ArgumentParser.Option, values: [String]) -> [String] {
    var head = "\\fB\\-\\-\(escape(option.name))\\fR"
    if let short = option.short { head = "\\fB\\-\(short)\\fR, " + head }
    if option.takesValue { head += " \\fI\(escape(option.valueName))\\fR" }
    var help = option.help
    if !values.isEmpty, values.count <= 12, let first = values.first, !help.contains(first) {
      help += ": " + values.joined(separator: ", ")
    }
    return [".TP", head, text(help)]
  }

  /// A paragraph of plain text: escaped, and never starting with a control character.
  static func text(_ string: String) -> String {
    let escaped = escape(string)
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  private static func quoted(_ string: String) -> String {
    "\"" + escape(string).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }

  /// Backslashes and hyphens escaped; anything outside ASCII as `\[uXXXX]`, so the page renders
  /// the same whatever the locale.
  static func escape(_ string: String) -> String {
    var out = ""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
