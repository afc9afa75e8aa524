import ITunesCatalog
import TerminalUI
import TunesMCP

/// Help texts (golden-tested).
enum HelpText {
  static func forCommand(_ name: String?) -> String {
    switch name {
    case "search": return search
    case "lookup": return lookup
    case "charts": return charts
    case "genres": return genres
    case "preview": return preview
    case "artwork": return artwork
    case "history": return history
    case "favorites", "favourites": return favorites
    case "replay": return replay
    case "mcp": return mcp
    case "watch": return watch
    case "where": return whereHelp
    case "releases": return releases
    case "doctor": return doctor
    case "completions": return ConventionCommands.completionsHelp
    case "man": return ConventionCommands.manHelp
    default: return main
    }
  }

  static var main: String {
    """
    tunes: search Apple's iTunes catalogue from the terminal.

    Usage:
    \(CommandTable.usageLines)

    Options for every command that reaches the network:
    \(networkOptions)

    Options for the app:
      --images MODE      how artwork is drawn: auto (ask the terminal), kitty, iterm, sixel,
                         symbols, none (config key "images")
      --video MODE       how video previews are shown: auto (a window with a display, else
                         the terminal), window, terminal, audio (config key "video")

      -q, --quiet        print nothing on stderr but errors
      -h, --help         help for a command: tunes search --help
      -V, --version      print the version and the commit it was built from

    Exit codes: 0 ok (no results included), 2 nothing found with --fail-empty, 64 usage,
    65 unreadable answer or an id Apple does not know, 66 input file unreadable, 69 network or
    server unavailable, 73 local files unusable, 74 output not written, 75 rate limited by
    Apple, 130 interrupted (tunes where resumes).

    """
  }

  static var search: String {
    """
    Usage: tunes search TERM… [options]

    Search the catalogue. Results come in Apple's order.

    \(options(SearchCommand.parser))
    Examples:
      tunes search jack johnson --limit 5
      tunes search slayer --media music --entity musicArtist --country gb
      tunes search コブクロ --country jp --format json | jq '.[].title'

    """
  }

  static var lookup: String {
    """
    Usage: tunes lookup ID[,ID…] [options]
           tunes lookup - | --ids-from FILE [options]
           tunes lookup --bundle-id B | --upc U | --isbn I | --amg-artist-id A | --amg-album-id A

    Look items up by their iTunes ids or another key. With - (standard input) or --ids-from, or
    more than 200 ids, ids are read one a line or comma-separated, each asked once, 200 a
    request within Apple's rate limit, fresh answers taken from the cache; items are written as
    each request answers, and the ids Apple does not know are listed on stderr.

    \(options(LookupCommand.parser))
    Examples:
      tunes lookup 909253 --entity album --limit 5
      tunes lookup --bundle-id com.facebook.Facebook --format json
      cut -f1 ids.tsv | tunes lookup - --format ndjson

    """
  }

  static var preview: String {
    """
    Usage: tunes preview ID... [--country CC] [options]

    Look the items up (one request; - reads ids from standard input) and play their previews
    with mpv, in order (a podcast episode plays whole; an album or a TV season its first track
    with a preview). With several ids, > or n goes to the
    next, < or b to the one before, and ids without a preview are skipped with a note. On a terminal a progress line shows the
    position; Space pauses, ← and → seek 5 s, q stops. Without a terminal it prints "playing …"
    and "finished", and exits 0 at the end. A video (music video, trailer, TV episode) opens an
    mpv window when there is a display ($DISPLAY or $WAYLAND_DISPLAY), else fills the terminal
    (mpv --vo=tct; the keys still work, the progress line comes back at the end); --video audio
    plays only its sound.

    \(options(PreviewCommand.parser))
    Extra mpv options: the config key mpvOptions and TUNES_MPV_OPTIONS (split on spaces), e.g.
    TUNES_MPV_OPTIONS=--ao=null. TUNES_MEDIA_BASE=URL plays previews from another host (the
    replay server: TUNES_MEDIA_BASE=http://127.0.0.1:PORT/media).

    Exit codes: as for lookup; 65 when the item has no preview or it is not playable audio or
    video, 69 when mpv is missing or the preview cannot be loaded, 64 when --video window has
    no display or --video terminal no terminal.

    Examples:
      tunes preview 1440857781
      tunes preview 1440857781 --country gb
      tunes search beatles --format json | jq -r '.[].id' | tunes preview -

    """
  }

  static var history: String {
    """
    Usage: tunes history [--match TEXT] [--format table|json]
           tunes history --remove QUERY
           tunes history --clear

    The last five searches, newest first, with the filters they ran with.

    \(options(HistoryCommand.parser))
    """
  }

  static var mcp: String {
    """
    Usage: tunes mcp [--demo | --offline | --api-base URL] [--wait SECONDS]

    Serve Apple's catalogue to assistants and editors over the Model Context Protocol, revision
    \(MCPSession.supportedVersions[0]): newline-delimited JSON-RPC on standard input and output,
    diagnostics on standard error. Tools: search, lookup, charts, genres, favorites_list,
    favorites_add, favorites_remove, history, watch, where, releases. A call that would wait for
    Apple's rate limit answers at once with retryAfterSeconds, unless --wait allows a wait.

    \(options(MCPCommand.parser))
    """
  }

