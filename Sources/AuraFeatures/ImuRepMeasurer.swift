/// Rep features from a bar IMU alone. Reps are counted on the load's height levelled between
/// the rests around each set (`ImuHeightTrack.levelled`), so what the integration drifts over
/// a set does not pile up from rep to rep. Each phase is then timed on the drift-corrected
/// height itself (`ImuPhaseClock`). Joint angles, ROM and bar path need a camera and stay
/// empty.
struct ImuRepMeasurer {
  let track: ImuHeightTrack
  /// The height as reps are counted on it, levelled between rests of at least 2 s; its noise
  /// from second differences, with a floor of 1 mm (the height is flat where the load rests).
  let height: RepSegmenter.Signal
  let grid: RepGrid
  let clock: ImuPhaseClock

  init(track: ImuHeightTrack) {
    self.track = track
    grid = track.grid
    clock = ImuPhaseClock(track: track)
    let level = track.levelled(restSeconds: 2)
    height = RepSegmenter.Signal(
      values: level, noise: max(0.001, SignalFilter.noiseDeviation(level)))
  }

  /// Features of each segment (the reps of one set), numbered from 1. The mean concentric
  /// velocity is the height's rise over the concentric phase divided by its duration; the peak
  /// is the fastest upward sample in it.
  func measure(_ segments: [RepSegmenter.Segment]) -> [RepFeatures] {
    let phases = clock.phases(segments)
    return segments.enumerated().map { number, segment in
      let concentric = phases[number].concentric ?? segment.concentric
      let eccentric = phases[number].eccentric ?? segment.eccentric
      let duration = concentric.upperBound - concentric.lowerBound
      let first = grid.index(atOrAfter: concentric.lowerBound)
      let last = max(first, grid.index(atOrAfter: concentric.upperBound))
      let peak = track.velocity[first...last].max() ?? 0
      let rise = height(at: concentric.upperBound) - height(at: concentric.lowerBound)
      let start = min(concentric.lowerBound, eccentric.lowerBound)
      let end = max(concentric.upperBound, eccentric.upperBound)
      let pause =
        max(concentric.lowerBound, eccentric.lowerBound)
        - min(concentric.upperBound, eccentric.upperBound)
      return RepFeatures(
        repNumber: number + 1, startSeconds: start, endSeconds: end,
        eccentricSeconds: eccentric.upperBound - eccentric.lowerBound,
        pauseSeconds: max(0, pause), concentricSeconds: duration,
        romDegrees: nil, leftRomDegrees: nil, rightRomDegrees: nil, poseVelocity: nil,
        imuVelocity: duration > 0 ? BarVelocity(mean: rise / duration, peak: peak) : nil,
        barPathDeviationMeters: nil, maxTrunkLeanDegrees: nil, interpolatedFraction: 0)
    }
  }

  /// The drift-corrected height at time `t`, linearly interpolated.
  private func height(at t: Double) -> Double {
    let k = grid.index(atOrAfter: t)
    guard k > 0 else { return track.height[0] }
    let t0 = track.times[k - 1]
    let t1 = track.times[k]
    let w = t1 > t0 ? min(max((t - t0) / (t1 - t0), 0), 1) : 1
    return track.height[k - 1] * (1 - w) + track.height[k] * w
  }
}
