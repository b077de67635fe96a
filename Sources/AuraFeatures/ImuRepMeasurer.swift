/// Rep features from a bar IMU alone. Reps are counted on the load's height levelled between
/// the rests around each set (`ImuHeightTrack.levelled`), so what the integration drifts over
/// a set does not pile up from rep to rep, and on its swings rather than against fixed marks
/// (`RepSegmenter.swingExcursions`), as its level still wanders within a set. Each phase is
/// then timed on the drift-corrected height itself (`ImuPhaseClock`). Joint angles, ROM and
/// bar path need a camera and stay empty.
struct ImuRepMeasurer {
  let track: ImuHeightTrack
  /// The height as reps are counted on it, levelled between rests of at least 2 s; its noise
  /// from second differences, with a floor of 1 mm (the height is flat where the load rests).
  let height: RepSegmenter.Signal
  let clock: ImuPhaseClock

  init(track: ImuHeightTrack) {
    self.track = track
    clock = ImuPhaseClock(track: track)
    let level = track.levelled(restSeconds: 2)
    height = RepSegmenter.Signal(
      values: level, noise: max(0.001, SignalFilter.noiseDeviation(level)), drifts: true)
  }

  /// Features of each segment (the reps of one set), numbered from 1, with the load's
  /// velocity over each concentric phase (`ImuHeightTrack.concentricVelocity`).
  func measure(_ segments: [RepSegmenter.Segment]) -> [RepFeatures] {
    let phases = clock.phases(segments)
    return segments.enumerated().map { number, segment in
      let concentric = phases[number].concentric ?? segment.concentric
      let eccentric = phases[number].eccentric ?? segment.eccentric
      let start = min(concentric.lowerBound, eccentric.lowerBound)
      let end = max(concentric.upperBound, eccentric.upperBound)
      let pause =
        max(concentric.lowerBound, eccentric.lowerBound)
        - min(concentric.upperBound, eccentric.upperBound)
      return RepFeatures(
        repNumber: number + 1, startSeconds: start, endSeconds: end,
        eccentricSeconds: eccentric.upperBound - eccentric.lowerBound,
        pauseSeconds: max(0, pause),
        concentricSeconds: concentric.upperBound - concentric.lowerBound,
        romDegrees: nil, leftRomDegrees: nil, rightRomDegrees: nil, poseVelocity: nil,
        imuVelocity: track.concentricVelocity(concentric),
        barPathDeviationMeters: nil, maxTrunkLeanDegrees: nil, interpolatedFraction: 0)
    }
  }
}
