import AuraDomain
import AuraIngest
import Foundation

/// The feature stage: turns an ingested session into sets and reps with angles, tempo and velocity.
public struct SessionFeatureExtractor: Sendable {
  /// Tunable settings (keys under `features.` in the pipeline file).
  public struct Settings: Sendable, Equatable {
    public var cutoffHz: Double
    public var maxGapSeconds: Double
    public var stillVelocity: Double
    public var minimumTravelMeters: Double
    public var minimumRepSeconds: Double

    /// The parameter keys these settings read.
    public static let parameterKeys = [
      "features.filter_cutoff_hz", "features.max_gap_s", "features.still_velocity_mps",
      "features.min_travel_m", "features.min_rep_s",
    ]

    public init(_ parameters: ParameterSet) throws {
      cutoffHz = try parameters.number("features.filter_cutoff_hz")
      maxGapSeconds = try parameters.number("features.max_gap_s")
      stillVelocity = try parameters.number("features.still_velocity_mps")
      minimumTravelMeters = try parameters.number("features.min_travel_m")
      minimumRepSeconds = try parameters.number("features.min_rep_s")
    }
  }

  public let settings: Settings
  public let catalog: ExerciseCatalog

  public init(settings: Settings, catalog: ExerciseCatalog) {
    self.settings = settings
    self.catalog = catalog
  }

  /// Extracts features. `athleteHeightCm` calibrates the pose scale when the manifest gives none.
  public func extract(_ session: IngestedSession, athleteHeightCm: Double?) throws
    -> SessionFeatures
  {
    let manifest = session.manifest
    var warnings: [String] = []
    var signals: PoseSignals? = nil
    if let pose = session.pose {
      signals = try PoseSignals(
        pose: pose, athleteHeightCm: athleteHeightCm,
        settings: .init(cutoffHz: settings.cutoffHz, maxGapSeconds: settings.maxGapSeconds))
      if signals?.scale.method == "assumed_height" {
        warnings.append("athlete height unknown: pose scale assumes 175 cm")
      }
    }
    let imu = session.imu.map(ImuVelocity.init)
    let sets = try manifest.sets.map { set -> SetFeatures in
      guard let exercise = catalog.resolve(set.exerciseId) else {
        throw FeatureError.unusable("unknown exercise \(set.exerciseId)")
      }
      var features = SetFeatures(
        setNumber: set.setNumber, exerciseId: exercise.id, loadKg: set.loadKg, loggedReps: set.reps,
        loggedRPE: set.rpe, targetTempo: set.targetTempo, startSeconds: set.startSeconds,
        endSeconds: set.endSeconds, source: .log, reps: [], velocityLossPercent: nil)
      guard let signals else { return features }
      guard let start = set.startSeconds, let end = set.endSeconds else {
        warnings.append(
          "set \(set.setNumber): no start_s/end_s; set detection is not implemented yet")
        return features
      }
      features.source = imu == nil ? .pose : .poseAndImu
      features.reps = measureReps(
        exercise: exercise, signals: signals, imu: imu, from: start, to: end)
      features.velocityLossPercent = Self.velocityLoss(
        features.reps.compactMap(\.meanConcentricVelocity))
      return features
    }
    return SessionFeatures(
      sessionId: manifest.sessionId, athleteId: manifest.athleteId, startTime: manifest.startTime,
      endTime: manifest.endTime, notes: manifest.notes, sets: sets,
      recordings: [session.pose?.quality, session.imu?.quality].compactMap { $0 },
      poseScale: signals?.scale,
      warnings: warnings)
  }

  /// (fastest − last) / fastest × 100, or nil with fewer than two reps.
  public static func velocityLoss(_ velocities: [Double]) -> Double? {
    guard velocities.count >= 2, let fastest = velocities.max(), fastest > 0,
      let last = velocities.last
    else {
      return nil
    }
    return (fastest - last) / fastest * 100
  }

