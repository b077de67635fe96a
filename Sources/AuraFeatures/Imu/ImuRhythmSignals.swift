import AuraDomain
import AuraIngest
import Foundation

/// The signals the rhythm of an IMU worn on a limb is read on: each accelerometer axis and the
/// acceleration's magnitude, low-passed, on the height track's grid. A watch does not ride the
/// load, and without a gyroscope its height drifts with every turn of the forearm, while
/// gravity's share of each axis swings with the forearm's angle at every rep: the field's wrist
/// counters (RecoFit, Morris et al. 2014) count on these. Axes rather than their principal
/// components: they count as well on the muvr wrist sets and need no eigen-solver written by
/// hand.
enum ImuRhythmSignals {
  /// Where the sensor turns with the limb rather than riding the load: on a bar or a dumbbell
  /// the acceleration pulses twice a rep (speeding up, slowing down) and the height is the
  /// rep's own signal.
  static let placements: Set<ImuPlacement> = Set(ImuPlacement.allCases.filter(\.turnsWithLimb))
  /// Above the rep rates counted (periods of 0.5 s and more) and below a sensor's tremor.
  static let cutoffHz = 3.0

  /// The candidates for `imu`, resampled to `times` (the height track's grid).
  static func candidates(_ imu: ImuSeries, times: [Double], sampleRateHz: Double) -> [[Double]] {
    let magnitude = Self.magnitude(imu.accelX, imu.accelY, imu.accelZ)
    return [imu.accelX, imu.accelY, imu.accelZ, magnitude].map {
      conditioned($0, imu: imu, times: times, sampleRateHz: sampleRateHz)
    }
  }

  /// The candidates for an IMU on the load (`candidates`, then the rotation rate's magnitude
  /// where there is a gyroscope). A bar rolls in the hands as it moves, so gravity shifts from
  /// one axis to another during the set and the height, read along gravity as it lay at the
  /// start, drifts; the axes and the magnitudes swing with every rep whichever way the sensor
  /// points.
  static func loadCandidates(_ imu: ImuSeries, times: [Double], sampleRateHz: Double)
    -> [[Double]]
  {
    var signals = candidates(imu, times: times, sampleRateHz: sampleRateHz)
    if imu.hasGyroscope {
      let rate = magnitude(imu.gyroX, imu.gyroY, imu.gyroZ)
      signals.append(conditioned(rate, imu: imu, times: times, sampleRateHz: sampleRateHz))
    }
    return signals
  }

  /// Each sample's vector length.
  private static func magnitude(_ x: [Double], _ y: [Double], _ z: [Double]) -> [Double] {
    x.indices.map { (x[$0] * x[$0] + y[$0] * y[$0] + z[$0] * z[$0]).squareRoot() }
  }

  private static func conditioned(
    _ values: [Double], imu: ImuSeries, times: [Double], sampleRateHz: Double
  ) -> [Double] {
    SignalFilter.lowPass(
      PoseSignals.resample(values, from: imu.times, to: times), cutoffHz: cutoffHz,
      sampleRateHz: sampleRateHz)
  }
}
