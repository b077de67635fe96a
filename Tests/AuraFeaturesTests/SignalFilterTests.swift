import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// The zero-phase low-pass the pose tracks go through, one series or two at once.
@Suite struct SignalFilterTests {
  /// A 1 Hz and a 15 Hz sine at 60 Hz, 10 s, with Gaussian noise.
  static func series(seed: UInt64, phase: Double) -> [Double] {
    var random = SeededRandom(seed: seed)
    return (0..<600).map { i in
      let t = Double(i) / 60
      return sin(2 * .pi * t + phase) + 0.5 * sin(2 * .pi * 15 * t) + 0.01 * random.gaussian()
    }
  }

  /// At 3 Hz the 1 Hz sine passes in phase and the 15 Hz one is gone.
  @Test func passesSlowMotionAndRemovesFastNoise() {
    let filtered = SignalFilter.lowPass(
      Self.series(seed: 1, phase: 0), cutoffHz: 3, sampleRateHz: 60)
    // Away from the ends, within 3 % of the slow sine, sample by sample.
    for i in 60..<540 {
      #expect(abs(filtered[i] - sin(2 * .pi * Double(i) / 60)) < 0.03)
    }
  }

  /// Two series filtered side by side come out bit for bit as each alone: with the same gaps
  /// (together) and with different ones (one after the other).
  @Test func twoAtOnceAreEachAlone() {
    var x = Self.series(seed: 2, phase: 0.3)
    var y = Self.series(seed: 3, phase: 1.1)
    for i in 100..<130 {
      x[i] = .nan
      y[i] = .nan
    }
    x[400] = .nan
    y[400] = .nan
    func alone(_ values: [Double]) -> [Double] {
      SignalFilter.lowPass(values, cutoffHz: 3, sampleRateHz: 60)
    }
    func same(_ a: [Double], _ b: [Double]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
    let together = SignalFilter.lowPass(x, y, cutoffHz: 3, sampleRateHz: 60)
    #expect(same(together.0, alone(x)) && same(together.1, alone(y)))
    #expect(together.0[115].isNaN && together.1[400].isNaN)
    y[500] = .nan
    let apart = SignalFilter.lowPass(x, y, cutoffHz: 3, sampleRateHz: 60)
    #expect(same(apart.0, alone(x)) && same(apart.1, alone(y)))
    #expect(!same(apart.1, together.1))
  }

  /// A change of posture (a step of 1) with a rep-like swing of 0.3 on either side, every 40
  /// samples, under a moving median over 120: the level keeps the step where it is, within
  /// a swing's reach of the true level, where a moving mean spreads it over the window.
  @Test func aMovingMedianKeepsAStepWhereItIs() {
    let values = (0..<600).map { i in
      (i < 300 ? 0.0 : 1.0) + 0.3 * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / 40))
    }
    let level = SignalFilter.movingMedian(values, half: 60)
    let mean = SignalFilter.movingMean(values, half: 60)
    for i in [250, 290, 310, 350] {
      let truth = i < 300 ? 0.0 : 1.0
      #expect(abs(level[i] - truth) <= 0.3, "sample \(i): \(level[i])")
    }
    #expect(mean[290] > 0.3 && mean[310] < 0.85)
    #expect(SignalFilter.movingMedian([], half: 3).isEmpty)
  }
}
