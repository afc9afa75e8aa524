import Foundation

/// Polls `condition` until it holds or `seconds` pass; returns whether it held.
func eventually(
  within seconds: Double = 10, _ condition: @Sendable () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let end = clock.now + .seconds(seconds)
  while clock.now < end {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await condition()
}
