/// Times each rep's phases on a bar IMU's drift-corrected height (`ImuHeightTrack`): a phase
/// runs from where the velocity last left zero before its fastest sample to where it next
/// returns to zero, and its boundaries are fitted by `PhaseBoundary` between the height's
/// levels at those two points, with a human motion law bent by one `LeverGeometry` per set
/// (the load's height flattens where a joint straightens under it; no law alone, up to the
/// 4-5-6-7 polynomial, stands in for that flattening). Used by `ImuRepMeasurer` (sessions
/// without a camera).
struct ImuPhaseClock {
  let track: ImuHeightTrack
  let grid: RepGrid

  init(track: ImuHeightTrack) {
    self.track = track
    grid = track.grid
  }

  /// The concentric (rising) and eccentric (falling) phase of each segment (the reps of one
  /// set) as the load's height times them, nil where the height shows none or one of the
  /// rep's legs was flattened (`RepSegmenter.Segment.flattened`: the velocity around it is
  /// off, and its samples would bend the set's lever).
  func phases(_ segments: [RepSegmenter.Segment]) -> [(
    concentric: ClosedRange<Double>?, eccentric: ClosedRange<Double>?
  )] {
    let samples = segments.indices.map {
      number -> (concentric: PhaseBoundary.Samples?, eccentric: PhaseBoundary.Samples?) in
      guard segments[number].flattened == nil else { return (nil, nil) }
      let window = window(of: number, in: segments)
      return (
        concentric: phaseSamples(in: window, rising: true),
        eccentric: phaseSamples(in: window, rising: false)
      )
    }
    let lever = LeverGeometry.fitting(
      samples.flatMap { [($0.concentric, true), ($0.eccentric, false)] })
    return samples.map { phase in
      (
        concentric: phase.concentric.flatMap { Self.fit($0, lever: lever) },
        eccentric: phase.eccentric.flatMap { Self.fit($0, lever: lever?.reversed) }
      )
    }
  }

  /// The samples around segment `number` that its phases are found in: half a second either
  /// side, and no further than halfway to its neighbours.
  private func window(of number: Int, in segments: [RepSegmenter.Segment]) -> ClosedRange<Int> {
    let span = RepSegmenter.Segment.surroundings(of: number, in: segments, margin: 0.5)
    return grid.index(atOrAfter: span.lower)...grid.index(atOrAfter: span.upper)
  }

  /// The samples of the rising (or falling) phase around the fastest upward (downward) sample
  /// in `window`: from where the velocity last left zero before it to where it next returns.
  private func phaseSamples(in window: ClosedRange<Int>, rising: Bool) -> PhaseBoundary.Samples? {
    let v = track.velocity
    let sign: Double = rising ? 1 : -1
    guard let fastest = window.max(by: { sign * v[$0] < sign * v[$1] }), sign * v[fastest] > 0
    else { return nil }
    var lower = fastest
    while lower > window.lowerBound, sign * v[lower - 1] > 0 { lower -= 1 }
    var upper = fastest
    while upper < window.upperBound, sign * v[upper + 1] > 0 { upper += 1 }
    lower = max(window.lowerBound, lower - 1)
    upper = min(window.upperBound, upper + 1)
    let h = track.height
    return PhaseBoundary.samples(
      h, times: track.times, inside: fastest, lower: lower, upper: upper, from: h[lower],
      to: h[upper])
  }

  private static func fit(_ samples: PhaseBoundary.Samples, lever: LeverGeometry?)
    -> ClosedRange<Double>?
  {
    PhaseBoundary.fit(samples, smoothest: MotionLaw.human, lever: lever)?.fit.range
  }
}
