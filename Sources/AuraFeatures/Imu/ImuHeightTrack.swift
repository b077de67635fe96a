import AuraDomain
import AuraIngest
import AuraSupport
import Foundation

/// The load's vertical velocity and height over a whole IMU recording: what reps are counted
/// and timed on when there is no pose, and what the IMU's velocity of a rep is read from.
///
/// The recording is resampled onto an even grid at its median sample interval (a dropout
/// leaves a gap, not a slower rate). Projecting the specific force on gravity gives the
/// vertical acceleration: gravity is tracked through the turns of a sensor on the load that
/// has a gyroscope, and taken as fixed otherwise (`countingAndMeasuring`). The load is still where
/// both the acceleration averaged over 0.4 s and a drift-free velocity are small for at least
/// 0.2 s (`stillSamples`). Velocity is integrated over each movement between two still
/// stretches and corrected linearly to be zero at both (a zero-velocity update at every still
/// point), so drift never carries from one movement to the next; height is its integral.
struct ImuHeightTrack {
  let times: [Double]
  let sampleRateHz: Double
  /// Upward velocity (m/s) and height (m, from the start of the recording).
  private(set) var velocity: [Double]
  private(set) var height: [Double]
  /// Samples where the load was found still.
  let still: [Bool]

  /// How far the sensor must turn (95th percentile of gravity's angle from its mean) for
  /// reps to be counted on the tracked height too. A fixed gravity off by 20° reads a tenth
  /// of g that is not there, more than a rep's acceleration; a sensor that hardly turns is
  /// counted with gravity fixed, which the tracking's noise would only disturb.
  static let turnedDegrees = 20.0
  /// Whether gravity was tracked and the sensor turned more than `turnedDegrees`.
  let turned: Bool

  /// The track with gravity tracked where the sensor rides the load and has a gyroscope
  /// (`ImuGravityTrack`), else fixed: the load's metres and velocities. A curl's bar turns
  /// with the forearms, and a fixed gravity made its reps travel 1.6-4.4 m.
  init?(_ imu: ImuSeries) {
    guard let tracks = Self.countingAndMeasuring(imu) else { return nil }
    self = tracks.measuring
  }

  /// The track reps are counted on (gravity tracked where the sensor turned more than
  /// `turnedDegrees`, else fixed) and the one they are measured on (tracked wherever it can
  /// be); the same track where the two agree. Gravity is tracked once.
  static func countingAndMeasuring(_ imu: ImuSeries) -> (
    counting: ImuHeightTrack, measuring: ImuHeightTrack
  )? {
    let tracked =
      ImuRhythmSignals.placements.contains(imu.placement) ? nil : ImuGravityTrack.vertical(imu)
    if let tracked {
      let turned = tracked.turnDegrees > turnedDegrees
      guard let measuring = ImuHeightTrack(imu, up: tracked.force, turned: turned) else {
        return nil
      }
      if turned { return (measuring, measuring) }
      guard let counting = ImuHeightTrack(imu, up: fixedForceUp(imu), turned: false) else {
        return nil
      }
      return (counting, measuring)
    }
    guard let fixed = ImuHeightTrack(imu, up: fixedForceUp(imu), turned: false) else {
      return nil
    }
    return (fixed, fixed)
  }

  /// The track of `imu` with `up` (its specific force along gravity, per sample) for its
  /// vertical acceleration.
  private init?(_ imu: ImuSeries, up projected: [Double]?, turned: Bool) {
    let n = imu.times.count
    guard let projected, n >= 16, let first = imu.times.first, let last = imu.times.last,
      last > first
    else {
      return nil
    }
    // An even grid at the median sample interval (a dropout leaves a gap, not a slower rate).
    var steps = (1..<n).map { imu.times[$0] - imu.times[$0 - 1] }
    let step = OrderStatistic.select(&steps, rank: steps.count / 2)
    guard step > 0 else { return nil }
    let rate = 1 / step
    let grid = (0...Int((last - first) * rate)).map { first + Double($0) * step }
    self.turned = turned
    let mean = projected.reduce(0, +) / Double(n)
    // (The grid's last time may fall a rounding error past the recording's: NaN there.)
    let vertical = PoseSignals.resample(projected, from: imu.times, to: grid).map {
      $0.isFinite ? $0 - mean : 0
    }
    let still = Self.stillSamples(vertical, times: grid, sampleRateHz: rate)
    let velocity = Self.velocity(vertical, still: still, times: grid)
    times = grid
    sampleRateHz = rate
    self.velocity = velocity
    height = SignalFilter.integral(velocity[...], times: grid[...])
    self.still = still
  }

