import AuraDomain
import AuraIngest

// The values that leave the feature stage. Units: seconds, degrees, metres, m/s.

/// Where a set's numbers come from.
public enum FeatureSource: String, Codable, Sendable {
  /// Camera pose only.
  case pose
  /// A bar IMU only: reps, tempo and velocity from the load's own motion; no joint angles.
  case imu
  /// Camera pose for reps and ROM, bar IMU for velocity.
  case poseAndImu = "pose+imu"
  /// A logbook entry: reps, load and RPE as logged, nothing measured.
  case log
}

/// One detected repetition.
public struct RepFeatures: Codable, Sendable, Equatable {
  public var repNumber: Int
  /// First movement of the rep and end of its last phase, seconds from the start of the recordings.
  public var startSeconds: Double
  public var endSeconds: Double
  /// Load going down, dwell at the turning point between the rep's two phases, load going up.
  public var eccentricSeconds: Double
  public var pauseSeconds: Double
  public var concentricSeconds: Double
  /// Max minus min of the primary joint's interior angle over the rep, on the side facing the
  /// camera, and on each side where that side was seen in at least half the rep; nil without
  /// a camera.
  public var romDegrees: Double?
  public var leftRomDegrees: Double?
  public var rightRomDegrees: Double?
  /// Bar velocity from the pose proxy point with the calibrated scale, and from the bar IMU.
  public var poseVelocity: BarVelocity?
  public var imuVelocity: BarVelocity?
  /// Horizontal range of the bar's path over the rep (x, and z where the source is 3-D), metres.
  public var barPathDeviationMeters: Double?
  /// Largest trunk lean from vertical during the rep, degrees.
  public var maxTrunkLeanDegrees: Double?
  /// Share of the rep's samples where the bar proxy or the primary joint's points were
  /// interpolated over a short gap or replaced as outliers, 0-1 (the validity mask); from a
  /// bar IMU alone, the share of the rep in a phase its height did not show, whose duration
  /// was imputed (`ImuRepMeasurer`).
  public var interpolatedFraction: Double

  /// Mean concentric velocity: from the IMU where there is one, else from pose.
  public var meanConcentricVelocity: Double? { (imuVelocity ?? poseVelocity)?.mean }
  /// Peak concentric velocity, from the same source as the mean.
  public var peakConcentricVelocity: Double? { (imuVelocity ?? poseVelocity)?.peak }
}

/// The bar's concentric velocity in one rep, m/s.
public struct BarVelocity: Codable, Sendable, Equatable {
  /// Mean velocity over the concentric phase's moving stretch (`MovingVelocity`): upward at
  /// 0.05 m/s or more.
  public var mean: Double
  /// Highest upward velocity in the phase.
  public var peak: Double

  public init(mean: Double, peak: Double) {
    self.mean = mean
    self.peak = peak
  }
}

/// One set: as logged, and as measured where there is a recording.
public struct SetFeatures: Codable, Sendable, Equatable {
  public var setNumber: Int
  public var exerciseId: String
  public var loadKg: Double?
  public var loggedReps: Int?
  public var loggedRPE: Double?
  public var targetTempo: Tempo?
  /// The dataset's form label ("good" or "bad") and failed-rep flag, passed through to evaluate
  /// the scores against.
  public var formLabel: String? = nil
  public var failed: Bool? = nil
  public var startSeconds: Double?
  public var endSeconds: Double?
  public var source: FeatureSource
  /// Detected reps (empty for a logbook set).
  public var reps: [RepFeatures]
  /// (fastest rep MCV − last rep MCV) / fastest rep MCV × 100.
  public var velocityLossPercent: Double?
  /// The first rep whose MCV fell by the configured threshold from the fastest rep before it.
  public var velocityLossThresholdRep: Int? = nil
  /// True when the set's bounds were found in the recording rather than given.
  public var boundsDetected = false
  /// Why the recording cannot support a rep count for this set, where it cannot (the reps
  /// found are then not a count to publish); nil when the count stands.
  public var repCountUnknown: String? = nil

  /// Reps counted from the recording, else as logged: the recording's count where it stands,
  /// the logged one where the recording cannot support a count (`repCountUnknown`), nil where
  /// neither is known.
  public var repCount: Int? {
    if source == .log { return loggedReps ?? 0 }
    return repCountUnknown == nil ? reps.count : loggedReps
  }

  /// Whether the set was done: it has reps, or reps the recording could not count.
  public var performed: Bool { repCount.map { $0 > 0 } ?? true }

  /// The rep count to publish as the set's: the recording's where it stands, the logged one for
  /// a logbook set, nil where the recording cannot support one.
  public var publishedRepCount: Int? { repCountUnknown == nil ? repCount : nil }
}

/// The feature stage's output for one session.
public struct SessionFeatures: Codable, Sendable, Equatable {
  public var sessionId: String
  public var athleteId: String
  public var startTime: String
  public var endTime: String?
  public var notes: String?
  public var sets: [SetFeatures]
  /// Quality records of the recordings used.
  public var recordings: [RecordingQuality]
  /// The pose camera's view as the manifest gives it (sagittal, frontal), nil without pose.
  public var poseView: String?
  /// Pixels per metre used for pose, and how it was found.
  public var poseScale: PoseScale?
  /// Limb lengths measured on the pose, for athletes without a morpho.csv row.
  public var morpho: PoseMorpho?
  public var warnings: [String]
}

/// The pose recording's scale.
public struct PoseScale: Codable, Sendable, Equatable {
  public var pixelsPerMeter: Double
  /// manifest, world_metres, body_scan, athlete_height or assumed_height.
  public var method: String
}
