import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

@Test("manual run", .enabled(if: ProcessInfo.processInfo.environment["TUI_MANUAL"] == "1"))
@MainActor
func manualRun() async throws {
  let items = try Samples.items(Samples.mixed)
  let album = try Samples.items(Samples.albumTracks)
  var deps = TunesDependencies.test
  deps.clock = .live
  deps.client = ITunesClient.mock { request in
    try await Task.sleep(for: .milliseconds(700))
    if request.endpoint == .lookup { return CatalogPage(items: album) }
    return CatalogPage(items: items)
  }
  deps.history = .inMemory(["jack johnson", "queen", "jazz"])
  let session = try TerminalSession()
  let env = ProcessInfo.processInfo.environment
  let loop = ProgramLoop(
    terminal: session.io, dependencies: deps, capabilities: .detect(environment: env),
    log: DiagnosticsLog(environment: env))
  let code = await loop.run()
  session.restore()
  print("EXIT", code)
}
