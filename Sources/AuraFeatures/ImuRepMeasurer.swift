import AuraDomain
import AuraSupport

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
  /// Whether the sensor rides the load (a bar or dumbbell): only then is its height's velocity
  /// the load's. A watch turns with the forearm, and its reps get none.
  let ridesLoad: Bool

  init(track: ImuHeightTrack, ridesLoad: Bool = true) {
    self.track = track
    self.ridesLoad = ridesLoad
    clock = ImuPhaseClock(track: track)
    let level = track.levelled(restSeconds: 2)
    height = RepSegmenter.Signal(
      values: level, noise: max(0.001, SignalFilter.noiseDeviation(level)), drifts: true)
  }

  /// Features of each segment (the reps of one set), numbered from 1, with the load's
  /// velocity over each concentric phase (`ImuHeightTrack.concentricVelocity`). A rep with a
  /// flattened phase (`RepSegmenter.Segment.flattened`) has no velocity, and that phase's
  /// share of it is its validity mask (`interpolatedFraction`).
  func measure(_ segments: [RepSegmenter.Segment]) -> [RepFeatures] {
    let phases = clock.phases(segments)
    var timed = segments
    for number in timed.indices {
      timed[number].concentric = phases[number].concentric ?? segments[number].concentric
      timed[number].eccentric = phases[number].eccentric ?? segments[number].eccentric
    }
    return Self.imputingFlattenedPhases(timed).enumerated().map { number, segment in
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