  static var watch: String {
    """
    Usage: tunes watch [ID… | - | --ids-from FILE] [--country CC[,CC…]] [--format F]

    Look every watched item up (the favourites, unless ids are given), 200 a request per
    storefront, past any cached or CDN copy, keep what matters of each answer as a dated
    snapshot, and print what changed since the last check: price down or up, a new version
    (with its notes), gone from or back in the store, tracks added, renamed. Each change is
    printed once; a run with nothing new prints nothing (the first run records and says there
    is nothing to compare yet). --format atom writes an Atom feed of the last 30 days' changes.
    With --quiet only changes and errors are printed: for cron or a systemd timer.

    \(options(WatchCommand.parser))
    Examples:
      tunes watch
      tunes watch --ids-from apps.txt --country us,gb --format ndjson
      tunes watch --quiet --format atom > ~/public/tunes.xml

    """
  }

  static var whereHelp: String {
    """
    Usage: tunes where ID… [--countries CC,CC… | GROUP | all] [--format F]

    Look items up (up to 200) in many storefronts, one request a storefront: whether each sells
    the item, the price and currency, and the title and track count where they differ from the
    first storefront's. --countries takes codes, a group (asia, dach, english, eu, latam,
    nordic) or all (every storefront, \(Country.storefronts.count)). A long sweep says how long it will take, shows its
    progress on stderr and, interrupted (Ctrl-C), resumes where it stopped when run again.

    \(options(WhereCommand.parser))
    Examples:
      tunes where 1440857781 --countries us,gb,jp
      tunes where 284882215 --countries all --format csv

    """
  }

  static var releases: String {
    """
    Usage: tunes releases [--include-creators-of-favourites] [--country CC] [--format F]

    What is new from the creators you follow: the artists, app developers and podcasts among
    the favourites (and, with --include-creators-of-favourites, the artists and developers of
    favourited items): the newest albums and singles, apps and episodes not seen before, many
    creators a request (sort=recent). The first run records what there is.

    \(options(ReleasesCommand.parser))
    """
  }

  static var favorites: String {
    """
    Usage: tunes favorites [list] [--format table|json|ndjson|csv|tsv]
           tunes favorites add ID…       look the items up and keep them (those ids only;
                                         - reads ids from standard input, or --ids-from FILE)
           tunes favorites remove ID…    forget them (- or --ids-from FILE as for add)
           tunes favorites clear [--yes] forget every favourite (asks on a terminal; --yes
                                         without one)
           tunes favorites export [--format json|csv|m3u8]  (m3u8: a playlist mpv plays)
           tunes favorites import FILE   the JSON or CSV that export writes; merged by id

    Favourites keep the whole item, so they show without a network. They keep Apple's own
    items only: --demo is refused (in the demo app, favourites live in memory).

    \(options(FavoritesCommand.parser))
    """
  }

  static var replay: String {
    """
    Usage: tunes replay DIR [--catalog] [--port N] [--fault SPEC] [--random-faults SEED] [--quiet]
           tunes replay --demo [--port N] [--fault SPEC] [--random-faults SEED] [--quiet]

    Serve the recorded answers in DIR (described by DIR/index.tsv; without one, every .json file
    in DIR is read as with --catalog) on 127.0.0.1, so tunes can be tried and tested with no
    network:

      tunes replay ../shared/fixtures/itunes --port 8080
      TUNES_API_BASE=http://127.0.0.1:8080 tunes search jack johnson --limit 3

    \(options(ReplayCommand.parser))
    """
  }

  /// The option lines of a command's help, from the same declarations the parser reads: each
  /// option with its value and help, the values it takes when the help does not list them, and
  /// one line for the network options they share.
  static func options(_ parser: ArgumentParser) -> String {
    let takesNetwork = parser.options.contains { $0.name == "api-base" }
    let network = takesNetwork ? Set(NetworkOptions.options.map(\.name)) : []
    var lines = ["Options:"]
    for option in parser.options where !network.contains(option.name) && option.name != "help" {
      var left = "  --" + option.name + (option.takesValue ? " " + option.valueName : "")
      if let short = option.short {
        left = "  -\(short), --" + option.name + (option.takesValue ? " " + option.valueName : "")
      }
      var help = option.help
      if !option.values.isEmpty, let first = option.values.first, !help.contains(first) {
        help += ": " + option.values.joined(separator: ", ")
      }
      let column = 21
      let padded =
        left.count + 2 > column
        ? left + "  " : left.padding(toLength: column, withPad: " ", startingAt: 0)
      let wrapped = Paragraph.wrap(help, width: 96 - column)
      lines.append(padded + (wrapped.first ?? ""))
      for rest in wrapped.dropFirst() { lines.append(String(repeating: " ", count: column) + rest) }
    }
    if takesNetwork {
      let demo = parser.options.contains { $0.name == "demo" } ? ", --demo" : ""
      lines.append(
        "  --api-base URL, --timeout SECONDS, --offline, --no-cache\(demo)   (see tunes --help)")
    }
    lines.append("  -h, --help         show this help")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The network options' lines, from their declarations.
  static var networkOptions: String {
    NetworkOptions.options.map { option in
      let left = "  --" + option.name + (option.takesValue ? " " + option.valueName : "")
      return left.padding(toLength: 21, withPad: " ", startingAt: 0) + option.help
    }.joined(separator: "\n")
  }

  static let doctor = """
    Usage: tunes doctor [--images MODE]

    Print the terminal's name, size and colour depth, how artwork would be drawn and why, and the
    data, cache, config and log paths.

    """
}
