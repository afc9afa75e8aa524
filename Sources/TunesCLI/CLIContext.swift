import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import TerminalUI
import TunesLive
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a command touches in the outside world, so tests can run commands in-process.
struct CLIContext: Sendable {
  /// The process environment.
  var environment: [String: String]
  /// Writes to standard output.
  var writeOut: @Sendable ([UInt8]) -> Void
  /// Writes to standard error.
  var writeErr: @Sendable ([UInt8]) -> Void
  /// Whether standard output is a terminal.
  var stdoutIsTerminal: Bool
  /// Whether standard input and output are both terminals (the app may start).
  var interactive: Bool
  /// The terminal's width in cells, when known.
  var terminalColumns: Int?
  /// The terminal's height in cells, when known (the area of a video in the terminal).
  var terminalRows: Int? = nil
  /// Makes the network client for a configuration and pacing policy (tests inject a
  /// replay-backed or mock one).
  var makeClient: @Sendable (ClientConfiguration, PacingPolicy) -> ITunesClient
  /// Where tunes keeps its files.
  var paths: StoragePaths
  /// The wall clock.
  var now: @Sendable () -> Date
  /// Whether standard error is a terminal (progress lines are drawn only then).
  var stderrIsTerminal = false
  /// Reads standard input (`tunes lookup -`; tests inject the bytes), at most
  /// `BoundedInput.limit` bytes and one more, so `< /dev/zero` ends.
  var readStdin: @Sendable () -> Data = { BoundedInput.read(STDIN_FILENO) }
  /// Reads one line a person types on the terminal (a confirmation); `nil` at the end of input.
  var readLine: @Sendable () -> String? = { Swift.readLine() }
  /// Whether commands may take over SIGTERM, SIGHUP and SIGINT (the real process; not tests that
  /// run commands in-process).
  var handlesSignals = false
  /// Asked between the storefronts of a `tunes where` sweep: whether to stop there (tests; the
  /// real process stops on Ctrl-C).
  var stopRequested: @Sendable () -> Bool = { false }
  /// `--quiet`: stderr carries errors only (notes and progress are dropped).
  var quiet = false
  /// The first failed write to stdout or stderr, which `TunesCLI.run` turns into exit 74.
  var outputStatus = OutputStatus()
  /// Makes the preview player for an environment and config file (the live one comes from
  /// TunesLive; tests inject a double or a live player with test options).
  var makePlayer: @Sendable ([String: String], URL) -> Player = { _, _ in .unavailable }
  /// Opens the history and favourites database (TunesLive's `LiveStorage.open`; tests keep it,
  /// with `paths` in a temporary folder).
  var openDatabase: LiveStorage.Opener = LiveStorage.open
  /// Runs the terminal app (the executable wires the live one in; tests leave the default,
  /// which says no app is linked).
  var startApp: TunesCLI.AppStarter = { _ in
    FileOutput.write(Array("tunes: this build has no terminal app.\n".utf8), to: STDERR_FILENO)
    return ExitCode.failure
  }

  /// The history and favourites database under `paths`, for writing or only for reading.
  func database(writable: Bool) throws -> TunesDatabase {
    try openDatabase(paths, writable, now)
  }

  /// Writes a string to standard output.
  func out(_ text: String) { writeOut(Array(text.utf8)) }
  /// Writes a line to standard error, sanitized (`sanitizeParagraph(_:)`: escape sequences,
  /// controls and bidi controls removed, line breaks kept): every message on stderr may quote
  /// the network (a server's `errorMessage`, a title), so none is written raw.
  func err(_ text: String) {
    let clean = sanitizeParagraph(text)
    writeErr(Array((clean.hasSuffix("\n") ? clean : clean + "\n").utf8))
  }

  /// Whether to colour output: only on a terminal and never with NO_COLOR set.
  var color: Bool {
    stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// The width tables are cut to: the terminal's, else `COLUMNS`, else none.
  var tableWidth: Int? {
    if stdoutIsTerminal, let terminalColumns, terminalColumns > 0 { return terminalColumns }
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return nil
  }

  /// The real process: file descriptors 1 and 2, the live client and player (made by
  /// TunesLive), XDG paths.
  static func live(_ live: LiveCommandValues) -> CLIContext {
    let environment = ProcessInfo.processInfo.environment
    let status = OutputStatus()
    var size = winsize()
    let columns: Int? =
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    return CLIContext(
      environment: environment,
      writeOut: { status.write($0, to: .standardOutput) },
      writeErr: { status.write($0, to: .standardError) },
      stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
      interactive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
      terminalColumns: columns,
      terminalRows: columns != nil && size.ws_row > 0 ? Int(size.ws_row) : nil,
      makeClient: live.makeClient,
      paths: StoragePaths(environment: environment),
      now: { Date() }, stderrIsTerminal: isatty(STDERR_FILENO) == 1, handlesSignals: true,
      outputStatus: status, makePlayer: live.makePlayer, openDatabase: live.openDatabase)
  }
}

/// Unbuffered writes to a file descriptor.
enum FileOutput {
  /// Writes every byte, retrying on EINTR and after short writes; returns `errno` of the write
  /// that failed (ENOSPC on a full disk, EBADF on a closed descriptor, EPIPE on a closed pipe),
  /// `nil` when every byte was written.
  @discardableResult
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      guard var pointer = raw.baseAddress else { return nil }
      var remaining = raw.count
      while remaining > 0 {
        let written = Glibc.write(descriptor, pointer, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if written == 0 { return EIO }
        remaining -= written
        pointer += written
      }
      return nil
    }
  }
}

extension CLIContext {
  /// What an M3U8 entry plays for an item: its whole episode or preview, moved where
  /// `TUNES_MEDIA_BASE` says.
  var mediaURL: @Sendable (CatalogItem) -> URL? {
    let environment = environment
    return { LivePlayback.previewURL(for: $0, environment: environment) }
  }
}
