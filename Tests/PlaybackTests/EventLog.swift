import Foundation
import Playback
import Synchronization
import TestSupport

/// Collects a player's events from one subscription, for tests that wait for a condition on
/// them (with a generous bound, never a fixed sleep).
final class EventLog: Sendable {
  private let events = Mutex<[PlayerEvent]>([])
  private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

  init(_ player: Player) {
    let stream = player.events()
    let reader = Task { [weak self] in
      for await event in stream { self?.events.withLock { $0.append(event) } }
    }
    task.withLock { $0 = reader }
  }

  var all: [PlayerEvent] { events.withLock { $0 } }

  var state: PlayerState {
    var state = PlayerState()
    for event in all { state.apply(event) }
    return state
  }

  /// Waits until `condition` holds for the events so far; returns whether it did in time.
  func waitUntil(
    timeout: Duration = .seconds(60), _ condition: @escaping ([PlayerEvent]) -> Bool
  ) async -> Bool {
    await ProcessRunner.waitUntil(timeout: timeout) { condition(self.all) }
  }

  /// Waits until the folded state satisfies `condition`.
  func waitForState(
    timeout: Duration = .seconds(60), _ condition: @escaping (PlayerState) -> Bool
  ) async -> Bool {
    await ProcessRunner.waitUntil(timeout: timeout) { condition(self.state) }
  }

  /// The first failure, if any.
  var failure: PlaybackFailure? {
    for case .failed(let failure) in all { return failure }
    return nil
  }

  /// Whether the preview reached its end or failed.
  static func finished(_ events: [PlayerEvent]) -> Bool {
    events.contains { event in
      if case .failed = event { return true }
      return event == .ended
    }
  }
}

/// The environment of the test process, with `overrides`.
func testEnvironment(_ overrides: [String: String] = [:]) -> [String: String] {
  ProcessInfo.processInfo.environment.merging(overrides) { _, new in new }
}