  /// The specific force along gravity taken as the mean specific force over the recording,
  /// fixed in the sensor's frame, per sample; nil where that mean is zero. (A limb's sensor
  /// is not read for the load's height: its sets are found on its axes.)
  static func fixedForceUp(_ imu: ImuSeries) -> [Double]? {
    let n = imu.times.count
    var g = (0.0, 0.0, 0.0)
    for i in 0..<n {
      g.0 += imu.accelX[i]
      g.1 += imu.accelY[i]
      g.2 += imu.accelZ[i]
    }
    let magnitude = (g.0 * g.0 + g.1 * g.1 + g.2 * g.2).squareRoot()
    guard magnitude > 0 else { return nil }
    let unit = (g.0 / magnitude, g.1 / magnitude, g.2 / magnitude)
    return (0..<n).map {
      imu.accelX[$0] * unit.0 + imu.accelY[$0] * unit.1 + imu.accelZ[$0] * unit.2
    }
  }

  /// Samples where the load is still (see the type's description): the acceleration averaged
  /// over 0.4 s is within four deviations of what sensor noise alone gives such a mean, and a
  /// drift-free velocity (the integral high-passed at 0.1 Hz) is small too, so neither a slow
  /// movement (little acceleration) nor the middle of a fast one (acceleration crossing zero)
  /// is taken for rest.
  static func stillSamples(_ vertical: [Double], times: [Double], sampleRateHz: Double) -> [Bool] {
    let n = vertical.count
    let half = max(1, Int((0.2 * sampleRateHz).rounded()))
    let mean = SignalFilter.movingMean(vertical, half: half)
    let noise = SignalFilter.noiseDeviation(vertical)
    let accelerationLimit = max(4 * noise / Double(2 * half + 1).squareRoot(), 0.03)
    let raw = SignalFilter.integral(vertical[...], times: times[...])
    let trend = SignalFilter.lowPass(raw, cutoffHz: 0.1, sampleRateHz: sampleRateHz)
    let moving = zip(raw, trend).map { abs($0 - $1) }
    let velocityLimit = max(2.5 * robustDeviation(moving), 0.05)
    let quiet = (0..<n).map { abs(mean[$0]) <= accelerationLimit && moving[$0] <= velocityLimit }
    let minimum = max(2, Int((0.2 * sampleRateHz).rounded()))
    var still = [Bool](repeating: false, count: n)
    for run in SignalFilter.runs(quiet) where run.count >= minimum {
      for i in run { still[i] = true }
    }
    return still
  }

  /// 1.4826 × the median absolute value: the deviation of a series that is mostly noise.
  private static func robustDeviation(_ values: [Double]) -> Double {
    var magnitudes = values.map(abs)
    return 1.4826 * OrderStatistic.select(&magnitudes, rank: magnitudes.count / 2)
  }

  /// Velocity integrated over each movement between still stretches, zero at both ends.
  static func velocity(_ vertical: [Double], still: [Bool], times: [Double]) -> [Double] {
    let n = vertical.count
    var velocity = [Double](repeating: 0, count: n)
    for movement in SignalFilter.runs(still.map { !$0 }) {
      // From the last still sample before it to the first still sample after.
      let start = max(0, movement.lowerBound - 1)
      let end = min(n - 1, movement.upperBound)
      guard end > start else { continue }
      let integral = SignalFilter.integral(vertical[start...end], times: times[start...end])
      let drift = integral[integral.count - 1]
      let span = Double(end - start)
      for k in start...end {
        velocity[k] = integral[k - start] - drift * Double(k - start) / span
      }
    }
    return velocity
  }

