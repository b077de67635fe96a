import AuraDomain
import AuraSupport

/// Rep features from a bar IMU alone. Reps are counted on the load's height levelled between
/// the rests around each set (`ImuHeightTrack.levelled`), so what the integration drifts over
/// a set does not pile up from rep to rep, and on its swings rather than against fixed marks
/// (`RepSegmenter.swingExcursions`), as its level still wanders within a set. Each phase is
/// then timed on the drift-corrected height itself (`ImuPhaseClock`). Joint angles, ROM and
/// bar path need a camera and stay empty.
struct ImuRepMeasurer {
  /// What the reps' phases, velocities and travel are read on.
  let track: ImuHeightTrack
  /// The height as reps are counted on it (on `counting`, the same recording's track with
  /// gravity fixed unless the sensor turned: `ImuHeightTrack.countingAndMeasuring`), levelled
  /// between rests of at least 2 s; its noise from second differences, with a floor of 1 mm
  /// (the height is flat where the load rests).
  let height: RepSegmenter.Signal
  /// Whether the sensor rides the load (a bar or dumbbell): only then is its height's velocity
  /// the load's. A watch turns with the forearm, and its reps get none.
  let ridesLoad: Bool

  init(track: ImuHeightTrack, counting: ImuHeightTrack? = nil, ridesLoad: Bool = true) {
    self.track = track
    self.ridesLoad = ridesLoad
    let level = (counting ?? track).levelled(restSeconds: 2)
    height = RepSegmenter.Signal(
      values: level, noise: max(0.001, SignalFilter.noiseDeviation(level)), drifts: true)
  }

  /// Features of each segment (the reps of one set), numbered from 1, with the load's
  /// velocity over each concentric phase (`ImuHeightTrack.concentricVelocity`). A rep with a
  /// flattened phase (`RepSegmenter.Segment.flattened`) has no velocity, and that phase's
  /// share of it is its validity mask (`interpolatedFraction`). Also the median rep's travel
  /// (`medianTravel`), on the same track as the velocities.
  func measure(_ segments: [RepSegmenter.Segment]) -> (reps: [RepFeatures], travel: Double?) {
    // Velocities are read with the turns zeroed. Phases are timed so too where the sensor
    // turned or the velocity drifts through the set (`drifts`); elsewhere on the track as
    // its rests anchor it, since the turns found for zeroing sit a little off the phases' own
    // ends, which the tempo measures.
    // (A limb's reps get no velocity: nothing to zero.)
    let zeroed = ridesLoad ? zeroed(segments) : track
    let phases = ImuPhaseClock(
      track: track.turned || Self.drifts(track, zeroed: zeroed, over: segments) ? zeroed : track
    ).phases(segments)
    let track = zeroed
    var timed = segments
    for number in timed.indices {
      timed[number].concentric = phases[number].concentric ?? segments[number].concentric
      timed[number].eccentric = phases[number].eccentric ?? segments[number].eccentric
    }
    let reps = Self.imputingFlattenedPhases(timed).enumerated().map { number, segment in
      let (start, end) = (segment.times.lowerBound, segment.times.upperBound)
      return RepFeatures(
        repNumber: number + 1, startSeconds: start, endSeconds: end,
        eccentricSeconds: segment.eccentric.upperBound - segment.eccentric.lowerBound,
        pauseSeconds: max(0, segment.pause),
        concentricSeconds: segment.concentric.upperBound - segment.concentric.lowerBound,
        romDegrees: nil, leftRomDegrees: nil, rightRomDegrees: nil, poseVelocity: nil,
        imuVelocity: ridesLoad && segment.flattened == nil
          ? track.concentricVelocity(segment.concentric) : nil,
        barPathDeviationMeters: nil, maxTrunkLeanDegrees: nil,
        interpolatedFraction: segment.flattened.map { phase in
          end > start ? (segment[phase].upperBound - segment[phase].lowerBound) / (end - start) : 1
        } ?? 0)
    }
    return (reps, ridesLoad ? Self.medianTravel(segments, on: track) : nil)
  }

