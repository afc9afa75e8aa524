/// A seeded pseudo-random generator (SplitMix64): the demo catalogue is the same on every run
/// and every machine, whatever Swift's hashing seed.
struct DemoRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// One element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// True with the given probability (0...1).
  mutating func chance(_ probability: Double) -> Bool {
    Double(next() % 10_000) < probability * 10_000
  }
}
