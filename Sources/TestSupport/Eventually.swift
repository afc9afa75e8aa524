import Foundation

/// Polls `condition` (every 5 ms of real time) until it holds or `seconds` pass; returns whether
/// it held. The one polling helper of the tests, for conditions no hook reports (another
/// process's output, a terminal's screen); the bound only matters when a test fails.
nonisolated(nonsending) public func eventually(
  within seconds: Double = 30, _ condition: () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let end = clock.now + .seconds(seconds)
  while clock.now < end {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return await condition()
}
