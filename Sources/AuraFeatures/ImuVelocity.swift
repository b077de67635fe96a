import AuraIngest
import Foundation

/// Vertical velocity of the load from a bar IMU: gravity is the mean specific force over the
/// whole recording (the load ends where it started, so its mean acceleration is zero); the
/// vertical acceleration is the specific force along gravity minus g; it is integrated per
/// phase from a still point and corrected linearly so it is still again at the phase's end
/// (a zero-velocity update at both turning points).
struct ImuVelocity {
  let times: [Double]
  let verticalAcceleration: [Double]

  init(_ imu: ImuSeries) {
    let n = Double(imu.times.count)
    let gx = imu.accelX.reduce(0, +) / n
    let gy = imu.accelY.reduce(0, +) / n
    let gz = imu.accelZ.reduce(0, +) / n
    let g = (gx * gx + gy * gy + gz * gz).squareRoot()
    times = imu.times
    verticalAcceleration = imu.times.indices.map { i in
      (imu.accelX[i] * gx + imu.accelY[i] * gy + imu.accelZ[i] * gz) / g - g
    }
  }

  /// Mean and peak upward velocity over the concentric phase found between `start` and `end`
  /// (seconds), each widened by `margin` so the true still points are inside.
  func concentric(from start: Double, to end: Double, margin: Double = 0.03) -> (
    mean: Double, peak: Double
  )? {
    let lo = firstIndex(atOrAfter: start - margin)
    let hi = firstIndex(atOrAfter: end + margin)
    guard hi - lo >= 4 else { return nil }
    var velocity = [Double](repeating: 0, count: hi - lo + 1)
    for k in 1..<velocity.count {
      let i = lo + k
      let dt = times[i] - times[i - 1]
      velocity[k] =
        velocity[k - 1] + 0.5 * (verticalAcceleration[i] + verticalAcceleration[i - 1]) * dt
    }
    let drift = velocity[velocity.count - 1]
    let span = times[hi] - times[lo]
    for k in velocity.indices { velocity[k] -= drift * (times[lo + k] - times[lo]) / span }
    // The concentric phase: the longest run of upward velocity.
    var best: Range<Int> = 0..<0
    var runStart: Int? = nil
    for k in 0...velocity.count {
      let up = k < velocity.count && velocity[k] > 0
      if up, runStart == nil { runStart = k }
      if !up, let s = runStart {
        if k - s > best.count { best = s..<k }
        runStart = nil
      }
    }
    guard best.count >= 2 else { return nil }
    var displacement = 0.0
    for k in (best.lowerBound + 1)..<best.upperBound {
      displacement += 0.5 * (velocity[k] + velocity[k - 1]) * (times[lo + k] - times[lo + k - 1])
    }
    let duration = times[lo + best.upperBound - 1] - times[lo + best.lowerBound]
    guard duration > 0 else { return nil }
    return (displacement / duration, velocity[best].max() ?? 0)
  }

  private func firstIndex(atOrAfter t: Double) -> Int {
    var low = 0
    var high = times.count - 1
    while low < high {
      let mid = (low + high) / 2
      if times[mid] < t { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
