import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import TestSupport
import TunesStorage

@testable import TunesCLI

/// Runs the CLI in-process with captured output, a mock or real client and temporary storage.
final class CLIHarness: @unchecked Sendable {
  private let lock = NSLock()
  private var outBytes: [UInt8] = []
  private var errBytes: [UInt8] = []
  let home: URL
  var environment: [String: String]
  var terminal: (isTTY: Bool, columns: Int?) = (false, nil)
  var client: ITunesClient
  /// The preview player commands get (`nil`: `Player.unavailable`).
  var player: Player?
  /// Opens the database (`nil`: TunesLive's `LiveStorage.open`, under `home`).
  var openDatabase:
    (@Sendable (StoragePaths, Bool, @escaping @Sendable () -> Date) throws -> TunesDatabase)?
  /// The wall clock the command sees.
  var now = Date(timeIntervalSince1970: 1_764_000_000)
  /// What the command reads from standard input.
  var stdin = Data()
  /// Whether standard error is a terminal.
  var stderrIsTerminal = false
  /// Whether standard input and output are terminals (a confirmation may be asked).
  var interactive = false
  /// The line a person types when asked (`nil`: the end of input).
  var typedLine: String?
  /// Asked between the storefronts of a `tunes where` sweep (`nil`: never stop).
  var stopRequested: (@Sendable () -> Bool)?
  /// The `errno` every write to stdout fails with (`nil`: writes succeed).
  var stdoutFailure: Int32?
  /// Makes the client from the pacing policy the command asks for (`nil`: `client`).
  var clientForPacing: (@Sendable (PacingPolicy) -> ITunesClient)?

  init(client: ITunesClient) throws {
    home = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    environment = ["HOME": home.path]
    self.client = client
  }

  deinit { try? FileManager.default.removeItem(at: home) }

  var stdout: String { lock.withLock { String(decoding: outBytes, as: UTF8.self) } }
  var stderr: String { lock.withLock { String(decoding: errBytes, as: UTF8.self) } }
  var stdoutBytes: [UInt8] { lock.withLock { outBytes } }

  func run(_ arguments: [String]) async -> Int32 {
    lock.withLock {
      outBytes = []
      errBytes = []
    }
    let client = self.client
    let clientForPacing = self.clientForPacing
    let status = OutputStatus()
    let stdoutFailure = self.stdoutFailure
    var context = CLIContext(
      environment: environment,
      writeOut: { bytes in
        if let stdoutFailure {
          status.record(stdoutFailure, on: .standardOutput)
        } else {
          self.lock.withLock { self.outBytes += bytes }
        }
      },
      writeErr: { bytes in self.lock.withLock { self.errBytes += bytes } },
      stdoutIsTerminal: terminal.isTTY, interactive: interactive,
      terminalColumns: terminal.columns,
      makeClient: { _, pacing in clientForPacing?(pacing) ?? client },
      paths: StoragePaths(environment: environment),
      now: { [now] in now })
    if let player { context.makePlayer = { _, _ in player } }
    if let openDatabase { context.openDatabase = openDatabase }
    let input = stdin
    context.readStdin = { input }
    let typed = typedLine
    context.readLine = { typed }
    context.stderrIsTerminal = stderrIsTerminal
    if let stopRequested { context.stopRequested = stopRequested }
    context.outputStatus = status
    return await TunesCLI.run(arguments, context: context)
  }

  /// A client answering every request with a shared recording.
  static func fixtureClient(_ name: String) -> ITunesClient {
    ITunesClient.mock { _ in try CatalogPage.decode(Fixtures.shared(name)) }
  }
}