  /// The height relative to the load's resting height: where the load rests for at least
  /// `restSeconds` (between sets: the rack, the floor, standing), the height is taken to be
  /// the same, and what a set's integration drifted is removed linearly between the rests
  /// before and after it. Within a set the height keeps its shape (a pause at the turning
  /// point is shorter than a rest and is not a reference).
  func levelled(restSeconds: Double) -> [Double] {
    let minimum = Int(restSeconds * sampleRateHz)
    let rests = SignalFilter.runs(still).filter { $0.count >= minimum }
    guard let first = rests.first, let last = rests.last else { return height }
    var reference = [Double](repeating: 0, count: height.count)
    for i in 0..<first.lowerBound { reference[i] = height[first.lowerBound] }
    for i in last.lowerBound..<height.count { reference[i] = height[min(i, last.upperBound - 1)] }
    for (before, after) in zip(rests, rests.dropFirst()) {
      for i in before { reference[i] = height[i] }
      let start = before.upperBound - 1
      let end = after.lowerBound
      for i in (start + 1)..<end {
        let w = Double(i - start) / Double(end - start)
        reference[i] = height[start] * (1 - w) + height[end] * w
      }
    }
    return zip(height, reference).map { $0 - $1 }
  }

  /// The track's time grid.
  var grid: RepGrid { RepGrid(times: times, sampleRateHz: sampleRateHz) }

  /// The track with the velocity also zero at `turns` (seconds where the load turns or sets
  /// off, such as a set's rep boundaries and turning points) inside a movement that holds
  /// more than one rep's (three or more, away from its still ends): what the velocity drifted
  /// between two of them is removed linearly, as between still stretches, and the height is
  /// integrated again. Reps that flow into each other without a rest then do not carry the
  /// drift of the whole set. A movement of one rep keeps its still ends alone: its turning
  /// point, as found, is less sure than they are.
  func zeroingVelocity(at turns: [Double]) -> ImuHeightTrack {
    let grid = grid
    let inside = Set(turns.map { grid.index(atOrAfter: $0) }.filter { $0 < times.count })
    let margin = max(1, Int((0.2 * sampleRateHz).rounded()))
    var marks: [Int] = []
    for movement in SignalFilter.runs(still.map { !$0 }) {
      let interior = inside.filter {
        $0 >= movement.lowerBound + margin && $0 < movement.upperBound - margin
      }
      guard interior.count >= 3 else { continue }
      marks +=
        [max(0, movement.lowerBound - 1)] + interior.sorted() + [
          min(times.count - 1, movement.upperBound)
        ]
    }
    var corrected = velocity
    for (a, b) in zip(marks, marks.dropFirst()) where b > a {
      let (va, vb) = (velocity[a], velocity[b])
      for k in a...b {
        corrected[k] = velocity[k] - (va + (vb - va) * Double(k - a) / Double(b - a))
      }
    }
    var track = self
    track.velocity = corrected
    track.height = SignalFilter.integral(corrected[...], times: times[...])
    return track
  }

  /// The load's velocity over a concentric `phase` (seconds): the mean over the moving
  /// stretch (`MovingVelocity`) found within 0.2 s of it, and the fastest upward sample in it;
  /// nil where the load never rises at the threshold there.
  func concentricVelocity(_ phase: ClosedRange<Double>) -> BarVelocity? {
    let grid = grid
    let first = grid.index(atOrAfter: phase.lowerBound)
    let last = max(first, grid.index(atOrAfter: phase.upperBound))
    let near =
      grid.index(atOrAfter: phase.lowerBound - 0.2)...grid.index(atOrAfter: phase.upperBound + 0.2)
    guard let moving = MovingVelocity.stretch(velocity: velocity, times: times, window: near)
    else { return nil }
    return BarVelocity(mean: moving.mean, peak: velocity[first...last].max() ?? moving.mean)
  }
}
