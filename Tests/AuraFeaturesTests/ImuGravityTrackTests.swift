import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraIngest

/// Gravity tracked through a sensor's turns: a bar that turns 90° with every rep, as a curl's
/// bar turns with the forearms, read by a gyroscope with a bias of 4.6 °/s (as the real bar
/// recordings' read at rest).
@Suite struct ImuGravityTrackTests {
  /// Ten reps of `travel` metres every 3 s between 2 s rests, the sensor turning about its x
  /// axis by `turn` radians at each rep's far end: the series, and the specific force along
  /// gravity at each sample (m/s²).
  static func curls(turn: Double, gyroBias: Double, rateHz: Double = 100) -> (
    series: ImuSeries, up: [Double]
  ) {
    let (rest, period, travel, g) = (2.0, 3.0, 0.45, 9.80665)
    let active = 10 * period
    func height(_ t: Double) -> Double {
      let s = t - rest
      guard s > 0, s < active else { return 0 }
      return travel * pow(sin(.pi * s / period), 2)
    }
    func angle(_ t: Double) -> Double { turn * height(t) / travel }
    let h = 1e-3
    let times = (0..<Int((2 * rest + active) * rateHz)).map { Double($0) / rateHz }
    let up = times.map { g + (height($0 + h) - 2 * height($0) + height($0 - h)) / (h * h) }
    let series = ImuSeries(
      times: times, accelX: times.map { _ in 0 },
      accelY: zip(times, up).map { sin(angle($0)) * $1 },
      accelZ: zip(times, up).map { cos(angle($0)) * $1 },
      gyroX: times.map { (angle($0 + h) - angle($0 - h)) / (2 * h) + gyroBias },
      gyroY: times.map { _ in 0 }, gyroZ: times.map { _ in 0 }, placement: .barbell,
      quality: RecordingQuality(
        path: "bar.csv", format: "generic", samples: times.count, sampleRateHz: rateHz,
        duplicateTimestamps: 0, gaps: 0, missingFraction: 0, resampled: false, notes: []))
    return (series, up)
  }

  static func rms(_ a: [Double], _ b: [Double]) -> Double {
    (zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) / Double(a.count)).squareRoot()
  }

  /// Tracked, the specific force along gravity is the true one within 0.05 m/s² (RMS);
  /// with gravity fixed at its mean direction it is off by more than 1 m/s².
  @Test func aTurningBarsVerticalForceIsFollowed() throws {
    let (series, up) = Self.curls(turn: 1.6, gyroBias: 0.08)
    let (tracked, turned) = try #require(ImuGravityTrack.vertical(series))
    #expect(turned > 20, "turned \(turned)°")
    let fixed = try #require(ImuHeightTrack.fixedForceUp(series))
    #expect(Self.rms(tracked, up) < 0.05)
    #expect(Self.rms(fixed, up) > 1)
  }

  /// A bar that does not turn reads as not turned (its reps are then counted with gravity
  /// fixed): a gyroscope's bias and noise do not make it turn.
  @Test func aBarThatDoesNotTurnReadsAsNotTurned() throws {
    let (series, _) = Self.curls(turn: 0, gyroBias: 0.08)
    let (_, turned) = try #require(ImuGravityTrack.vertical(series))
    #expect(turned < 5, "turned \(turned)°")
  }
}
