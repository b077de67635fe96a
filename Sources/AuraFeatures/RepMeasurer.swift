import AuraDomain
import Foundation

/// Turns rep segments into rep features: tempo, range of motion on both sides, bar velocity
/// from pose and from the IMU, bar path and trunk lean.
struct RepMeasurer {
  let exercise: ExerciseDefinition
  let signals: PoseSignals
  let imu: ImuHeightTrack?
  /// The bar's proxy track (metres) and its height unfiltered (what the concentric height
  /// model is fitted to).
  let bar: PoseSignals.Track
  let unfilteredBarHeight: [Double]
  /// The primary joint's interior angle per side, filtered and not (what ROM is fitted on),
  /// and the trunk lean (near side).
  let primaryAngle: [PoseSignals.Side: [Double]]
  let unfilteredPrimaryAngle: [PoseSignals.Side: [Double]]
  let trunkLean: [Double]
  /// Samples where the primary joint's points were filled or replaced.
  let primaryFilled: [Bool]
  /// The signals reps are counted on (the bar's height) and timed on (the primary angle,
  /// turned to rise with the bar).
  let height: RepSegmenter.Signal
  let timing: RepSegmenter.Signal

  init(exercise: ExerciseDefinition, signals: PoseSignals, imu: ImuHeightTrack?) {
    self.exercise = exercise
    self.signals = signals
    self.imu = imu
    bar = Self.barTrack(exercise, signals)
    unfilteredBarHeight = Self.barTrack(exercise, signals.unfiltered).y
    // The primary joint's interior and signed angles per side, filtered and not.
    var angles: [PoseSignals.Side: [Double]] = [:]
    var unfilteredAngles: [PoseSignals.Side: [Double]] = [:]
    var signed = SignedAngles()
    let unfiltered = signals.unfiltered
    for side in PoseSignals.Side.allCases {
      let joint = exercise.primaryJoint
      if let pair = JointAngles.primaryPair(joint, side: side, signals),
        let raw = JointAngles.primaryPair(joint, side: side, unfiltered)
      {
        (angles[side], unfilteredAngles[side]) = (pair.interior, raw.interior)
        signed.filtered[side] = pair.signed
        signed.unfiltered[side] = raw.signed
      }
    }
    primaryAngle = angles
    unfilteredPrimaryAngle = unfilteredAngles
    trunkLean = JointAngles.series(.trunkLean, side: signals.nearSide, signals) ?? []
    primaryFilled = Self.filled(exercise.primaryJoint, side: signals.nearSide, signals)
    height = RepSegmenter.Signal(values: bar.y, noise: bar.noise)
    timing = Self.timingSignal(
      exercise.primaryJoint, height: bar.y, signals: signals, signed: signed)
  }

  /// The primary joint's signed angle per side (unwrapped), filtered and not.
  private struct SignedAngles {
    var filtered: [PoseSignals.Side: [Double]] = [:]
    var unfiltered: [PoseSignals.Side: [Double]] = [:]
  }

  /// The primary joint's signed angle, negated if it falls as the bar rises, from both sides:
  /// the far side, mapped onto the near side's angle by a least-squares line (a camera sees
  /// the two sides at different depths, so their angles differ by more than noise), is
  /// averaged in with weights from each side's noise; a far side that does not move with the
  /// near one (|correlation| under 0.9, or a slope outside 0.5-2) is left out. A side's noise
  /// is that of its points' positions turned into degrees over a 0.3 m lever (both rays).
  /// Segment inclinations are not averaged in: they make noisy sets worse. The unfiltered angle leaves out the
  /// samples where a point was filled: a straight line drawn over a dropout is not an
  /// observation of the movement.
  private static func timingSignal(
    _ joint: PrimaryJoint, height: [Double], signals: PoseSignals, signed: SignedAngles
  ) -> RepSegmenter.Signal {
    func side(_ side: PoseSignals.Side) -> TimingSide? {
      guard let angle = signed.filtered[side], let raw = signed.unfiltered[side] else {
        return nil
      }
      // The side has all three points, or the angle would be nil.
      let (a, b, c) = JointAngles.points(joint)
      let noise = [a, b, c].map { signals.sides[side]![$0]!.noise }.max()!
      let filled = filled(joint, side: side, signals)
      return TimingSide(
        values: angle, unfiltered: zip(raw, filled).map { $1 ? .nan : $0 },
        noise: 2.0.squareRoot() * noise / 0.3 * 180 / .pi)
    }
    let far: PoseSignals.Side = signals.nearSide == .left ? .right : .left
    var combined = side(signals.nearSide)!
    if let other = side(far), let mapped = other.mapped(onto: combined) {
      combined = combined.averaged(with: mapped)
    }
    var covariance = 0.0
    let pairs = zip(combined.values, height).filter { $0.0.isFinite && $0.1.isFinite }
    let meanAngle = pairs.reduce(0) { $0 + $1.0 } / Double(max(1, pairs.count))
    let meanHeight = pairs.reduce(0) { $0 + $1.1 } / Double(max(1, pairs.count))
    for (a, h) in pairs { covariance += (a - meanAngle) * (h - meanHeight) }
    let sign: Double = covariance < 0 ? -1 : 1
    return RepSegmenter.Signal(
      values: combined.values.map { sign * $0 }, noise: combined.noise,
      unfiltered: combined.unfiltered.map { sign * $0 }, smoothest: MotionLaw.human)
  }

