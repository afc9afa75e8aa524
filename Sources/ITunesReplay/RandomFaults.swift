/// Faults drawn at random from a seed, for soak runs: each request gets one with probability
/// `rate`, chosen from `menu` (delays, throttling, 5xx, truncation, resets, hangs, bad bytes).
///
/// The same seed and rate give the same sequence of draws, so a soak run's faults can be played
/// again (`tunes replay DIR --random-faults SEED`). Which request gets which draw still depends on
/// the order requests arrive in.
package struct RandomFaults: Sendable, Equatable {
  /// The seed the sequence starts from.
  package let seed: UInt64
  /// The share of requests that get a fault, 0...1.
  package let rate: Double
  private var random: DemoRandom
  /// How many faults have been drawn so far.
  package private(set) var served = 0

  /// What a faulted request gets, each as likely as the others. Delays are short enough for an
  /// app's 15 s deadline to see both sides; a hang is only ended by that deadline.
  package static let menu: [ReplayFault] = [
    .delay(seconds: 0.5), .delay(seconds: 2), .delay(seconds: 5), .status(403), .status(500),
    .status(503), .html503, .truncated, .reset, .hang, .invalidUTF8,
  ]

  /// The share used when none is given.
  package static let defaultRate = 0.2

  /// Starts a sequence; `rate` is clamped to 0...1.
  package init(seed: UInt64, rate: Double = RandomFaults.defaultRate) {
    self.seed = seed
    self.rate = rate.isFinite ? min(1, max(0, rate)) : Self.defaultRate
    self.random = DemoRandom(seed: seed)
  }

  /// The fault for the next request, or nil for a normal answer.
  package mutating func next() -> ReplayFault? {
    guard random.chance(rate) else { return nil }
    served += 1
    return random.pick(Self.menu)
  }

  package static func == (lhs: RandomFaults, rhs: RandomFaults) -> Bool {
    lhs.seed == rhs.seed && lhs.rate == rhs.rate && lhs.served == rhs.served
  }
}
