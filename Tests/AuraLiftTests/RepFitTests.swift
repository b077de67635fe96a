import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraIngest

/// The whole-rep fit against reps drawn exactly from its model.
@Suite struct RepFitTests {
  /// A rep at 60 Hz: rest at 10, down to −80 over [1.0, 2.3] s (cosine), a 0.15 s pause, back up
  /// to 10 over [2.45, 3.15] s (a 30 % cosine, 70 % minimum-jerk mixture), rest until 4 s.
  static func rep(noise: Double, seed: UInt64 = 1) -> (times: [Double], values: [Double]) {
    let down = MotionLaw(smoothness: 0)
    let up = MotionLaw(smoothness: 0.7)
    var state = seed
    func gaussian() -> Double {
      // Box-Muller on a 64-bit LCG: reproducible without Foundation's random.
      func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(state >> 11) + 0.5) / Double(1 << 53)
      }
      return (-2 * log(unit())).squareRoot() * cos(2 * .pi * unit())
    }
    let times = (0..<240).map { Double($0) / 60 }
    let values = times.map { t in
      10 - 90 * down((t - 1.0) / 1.3) + 90 * up((t - 2.45) / 0.7) + noise * gaussian()
    }
    return (times, values)
  }

  @Test func recoversTheBoundariesOfAnExactRep() throws {
    let (times, values) = Self.rep(noise: 0)
    let refined = try #require(
      RepFit.refine(
        values, times: times, window: 0...239,
        first: .init(range: 1.05...2.4, law: .halfway),
        second: .init(range: 2.4...3.2, law: .halfway), smoothest: MotionLaw.human))
    #expect(abs(refined.first.lowerBound - 1.0) < 0.005)
    #expect(abs(refined.first.upperBound - 2.3) < 0.005)
    #expect(abs(refined.second.lowerBound - 2.45) < 0.005)
    #expect(abs(refined.second.upperBound - 3.15) < 0.005)
  }
}

/// The sample rate of a recording whose timestamps were rounded.
@Suite struct SampleRateTests {
  @Test func roundedTimestampsGiveTheTrueRate() throws {
    // 30 Hz frames for a minute, written to a tenth of a millisecond (0.0333 or 0.0334 apart),
    // and one dropped stretch of 10 frames.
    let frames = (0..<1800).filter { !(900..<910).contains($0) }
    let times = frames.map { (Double($0) / 30 * 10_000).rounded() / 10_000 }
    let (rate, gaps) = try TimeAxis.rateAndGaps(times, path: "pose.json")
    #expect(abs(rate - 30) < 0.001)
    #expect(gaps == 1)
  }
}