  /// Features of each segment (the reps of one set), numbered from 1; their concentric height
  /// models share one shape (`ConcentricHeightModel.shared`). On a scale that does not measure
  /// lengths (`PoseScale.measuresLengths`), the pose gives no bar velocity or path.
  func measure(_ segments: [RepSegmenter.Segment]) -> [RepFeatures] {
    // Each model is fitted over its phase and 0.15 s either side.
    let reps = segments.map { segment in
      let phase = segment.concentric
      let first = signals.index(atOrAfter: phase.lowerBound - 0.15)
      let last = signals.index(atOrAfter: phase.upperBound + 0.15)
      return ConcentricHeightModel.Rep(
        samples: first...last, phase: phase, law: segment.concentricLaw)
    }
    let models =
      signals.scale.measuresLengths
      ? ConcentricHeightModel.shared(height: unfilteredBarHeight, times: signals.times, reps: reps)
      : Array(repeating: nil, count: reps.count)
    return segments.enumerated().map { number, segment in
      // ROM is fitted over the rep and up to 0.4 s of the rest around it.
      let span = RepSegmenter.Segment.surroundings(of: number, in: segments, margin: 0.4)
      let window = signals.index(atOrAfter: span.lower)...signals.index(atOrAfter: span.upper)
      return measure(segment, number: number + 1, model: models[number], window: window)
    }
  }

  /// One rep's features. Mean concentric velocity is over the moving stretch
  /// (`MovingVelocity`): from pose, of the concentric height model
  /// (`ConcentricHeightModel`); from the IMU, of the load's velocity over the recording
  /// (`ImuHeightTrack.concentricVelocity`), in the phase the pose times.
  private func measure(
    _ segment: RepSegmenter.Segment, number: Int, model: ConcentricHeightModel?,
    window: ClosedRange<Int>
  ) -> RepFeatures {
    let samples = segment.samples
    let concentric = segment.concentric
    let poseVelocity = model?.velocity
    let imuVelocity = imu?.concentricVelocity(concentric)
    // Max minus min over the rep; a series seen in under half the rep's samples gives none.
    func range(_ values: [Double]?) -> Double? {
      guard let values else { return nil }
      let inRep = samples.map { values[$0] }.filter(\.isFinite)
      guard inRep.count * 2 >= samples.count, let low = inRep.min(), let high = inRep.max() else {
        return nil
      }
      return high - low
    }
    // ROM: the far level of the unfiltered angle less the further rest level, with the rep's
    // phases and laws (`RepFit.levels`); max minus min where the levels cannot be fitted (it
    // reads wide: noise pushes the extreme samples outwards).
    let eccentricFit = PhaseBoundary.Fit(range: segment.eccentric, law: segment.eccentricLaw)
    let concentricFit = PhaseBoundary.Fit(range: segment.concentric, law: segment.concentricLaw)
    let (first, second) =
      exercise.phaseOrder == .eccentricFirst
      ? (eccentricFit, concentricFit) : (concentricFit, eccentricFit)
    func rangeOfMotion(_ side: PoseSignals.Side) -> Double? {
      guard let extremes = range(primaryAngle[side]) else { return nil }
      guard let values = unfilteredPrimaryAngle[side],
        let levels = RepFit.levels(
          values, times: signals.times, window: window, first: first, second: second)
      else { return extremes }
      return max(abs(levels.far - levels.before), abs(levels.far - levels.after))
    }
    let sway = signals.scale.measuresLengths ? [bar.x, bar.z].compactMap { range($0) } : []
    let nearRange = rangeOfMotion(signals.nearSide)
    let filled = samples.filter { bar.filled[$0] || primaryFilled[$0] }.count
    return RepFeatures(
      repNumber: number, startSeconds: segment.times.lowerBound,
      endSeconds: segment.times.upperBound,
      eccentricSeconds: segment.eccentric.upperBound - segment.eccentric.lowerBound,
      pauseSeconds: max(0, segment.pause),
      concentricSeconds: concentric.upperBound - concentric.lowerBound,
      romDegrees: nearRange ?? 0, leftRomDegrees: rangeOfMotion(.left),
      rightRomDegrees: rangeOfMotion(.right),
      poseVelocity: poseVelocity, imuVelocity: imuVelocity,
      barPathDeviationMeters: sway.isEmpty ? nil : sway.reduce(0) { $0 + $1 * $1 }.squareRoot(),
      maxTrunkLeanDegrees: samples.map { abs(trunkLean[$0]) }.filter(\.isFinite).max(),
      interpolatedFraction: Double(filled) / Double(samples.count))
  }

