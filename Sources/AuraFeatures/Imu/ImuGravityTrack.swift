import AuraIngest
import AuraSupport
import Foundation

/// Gravity's direction in the frame of a sensor that turns (a bar that rolls in the hands or
/// on the back, a curl's bar turning with the forearms), sample by sample: the gyroscope
/// turns the last estimate with the sensor, and the accelerometer's direction pulls it back
/// with a time constant of about a second, more where the specific force is near gravity's
/// magnitude (the load is not accelerating) and not at all where it is far from it (the
/// complementary filter of Mahony's and Madgwick's kind, for gravity alone, with Fusion's
/// acceleration rejection). The gyroscope follows the turns within a rep; the accelerometer
/// keeps its bias and noise from adding up over a set.
enum ImuGravityTrack {
  /// The specific force along gravity's tracked direction (m/s², upward positive), per
  /// sample of `imu`, and how far the sensor turned: the 95th percentile of the angle
  /// between gravity's direction and its mean over the recording, degrees. Nil without a
  /// gyroscope.
  static func vertical(_ imu: ImuSeries, timeConstant: Double = 1) -> (
    force: [Double], turnDegrees: Double
  )? {
    let n = imu.times.count
    guard imu.hasGyroscope, n >= 2, imu.gyroX.count == n else { return nil }
    let magnitudes = (0..<n).map { norm(force(imu, $0)) }
    var norms = magnitudes
    let gravity = OrderStatistic.select(&norms, rank: n / 2)
    guard gravity > 0 else { return nil }
    let bias = gyroscopeBias(imu, magnitudes: magnitudes, gravity: gravity)
    // Start from the accelerometer's mean direction over the first half second.
    var start = Vector(0, 0, 0)
    for i in 0..<n where imu.times[i] - imu.times[0] <= 0.5 { start = start + force(imu, i) }
    guard var up = unit(start) else { return nil }
    var vertical = [Double](repeating: 0, count: n)
    var directions: [Vector] = []
    directions.reserveCapacity(n)
    for i in 0..<n {
      let a = force(imu, i)
      if i > 0 {
        let dt = imu.times[i] - imu.times[i - 1]
        // A fixed world vector seen from a frame turning at ω turns at −ω.
        let rate = Vector(imu.gyroX[i] - bias.x, imu.gyroY[i] - bias.y, imu.gyroZ[i] - bias.z)
        up = rotate(up, by: rate * -dt)
        let magnitude = magnitudes[i]
        let trust = max(0, 1 - abs(magnitude / gravity - 1) / 0.3)
        if trust > 0, magnitude > 0 {
          let measured = a * (1 / magnitude)
          let weight = min(1, trust * dt / timeConstant)
          up = unit(up * (1 - weight) + measured * weight) ?? up
        }
      }
      vertical[i] = dot(a, up)
      directions.append(up)
    }
    let mean = unit(directions.reduce(Vector(0, 0, 0), +)) ?? up
    // The angle falls as the cosine rises: the 95th percentile angle is the angle of the
    // 5th percentile cosine, one arccosine instead of one a sample.
    var cosines = directions.map { max(-1, min(1, dot($0, mean))) }
    let cosine = OrderStatistic.select(&cosines, rank: n - 1 - n * 95 / 100)
    return (vertical, acos(cosine) * 180 / .pi)
  }

  /// The gyroscope's reading at rest, per axis: its median over the samples where the
  /// specific force (`magnitudes`, per sample) is within 0.5 m/s² of gravity's magnitude for
  /// a quarter second either side (the sensor still, or nearly); over every sample where that
  /// holds for fewer than a second of them. Cheap gyroscopes read several degrees a second at rest (the bar
  /// recordings: 3-6 °/s), which would turn the tracked gravity by as much each second.
  private static func gyroscopeBias(_ imu: ImuSeries, magnitudes: [Double], gravity: Double)
    -> Vector
  {
    let n = imu.times.count
    let near = magnitudes.map { abs($0 - gravity) <= 0.5 }
    var still: [Int] = []
    var lastFar = -Double.infinity
    var nextFar = [Double](repeating: .infinity, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      nextFar[i] = near[i] ? (i + 1 < n ? nextFar[i + 1] : .infinity) : imu.times[i]
    }
    for i in 0..<n {
      if !near[i] { lastFar = imu.times[i] }
      if imu.times[i] - lastFar >= 0.25, nextFar[i] - imu.times[i] >= 0.25 { still.append(i) }
    }
    let duration = imu.times[n - 1] - imu.times[0]
    let samples =
      Double(still.count) >= Double(n) / max(duration, 1e-9) ? still : Array(0..<n)
    func median(_ axis: [Double]) -> Double {
      var values = samples.map { axis[$0] }
      return OrderStatistic.select(&values, rank: values.count / 2)
    }
    return Vector(median(imu.gyroX), median(imu.gyroY), median(imu.gyroZ))
  }

  private struct Vector {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s, a.z * s) }
  }

  private static func force(_ imu: ImuSeries, _ i: Int) -> Vector {
    Vector(imu.accelX[i], imu.accelY[i], imu.accelZ[i])
  }

  private static func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }

  private static func norm(_ a: Vector) -> Double { dot(a, a).squareRoot() }

  private static func unit(_ a: Vector) -> Vector? {
    let length = norm(a)
    return length > 0 ? a * (1 / length) : nil
  }

  /// `v` turned by the rotation vector `r` (axis × angle in radians; Rodrigues' formula).
  private static func rotate(_ v: Vector, by r: Vector) -> Vector {
    let angle = norm(r)
    guard angle > 1e-12 else { return v }
    let k = r * (1 / angle)
    let cross = Vector(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
    let cosine = cos(angle)
    return v * cosine + cross * sin(angle) + k * (dot(k, v) * (1 - cosine))
  }
}
