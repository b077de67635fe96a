import Foundation
import Testing

@testable import AuraFeatures

/// Walking is told from reps by the acceleration's magnitude pulsing at every step.
@Suite struct WalkingStepsTests {
  /// The magnitude (g) at 50 Hz: 4 s still, `seconds` of `motion`, 4 s still, with a
  /// sensor's noise.
  static func magnitude(seconds: Double, _ motion: (Double) -> Double) -> [Double] {
    var random = SystemRandomNumberGenerator()
    let rate = 50.0
    return (0..<Int((8 + seconds) * rate)).map { i in
      let t = Double(i) / rate
      let moving = t >= 4 && t < 4 + seconds ? motion(t - 4) : 0
      return 1 + moving + Double.random(in: -0.01...0.01, using: &random)
    }
  }

  /// Six seconds of steps at 1.8 a second (a 0.15 g bounce) are walking, where they are and
  /// nowhere else; a rep's jolt every 3 s (a swing and a half of 0.3 g as the load speeds up
  /// and slows down) is not, nor is stillness.
  @Test func stepsAreWalkingAndARepsJoltIsNot() {
    let steps = Self.magnitude(seconds: 6) { 0.15 * sin(2 * Double.pi * 1.8 * $0) }
    let walking = WalkingSteps.mask(magnitude: steps, sampleRateHz: 50)
    let runs = SignalFilter.runs(walking)
    #expect(runs.count == 1)
    if let run = runs.first {
      #expect(abs(Double(run.lowerBound) / 50 - 4) <= 1.5, "\(run)")
      #expect(abs(Double(run.upperBound) / 50 - 10) <= 1.5, "\(run)")
    }
    let jolts = Self.magnitude(seconds: 15) { t in
      let within = t.truncatingRemainder(dividingBy: 3)
      return within < 0.75 ? 0.3 * sin(2 * Double.pi * within / 0.5) : 0
    }
    #expect(!WalkingSteps.mask(magnitude: jolts, sampleRateHz: 50).contains(true))
    let still = Self.magnitude(seconds: 0) { _ in 0 }
    #expect(!WalkingSteps.mask(magnitude: still, sampleRateHz: 50).contains(true))
  }

  /// Bridged, a walk leaves a straight line from the value before it to the value after it.
  @Test func aWalkIsBridgedStraight() {
    let signal = [1.0, 2, 9, -4, 7, 5, 6]
    let walking = [false, false, true, true, true, false, false]
    #expect(WalkingSteps.bridged([signal], over: walking) == [[1, 2, 2.75, 3.5, 4.25, 5, 6]])
  }
}
