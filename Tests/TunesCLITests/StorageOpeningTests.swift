import Foundation
import Synchronization
import TestSupport
import Testing
import TunesStorage

@testable import TunesCLI

/// The commands open the database through the opener the composition root hands them.
@Suite("Commands open the database through the context")
struct StorageOpeningTests {
  @Test("listings open it for reading; changes and recorded searches open it for writing")
  func readOrWrite() async throws {
    let cli = try CLIHarness(client: CLIHarness.fixtureClient(Recordings.songs))
    let opened = Mutex<[Bool]>([])
    cli.openDatabase = { paths, writable, now in
      opened.withLock { $0.append(writable) }
      return writable
        ? try TunesDatabase.open(paths: paths, now: now)
        : try TunesDatabase.openForReading(paths: paths, now: now)
    }
    #expect(await cli.run(["search", "jack", "johnson"]) == 0)
    #expect(await cli.run(["history"]) == 0)
    #expect(cli.stdout.contains("jack johnson"))
    #expect(await cli.run(["favorites", "list"]) == 0)
    #expect(await cli.run(["favorites", "export"]) == 0)
    #expect(await cli.run(["history", "--clear"]) == 0)
    #expect(opened.withLock { $0 } == [true, false, false, false, true])
  }

  @Test("a database that cannot be opened is the command's error, from the opener")
  func openerFailure() async throws {
    let cli = try CLIHarness(client: CLIHarness.fixtureClient(Recordings.songs))
    cli.openDatabase = { paths, _, _ in throw StorageError.readOnly(path: paths.databaseFile.path) }
    #expect(await cli.run(["history"]) != 0)
    #expect(cli.stderr.contains(cli.home.path))
  }
}
