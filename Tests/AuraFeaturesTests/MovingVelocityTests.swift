import Foundation
import Testing

@testable import AuraDomain
@testable import AuraFeatures
@testable import AuraIngest
@testable import AuraSynth

/// Mean concentric velocity over the moving stretch (upward at 0.05 m/s or more), from a
/// sampled velocity, from a bar IMU and from pose's concentric height model.
@Suite struct MovingVelocityTests {
  /// v(t) = 0.5 sin(πt) on [0, 1] s: the load moves at 0.05 m/s or more from
  /// t₁ = asin(0.1)/π = 0.031884 s to 1 − t₁, and the mean over that stretch is
  /// cos(πt₁) / π / (1 − 2t₁) = 0.338286 m/s (the zero-to-zero mean is 1/π = 0.3183).
  static let sineStart = asin(0.1) / Double.pi
  static let sineMovingMean = cos(Double.pi * sineStart) / Double.pi / (1 - 2 * sineStart)

  @Test func sineRiseGivesItsMovingStretchAndMean() throws {
    let times = (0...1000).map { Double($0) / 1000 }
    let velocity = times.map { 0.5 * sin(Double.pi * $0) }
    let stretch = try #require(
      MovingVelocity.stretch(velocity: velocity, times: times, window: 0...1000))
    #expect(abs(stretch.start - Self.sineStart) < 1e-5)
    #expect(abs(stretch.end - (1 - Self.sineStart)) < 1e-5)
    #expect(abs(stretch.mean - Self.sineMovingMean) < 1e-5)
    // A window that never reaches the threshold has no stretch.
    #expect(MovingVelocity.stretch(velocity: velocity, times: times, window: 0...20) == nil)
  }

  /// The sine rise after a 0.3 s pause and before a 0.3 s hold that an integrated velocity's
  /// drift lifts to 0.06 m/s: the stretch stops at both turning points instead of running on
  /// through the pause: the mean is the rise's, 0.06 + 1/π m/s (0.26 m/s when the stretch ran on
  /// to the window's edges).
  @Test func driftHeldAboveTheThresholdStopsAtTheTurningPoints() throws {
    let times = (0...1600).map { Double($0) / 1000 }
    let velocity = times.map { t in
      t < 0.3 || t > 1.3 ? 0.06 : 0.06 + 0.5 * sin(Double.pi * (t - 0.3))
    }
    let stretch = try #require(
      MovingVelocity.stretch(velocity: velocity, times: times, window: 0...1600))
    #expect(abs(stretch.start - 0.3) < 0.002)
    #expect(abs(stretch.end - 1.3) < 0.002)
    #expect(abs(stretch.mean - (0.06 + 1 / Double.pi)) < 1e-3)
  }

  /// The same rise recorded by a tilted bar IMU at 1 kHz (the rise's acceleration jumps at
  /// both ends, which a trapezoid at 100 Hz misses by 4 mm/s) with a constant accelerometer bias
  /// of 0.2 m/s² and rests of 1.5 s either side: gravity, orientation and the bias are
  /// removed and the moving mean comes out within 2 mm/s (validation case V-6 of
  /// SCIENCE.md, read over the moving stretch).
  @Test func barImuWithBiasGivesTheMovingMeanOfTheRise() throws {
    let rate = 1000.0
    let times = (0..<4000).map { Double($0) / rate }
    // Upward acceleration of v(t) = 0.5 sin(π(t − 1.5)) on [1.5, 2.5] s.
    let upward = times.map { t in
      t >= 1.5 && t <= 2.5 ? 0.5 * Double.pi * cos(Double.pi * (t - 1.5)) : 0
    }
    // The sensor's axes: vertical shared between y (cos 30°) and z (sin 30°).
    let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
    let force = upward.map { $0 + 9.80665 + 0.2 }
    let series = ImuSeries(
      times: times, accelX: times.map { _ in 0 }, accelY: force.map { $0 * c },
      accelZ: force.map { $0 * s }, gyroX: [], gyroY: [], gyroZ: [], placement: .barbell,
      quality: RecordingQuality(
        path: "imu.csv", format: "generic", samples: times.count, sampleRateHz: rate,
        duplicateTimestamps: 0, gaps: 0, missingFraction: 0, resampled: false, notes: []))
    let track = try #require(ImuHeightTrack(series))
    let velocity = try #require(track.concentricVelocity(1.5...2.5))
    #expect(abs(velocity.mean - Self.sineMovingMean) < 0.002)
    #expect(abs(velocity.peak - 0.5) < 0.01)
  }

  /// A press's height goes with the cosine of the upper arm's swing (flat at lockout): the
  /// height model, fitted to 30 Hz samples of the height along a known law, reads the moving
  /// mean of the true velocity (sampled every millisecond) within 1 % and its peak within 2 %.
  @Test func heightModelFollowsALeverToItsMovingMeanAndPeak() throws {
    let law = MotionLaw(smoothness: 0.6)
    let phase = 2.0...2.8
    let duration = phase.upperBound - phase.lowerBound
    // The elbow swings from 100° below vertical (u = 0) to vertical (u = 1), arm 0.3 m.
    func height(_ t: Double) -> Double {
      let u = law((t - phase.lowerBound) / duration)
      return 0.3 * cos((1 - u) * 100 * Double.pi / 180)
    }
    let times = (0..<150).map { Double($0) / 30 }
    let rep = ConcentricHeightModel.Rep(samples: 55...89, phase: phase, law: law)
    let model = try #require(
      ConcentricHeightModel.shared(height: times.map(height), times: times, reps: [rep])[0])
    let fine = (0...800).map { phase.lowerBound + Double($0) / 1000 }
    let trueVelocity = fine.map { (height($0 + 5e-4) - height($0 - 5e-4)) / 1e-3 }
    let truth = try #require(
      MovingVelocity.stretch(velocity: trueVelocity, times: fine, window: 0...800))
    let measured = try #require(model.velocity)
    #expect(abs(measured.mean - truth.mean) < 0.01 * truth.mean)
    let truePeak = try #require(trueVelocity.max())
    #expect(abs(measured.peak - truePeak) < 0.02 * truePeak)
    // The zero-to-zero mean is lower: the stretch leaves out the slow ends.
    let wholeMean = (height(phase.upperBound) - height(phase.lowerBound)) / duration
    #expect(truth.mean > 1.05 * wholeMean)
  }

  /// Three reps of one lever (0.3 m arm, 100° swing) at different speeds and motion laws, seen
  /// at 30 Hz with 4 mm of keypoint noise, 40 times over: with the shape shared, each rep's
  /// moving mean is read within 5 %, and the last rep's over the first's (what velocity loss
  /// is made of) errs less than half as much on average as when each rep has a cubic of its own
  /// (0.38 of it on these draws).
  @Test func aSetsRepsShareOneLeverShape() throws {
    let plan: [(start: Double, duration: Double, smoothness: Double)] = [
      (1.0, 0.6, 0.4), (3.0, 0.8, 0.6), (5.0, 1.1, 0.9),
    ]
    let times = (0..<210).map { Double($0) / 30 }
    func height(_ t: Double, _ rep: Int) -> Double {
      let (start, duration, smoothness) = plan[rep]
      let u = MotionLaw(smoothness: smoothness)((t - start) / duration)
      return 0.3 * cos((1 - u) * 100 * Double.pi / 180)
    }
    // Which rep's lever a time belongs to: the one whose phase (with 0.5 s around) holds it.
    let clean = times.map { t in height(t, plan.lastIndex { t >= $0.start - 0.5 } ?? 0) }
    let reps = plan.map { start, duration, smoothness in
      ConcentricHeightModel.Rep(
        samples: Int(((start - 0.15) * 30).rounded(.up))...Int(((start + duration + 0.15) * 30)),
        phase: start...(start + duration), law: MotionLaw(smoothness: smoothness))
    }
    let truth = try (0..<3).map { rep -> Double in
      let fine = (0...1200).map { plan[rep].start + Double($0) / 1000 }
      let velocity = fine.map { (height($0 + 5e-4, rep) - height($0 - 5e-4, rep)) / 1e-3 }
      let window = 0...Int(plan[rep].duration * 1000)
      return try #require(MovingVelocity.stretch(velocity: velocity, times: fine, window: window))
        .mean
    }
    var random = SeededRandom(seed: 17)
    var sharedLossError = 0.0
    var ownLossError = 0.0
    for _ in 0..<40 {
      let noisy = clean.map { $0 + 0.004 * random.gaussian() }
      let shared = try ConcentricHeightModel.shared(height: noisy, times: times, reps: reps)
        .map { try #require($0?.velocity?.mean) }
      let own = try reps.map {
        try #require(
          ConcentricHeightModel.shared(height: noisy, times: times, reps: [$0])[0]?.velocity?.mean)
      }
      for rep in 0..<3 { #expect(abs(shared[rep] / truth[rep] - 1) < 0.05) }
      sharedLossError += abs(shared[2] / shared[0] - truth[2] / truth[0])
      ownLossError += abs(own[2] / own[0] - truth[2] / truth[0])
    }
    #expect(sharedLossError < 0.5 * ownLossError)
  }
}
