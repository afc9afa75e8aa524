/// Help texts (golden-tested).
enum HelpText {
  static func forCommand(_ name: String?) -> String {
    switch name {
    case "search": return search
    case "lookup": return lookup
    case "preview": return preview
    case "history": return history
    case "favorites", "favourites": return favorites
    case "replay": return replay
    case "doctor": return doctor
    default: return main
    }
  }

  static let main = """
    tunes: search Apple's iTunes catalogue from the terminal.

    Usage:
      tunes                          open the terminal app (on a terminal)
      tunes search TERM… [options]   search songs, albums, artists, movies, podcasts, apps, books …
      tunes lookup ID[,ID…]          look items up by iTunes id (or --bundle-id, --upc, --isbn …)
      tunes preview ID               play an item's 30-second preview (needs mpv)
      tunes history                  the last five searches
      tunes favorites ACTION         list, add, remove, export or import favourites
      tunes replay DIR               serve recorded API answers on 127.0.0.1 (no network needed)
      tunes doctor                   what tunes sees of this terminal, and where its files are

    Options for every command that reaches the network:
      --api-base URL     API base URL (default https://itunes.apple.com; env TUNES_API_BASE)
      --timeout SECONDS  give up on a request after this long (default 15)
      --offline          answer from the local cache only
      --no-cache         neither read nor write the local cache

      -h, --help         help for a command: tunes search --help
      -V, --version      print the version

    Exit codes: 0 ok (no results included), 64 usage, 65 unreadable answer, 69 network or
    server unavailable, 73 local files unusable, 75 rate limited by Apple.

    """

  static let search = """
    Usage: tunes search TERM… [options]

    Search the catalogue. Results come in Apple's order.

    Options:
      --media M          movie, podcast, music, musicVideo, audiobook, shortFilm, tvShow,
                         software, ebook, all
      --entity E         result entity for the media (e.g. song, album, musicArtist, podcast)
      --attribute A      attribute the term is matched against (e.g. artistTerm, songTerm)
      --country CC       store country, ISO 3166-1 alpha-2 (default US)
      --lang L           en_us or ja_jp
      --explicit yes|no  include explicit content (default yes)
      --limit N          number of results, 1-200 (default 50)
      --offset N         skip N results (Apple's offset is unreliable)
      --format F         table (default), json, ndjson, csv or tsv
      --no-history       do not record this search in the history
      --api-base URL, --timeout SECONDS, --offline, --no-cache   (see tunes --help)

    Examples:
      tunes search jack johnson --limit 5
      tunes search slayer --media music --entity musicArtist --country gb
      tunes search コブクロ --country jp --format json | jq '.[].title'

    """

  static let lookup = """
    Usage: tunes lookup ID[,ID…] [options]
           tunes lookup --bundle-id B | --upc U | --isbn I | --amg-artist-id A | --amg-album-id A

    Look items up by their iTunes ids or another key.

    Options:
      --entity E         related items too: album, song, podcastEpisode, software, ebook …
      --limit N          related items per looked-up item, 1-200
      --sort recent      newest related items first
      --country CC       store country, ISO 3166-1 alpha-2
      --format F         table (default), json, ndjson, csv or tsv
      --api-base URL, --timeout SECONDS, --offline, --no-cache   (see tunes --help)

    Examples:
      tunes lookup 909253 --entity album --limit 5
      tunes lookup --bundle-id com.facebook.Facebook --format json

    """

  static let preview = """
    Usage: tunes preview ID [--country CC] [options]

    Look the item up and play its preview with mpv. On a terminal a progress line shows the
    position; Space pauses, ← and → seek 5 s, q stops. Without a terminal it prints "playing …"
    and "finished", and exits 0 at the end.

    Options:
      --country CC       store country, ISO 3166-1 alpha-2
      --api-base URL, --timeout SECONDS, --offline, --no-cache   (see tunes --help)

    Extra mpv options: the config key mpvOptions and TUNES_MPV_OPTIONS (split on spaces), e.g.
    TUNES_MPV_OPTIONS=--ao=null. TUNES_MEDIA_BASE=URL plays previews from another host (the
    replay server: TUNES_MEDIA_BASE=http://127.0.0.1:PORT/media).

    Exit codes: as for lookup; 65 when the item has no preview or it is not playable audio, 69
    when mpv is missing or the preview cannot be loaded.

    Examples:
      tunes preview 1440857781
      tunes preview 1440857781 --country gb

    """

  static let history = """
    Usage: tunes history [--match TEXT] [--format table|json]
           tunes history --remove QUERY
           tunes history --clear

    The last five searches, newest first, with the filters they ran with.

    """

  static let favorites = """
    Usage: tunes favorites list [--format table|json|ndjson|csv|tsv]
           tunes favorites add ID        look the item up and keep it
           tunes favorites remove ID
           tunes favorites export [--format json|csv]
           tunes favorites import FILE   a JSON array as written by export; merged by id

    Favourites keep the whole item, so they show without a network.

    """

  static let replay = """
    Usage: tunes replay DIR [--port N] [--fault SPEC] [--quiet]

    Serve the recorded answers in DIR (described by DIR/index.tsv) on 127.0.0.1, so tunes can be
    tried and tested with no network:

      tunes replay ../shared/fixtures/itunes --port 8080
      TUNES_API_BASE=http://127.0.0.1:8080 tunes search jack johnson --limit 3

    Faults (--fault): delay=S, status=N, html503, truncate, reset, hang, oversized=N, invalid-utf8.

    """

  static let doctor = """
    Usage: tunes doctor

    Print the terminal's name, size and colour depth, and the data, cache, config and log paths.

    """
}