  /// Samples of the primary joint's three points on `side` that were filled or replaced (none
  /// marked where the side lacks a point).
  private static func filled(_ joint: PrimaryJoint, side: PoseSignals.Side, _ signals: PoseSignals)
    -> [Bool]
  {
    let (a, b, c) = JointAngles.points(joint)
    let tracks = signals.sides[side] ?? [:]
    let marks = [a, b, c].compactMap { tracks[$0]?.filled }
    return signals.times.indices.map { i in marks.contains { $0[i] } }
  }

  /// Where the load is: on the upper back for squats (see `backBar`), the shoulders for lunges
  /// and push-ups; the hand for everything held, estimated from the wrist along the forearm for
  /// curls (hand centre ≈ 0.37 forearm lengths beyond the wrist, Drillis & Contini), the wrist
  /// itself where the forearm is vertical.
  static func barTrack(_ exercise: ExerciseDefinition, _ s: PoseSignals) -> PoseSignals.Track {
    switch exercise.barProxy {
    case .shoulder: return s[.shoulder]
    case .upperBack: return backBar(s)
    case .hip: return s[.hip]
    case .wrist:
      let wrist = s[.wrist]
      guard exercise.pattern == .curl else { return wrist }
      let elbow = s[.elbow]
      func beyond(_ w: [Double], _ e: [Double]) -> [Double] {
        zip(w, e).map { $0 + 0.37 * ($0 - $1) }
      }
      var hand = wrist
      hand.x = beyond(wrist.x, elbow.x)
      hand.y = beyond(wrist.y, elbow.y)
      if let wz = wrist.z, let ez = elbow.z { hand.z = beyond(wz, ez) }
      hand.filled = zip(wrist.filled, elbow.filled).map { $0 || $1 }
      hand.noise = 1.37 * wrist.noise
      return hand
    }
  }

  /// A back squat's bar rests on the upper back, about 5 cm behind the shoulder joint centre and
  /// 3 cm below it along the trunk (high-bar position). As the trunk leans forward its height
  /// changes less than the shoulder's, so taking the shoulder for the bar reads too much
  /// travel.
  static func backBar(_ s: PoseSignals) -> PoseSignals.Track {
    let shoulder = s[.shoulder]
    let hip = s[.hip]
    var bar = shoulder
    for i in shoulder.y.indices {
      let dx = shoulder.x[i] - hip.x[i]
      let dy = shoulder.y[i] - hip.y[i]
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else { continue }
      // Trunk direction (up the trunk) and the direction towards the athlete's back.
      let (ux, uy) = (dx / length, dy / length)
      bar.x[i] = shoulder.x[i] - 0.05 * uy - 0.03 * ux
      bar.y[i] = shoulder.y[i] + 0.05 * ux - 0.03 * uy
    }
    bar.filled = zip(shoulder.filled, hip.filled).map { $0 || $1 }
    return bar
  }
}