  /// The track with the velocity zero where the load turns within one set's reps
  /// (`segments`, whose median length sets the scale): where the velocity, its drift slower
  /// than a rep taken off (high-passed at a third of the reps' rate), crosses zero between
  /// two swings of a third of its usual size. These are the height's own turns, found on the
  /// measured track: the counting signal's sit off them where the sensor turns with the bar.
  func zeroed(_ segments: [RepSegmenter.Segment]) -> ImuHeightTrack {
    var durations = segments.map { $0.times.upperBound - $0.times.lowerBound }
    guard !durations.isEmpty else { return track }
    let repSeconds = OrderStatistic.select(&durations, rank: durations.count / 2)
    guard repSeconds > 0 else { return track }
    let v = track.velocity
    let slow = SignalFilter.lowPass(
      v, cutoffHz: 1 / (3 * repSeconds), sampleRateHz: track.sampleRateHz)
    let swing = zip(v, slow).map { $0 - $1 }
    // Only the movements the set's reps lie in: the rest of the recording is other sets'.
    let grid = track.grid
    let set =
      grid.index(
        atOrAfter: segments[0].times.lowerBound)..<grid.index(
        atOrAfter: segments[segments.count - 1].times.upperBound)
    var turns: [Double] = []
    for movement in SignalFilter.runs(track.still.map { !$0 }) where movement.overlaps(set) {
      var sizes = swing[movement].map(abs)
      guard sizes.count >= 3 else { continue }
      let threshold = OrderStatistic.select(&sizes, rank: sizes.count * 9 / 10) / 3
      // The sign of the last swing past the threshold, and the last sign change since it.
      var last: Double = 0
      var change: Int? = nil
      for k in movement {
        if k > movement.lowerBound, (swing[k] >= 0) != (swing[k - 1] >= 0) { change = k }
        guard abs(swing[k]) >= threshold else { continue }
        let sign: Double = swing[k] > 0 ? 1 : -1
        if sign != last, last != 0, let change { turns.append(track.times[change]) }
        last = sign
      }
    }
    return track.zeroingVelocity(at: turns)
  }

  /// Whether zeroing the turns (`zeroed`) moved the velocity over a set's reps (`segments`)
  /// by more than `driftShare` of its swing (the median change against the 90th percentile of
  /// the zeroed speed): the velocity then drifts through the set's reps as much as a rolling
  /// bar's, and a phase timed between its zeros would end where the drift, not the load,
  /// turns. Reps with a rest between them leave nothing to zero.
  static func drifts(
    _ track: ImuHeightTrack, zeroed: ImuHeightTrack, over segments: [RepSegmenter.Segment]
  ) -> Bool {
    guard let first = segments.first, let last = segments.last else { return false }
    let grid = track.grid
    let start = grid.index(atOrAfter: first.times.lowerBound)
    let end = min(track.velocity.count, grid.index(atOrAfter: last.times.upperBound))
    guard start < end else { return false }
    let samples = start..<end
    var changes = samples.map { abs(track.velocity[$0] - zeroed.velocity[$0]) }
    var speeds = samples.map { abs(zeroed.velocity[$0]) }
    let swing = OrderStatistic.select(&speeds, rank: speeds.count * 9 / 10)
    return OrderStatistic.select(&changes, rank: changes.count / 2) > driftShare * swing
  }

  /// The share of the reps' speed a drift must reach before the phases are timed with the
  /// turns zeroed: well above what zeroing moves a velocity whose gravity is right, well
  /// below what a set-long drift moves it by.
  static let driftShare = 0.1

  /// The median of the reps' travel (one set's `segments`) on `track`: each rep's range of
  /// the height, metres; nil without reps.
  private static func medianTravel(_ segments: [RepSegmenter.Segment], on track: ImuHeightTrack)
    -> Double?
  {
    let grid = track.grid
    var travels = segments.compactMap { rep -> Double? in
      let first = grid.index(atOrAfter: rep.times.lowerBound)
      let last = min(track.height.count - 1, grid.index(atOrAfter: rep.times.upperBound))
      guard last > first, rep.flattened == nil else { return nil }
      let stretch = track.height[first...last]
      return stretch.max()! - stretch.min()!
    }
    guard !travels.isEmpty else { return nil }
    return OrderStatistic.select(&travels, rank: travels.count / 2)
  }

  /// `segments` (one set's reps, timed) with each flattened phase given the median duration
  /// of that phase in the set's other reps, from the rep's turning point outwards and no
  /// further than the neighbouring rep; left as it is when no other rep has one.
  static func imputingFlattenedPhases(_ segments: [RepSegmenter.Segment])
    -> [RepSegmenter.Segment]
  {
    var result = segments
    for (number, segment) in segments.enumerated() {
      guard let phase = segment.flattened else { continue }
      var durations = segments.filter { $0.flattened == nil }.map {
        $0[phase].upperBound - $0[phase].lowerBound
      }
      guard !durations.isEmpty else { continue }
      let duration = OrderStatistic.select(&durations, rank: durations.count / 2)
      let placeholder = segment[phase]
      let seen = segment[phase == .eccentric ? .concentric : .eccentric]
      if placeholder.lowerBound <= seen.lowerBound {
        let previousEnd = number > 0 ? result[number - 1].times.upperBound : -Double.infinity
        let start = min(max(placeholder.upperBound - duration, previousEnd), placeholder.upperBound)
        result[number][phase] = start...placeholder.upperBound
      } else {
        let nextStart =
          number + 1 < segments.count ? segments[number + 1].times.lowerBound : Double.infinity
        let end = max(min(placeholder.lowerBound + duration, nextStart), placeholder.lowerBound)
        result[number][phase] = placeholder.lowerBound...end
      }
    }
    return result
  }
}