  func measureReps(
    exercise: ExerciseDefinition, signals: PoseSignals, imu: ImuVelocity?, from start: Double,
    to end: Double
  ) -> [RepFeatures] {
    let bar = Self.barPoint(exercise, signals)
    let velocity = SignalFilter.derivative(bar.y, times: signals.times)
    let angle = Self.primaryAngle(exercise.primaryJoint, signals)
    let lean = Self.trunkLean(signals)
    let range = signals.index(atOrAfter: start)..<(signals.index(atOrAfter: end) + 1)
    let segmenter = RepSegmenter(
      settings: .init(
        stillVelocity: settings.stillVelocity, minimumTravel: settings.minimumTravelMeters,
        minimumRepSeconds: settings.minimumRepSeconds))
    let segments = segmenter.segment(
      height: bar.y, velocity: velocity, times: signals.times, range: range,
      order: exercise.phaseOrder,
      sampleRateHz: signals.sampleRateHz)
    let t = signals.times
    let filled = signals.filled[Self.jointPoint(exercise.primaryJoint)] ?? []
    return segments.enumerated().map { number, segment in
      let repRange = segment.start...segment.end
      let angles = repRange.map { angle[$0] }.filter(\.isFinite)
      let concentric = segment.concentric
      let concentricTimes = segment.concentricTimes
      let eccentricTimes = segment.eccentricTimes
      let concentricSeconds = concentricTimes.upperBound - concentricTimes.lowerBound
      let travel = bar.y[concentric.upperBound] - bar.y[concentric.lowerBound]
      let poseMean = concentricSeconds > 0 ? travel / concentricSeconds : nil
      let posePeak = concentric.map { velocity[$0] }.filter(\.isFinite).max()
      let imuVelocity = imu?.concentric(
        from: concentricTimes.lowerBound, to: concentricTimes.upperBound)
      let xs = repRange.map { bar.x[$0] }.filter(\.isFinite)
      let pause: Double
      let repTimes: ClosedRange<Double>
      switch exercise.phaseOrder {
      case .eccentricFirst:
        pause = concentricTimes.lowerBound - eccentricTimes.upperBound
        repTimes =
          eccentricTimes.lowerBound...max(eccentricTimes.lowerBound, concentricTimes.upperBound)
      case .concentricFirst:
        pause = eccentricTimes.lowerBound - concentricTimes.upperBound
        repTimes =
          concentricTimes.lowerBound...max(concentricTimes.lowerBound, eccentricTimes.upperBound)
      }
      return RepFeatures(
        repNumber: number + 1, startSeconds: repTimes.lowerBound, endSeconds: repTimes.upperBound,
        eccentricSeconds: eccentricTimes.upperBound - eccentricTimes.lowerBound,
        pauseSeconds: max(0, pause), concentricSeconds: concentricSeconds,
        romDegrees: (angles.max() ?? 0) - (angles.min() ?? 0),
        meanConcentricVelocity: imuVelocity?.mean ?? poseMean,
        peakConcentricVelocity: imuVelocity?.peak ?? posePeak, poseMeanConcentricVelocity: poseMean,
        imuMeanConcentricVelocity: imuVelocity?.mean,
        barPathDeviationMeters: xs.isEmpty ? nil : (xs.max()! - xs.min()!),
        maxTrunkLeanDegrees: repRange.map { lean[$0] }.filter(\.isFinite).max(),
        interpolatedFraction: filled.isEmpty
          ? 0 : Double(repRange.filter { filled[$0] }.count) / Double(repRange.count))
    }
  }

  static func jointPoint(_ joint: PrimaryJoint) -> PoseSignals.BodyPoint {
    switch joint {
    case .knee: return .knee
    case .hip: return .hip
    case .elbow: return .elbow
    }
  }

  /// Where the load is: the shoulders for squats; the hand for everything held, estimated
  /// from the wrist along the forearm for curls (hand centre ≈ 0.37 forearm lengths beyond
  /// the wrist, Drillis & Contini), the wrist itself where the forearm stays vertical.
  static func barPoint(_ exercise: ExerciseDefinition, _ s: PoseSignals) -> (
    x: [Double], y: [Double]
  ) {
    switch exercise.barProxy {
    case .shoulder: return s.points[.shoulder]!
    case .hip: return s.points[.hip]!
    case .wrist:
      let wrist = s.points[.wrist]!
      guard exercise.pattern == .curl else { return wrist }
      let elbow = s.points[.elbow]!
      let x = zip(wrist.x, elbow.x).map { $0 + 0.37 * ($0 - $1) }
      let y = zip(wrist.y, elbow.y).map { $0 + 0.37 * ($0 - $1) }
      return (x, y)
    }
  }

  /// Interior angle of the primary joint over time, degrees (180 = straight).
  static func primaryAngle(_ joint: PrimaryJoint, _ s: PoseSignals) -> [Double] {
    let (a, b, c): (PoseSignals.BodyPoint, PoseSignals.BodyPoint, PoseSignals.BodyPoint) =
      switch joint {
      case .knee: (.hip, .knee, .ankle)
      case .hip: (.shoulder, .hip, .knee)
      case .elbow: (.shoulder, .elbow, .wrist)
      }
    let pa = s.points[a]!
    let pb = s.points[b]!
    let pc = s.points[c]!
    return s.times.indices.map { i in
      JointAngles.interior(
        a: (pa.x[i], pa.y[i]), vertex: (pb.x[i], pb.y[i]), c: (pc.x[i], pc.y[i]))
    }
  }

  /// Lean of the hip→shoulder line from vertical, degrees (0 = upright).
  static func trunkLean(_ s: PoseSignals) -> [Double] {
    let hip = s.points[.hip]!
    let shoulder = s.points[.shoulder]!
    return s.times.indices.map { i in
      atan2(abs(shoulder.x[i] - hip.x[i]), shoulder.y[i] - hip.y[i]) * 180 / .pi
    }
  }
}

/// Joint-angle conventions.
public enum JointAngles {
  /// Interior angle at `vertex` between the rays to `a` and `c`, in degrees within [0, 180]:
  /// θ = atan2(|BA × BC|, BA · BC). Mirror-invariant (the same whichever way the athlete faces).
  public static func interior(a: (Double, Double), vertex: (Double, Double), c: (Double, Double))
    -> Double
  {
    let ba = (a.0 - vertex.0, a.1 - vertex.1)
    let bc = (c.0 - vertex.0, c.1 - vertex.1)
    return atan2(abs(ba.0 * bc.1 - ba.1 * bc.0), ba.0 * bc.0 + ba.1 * bc.1) * 180 / .pi
  }
}
