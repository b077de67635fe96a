import Foundation

/// Deterministic random numbers (SplitMix64) so a seed always yields the same dataset.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// Uniform in `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// Integer uniform in `range`.
  mutating func integer(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// Standard normal (Box-Muller).
  mutating func gaussian() -> Double {
    let u1 = max(unit(), 1e-300)
    let u2 = unit()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  mutating func pick<T>(_ values: [T]) -> T { values[integer(0...(values.count - 1))] }
}
