import AuraIngest
import Foundation

/// Vertical velocity of the load from a bar IMU, one rep at a time.
///
/// Each rep is integrated over a window that starts and ends while the bar is still (between
/// reps). Over such a window the bar's mean acceleration is zero, so the mean specific force is
/// gravity in the sensor frame (including the accelerometer's bias): projecting every sample on
/// it removes the sensor's orientation and gravity at once. The vertical acceleration is
/// integrated to velocity, and corrected linearly so that it is zero at both ends (a
/// zero-velocity update at both still points, which also removes a constant bias), then
/// integrated to height. The mean concentric velocity is the rise of that height over the
/// concentric phase it is given, over its duration: the IMU supplies the displacement, and the
/// phase is timed by the joint angle and by the bar's height together (`RepMeasurer.fused`).
/// The sensor is assumed not to turn within a rep. (Sessions with an IMU and no pose
/// are measured by `ImuRepMeasurer`.)
struct ImuVelocity {
  let series: ImuSeries

  init(_ imu: ImuSeries) { series = imu }

  /// Mean and peak upward velocity over the concentric `phase` (seconds) of the rep integrated
  /// over the window `start` to `end` (seconds, both while the bar is still).
  func concentric(from start: Double, to end: Double, phase: ClosedRange<Double>) -> BarVelocity? {
    let lo = firstIndex(atOrAfter: start)
    let hi = min(firstIndex(atOrAfter: end), series.times.count - 1)
    guard hi - lo >= 8 else { return nil }
    let window = lo...hi
    let count = Double(window.count)
    var g = (0.0, 0.0, 0.0)
    for i in window {
      g.0 += series.accelX[i]
      g.1 += series.accelY[i]
      g.2 += series.accelZ[i]
    }
    g = (g.0 / count, g.1 / count, g.2 / count)
    let magnitude = (g.0 * g.0 + g.1 * g.1 + g.2 * g.2).squareRoot()
    guard magnitude > 0 else { return nil }
    let vertical = window.map { i in
      (series.accelX[i] * g.0 + series.accelY[i] * g.1 + series.accelZ[i] * g.2) / magnitude
        - magnitude
    }
    let t = Array(series.times[window])
    var velocity = SignalFilter.integral(vertical[...], times: t[...])
    let drift = velocity[velocity.count - 1]
    let span = t[t.count - 1] - t[0]
    for k in velocity.indices { velocity[k] -= drift * (t[k] - t[0]) / span }
    let height = SignalFilter.integral(velocity[...], times: t[...])
    let begin = Self.interpolate(height, t, at: phase.lowerBound)
    let finish = Self.interpolate(height, t, at: phase.upperBound)
    let inPhase = t.indices.filter { phase.contains(t[$0]) }
    guard phase.upperBound > phase.lowerBound, let peak = inPhase.map({ velocity[$0] }).max()
    else { return nil }
    return BarVelocity(mean: (finish - begin) / (phase.upperBound - phase.lowerBound), peak: peak)
  }

  /// `values` (sampled at `times`) at time `t`, linearly interpolated and clamped to the ends.
  private static func interpolate(_ values: [Double], _ times: [Double], at t: Double) -> Double {
    guard t > times[0] else { return values[0] }
    guard let k = times.firstIndex(where: { $0 >= t }) else { return values[values.count - 1] }
    let w = (t - times[k - 1]) / (times[k] - times[k - 1])
    return values[k - 1] * (1 - w) + values[k] * w
  }

  /// The first sample at or after `t` (binary search).
  private func firstIndex(atOrAfter t: Double) -> Int {
    let times = series.times
    var low = 0
    var high = times.count - 1
    while low < high {
      let mid = (low + high) / 2
      if times[mid] < t { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
