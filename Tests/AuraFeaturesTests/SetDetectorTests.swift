import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// Set detection's activity windows.
@Suite struct SetDetectorTests {
  /// The one-pass extremes equal each window's own minimum and maximum over its finite values,
  /// on series with ties, gaps and runs of NaN longer than a window, at several radii.
  @Test func slidingExtremesMatchEveryWindow() {
    var random = SeededRandom(seed: 5)
    var emptyWindows = 0
    for radius in [1, 2, 7, 30] {
      for _ in 0..<40 {
        let count = random.integer(0...300)
        var values = (0..<count).map { _ in random.uniform(-3...3).rounded() / 2 }
        for i in values.indices where random.chance(0.1) { values[i] = .nan }
        if count > 100, random.chance(0.5) {
          let start = random.integer(0...(count - 80))
          for i in start..<(start + 2 * radius + 10) { values[i] = .nan }
        }
        let (low, high) = SetDetector.slidingExtremes(values, radius: radius)
        #expect(low.count == count && high.count == count)
        for i in 0..<count {
          let window = values[max(0, i - radius)...min(count - 1, i + radius)].filter(\.isFinite)
          #expect(low[i] == (window.min() ?? .infinity), "radius \(radius) sample \(i)")
          #expect(high[i] == (window.max() ?? -.infinity), "radius \(radius) sample \(i)")
          if window.isEmpty { emptyWindows += 1 }
        }
      }
    }
    #expect(emptyWindows > 0)
  }
}
