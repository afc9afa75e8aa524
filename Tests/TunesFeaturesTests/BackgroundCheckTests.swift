import AppArchitecture
import Foundation
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Background check at start")
struct BackgroundCheckTests {
  @Test("the start-up loads do not wait for the background check; its finding becomes the notice")
  func noticeAfterLoads() async throws {
    let gate = AsyncStream<Void>.makeStream()
    let text = "Your history and favourites database is damaged. It was kept as /x."
    var dependencies = Samples.dependencies()
    dependencies.backgroundCheck = {
      for await _ in gate.stream { break }
      return text
    }
    let store = makeStore(AppState(), dependencies)
    try await store.send(.appStarted)
    // The loads all answer while the check still runs.
    try await store.receiveEmptyStartUp()
    #expect(
      await eventually(within: 10) { store.inFlightEffectCount == 1 },
      "only the check is still running")
    gate.continuation.yield()
    try await store.receive(.startupNoticeReported(text)) { $0.notice = text }
    try await store.finish()
  }

  @Test("a check that finds nothing says nothing")
  func silentWhenClean() async throws {
    var dependencies = Samples.dependencies()
    dependencies.backgroundCheck = { nil }
    let store = makeStore(AppState(), dependencies)
    try await store.send(.appStarted)
    try await store.receiveEmptyStartUp()
    // Every action start-up sent is received: the check sent none.
    try await store.finish()
  }
}
