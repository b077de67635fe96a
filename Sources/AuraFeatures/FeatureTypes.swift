import AuraDomain
import AuraIngest

// The values that leave the feature stage. Units: seconds, degrees, metres, m/s.

/// Where a set's numbers come from.
public enum FeatureSource: String, Codable, Sendable {
  /// Camera pose only.
  case pose
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
  /// Max minus min of the primary joint's interior angle over the rep.
  public var romDegrees: Double
  /// Mean concentric velocity (displacement over the whole concentric phase / its duration),
  /// from the IMU where there is one, else from pose.
  public var meanConcentricVelocity: Double?
  public var peakConcentricVelocity: Double?
  public var poseMeanConcentricVelocity: Double?
  public var imuMeanConcentricVelocity: Double?
  /// Horizontal travel of the bar over the rep, metres.
  public var barPathDeviationMeters: Double?
  /// Largest trunk lean from vertical during the rep, degrees.
  public var maxTrunkLeanDegrees: Double?
  /// Share of the rep's primary-joint samples that were interpolated over short gaps, 0-1.
  public var interpolatedFraction: Double
}

/// One set: as logged, and as measured where there is a recording.
public struct SetFeatures: Codable, Sendable, Equatable {
  public var setNumber: Int
  public var exerciseId: String
  public var loadKg: Double?
  public var loggedReps: Int?
  public var loggedRPE: Double?
  public var targetTempo: Tempo?
  public var startSeconds: Double?
  public var endSeconds: Double?
  public var source: FeatureSource
  /// Detected reps (empty for a logbook set).
  public var reps: [RepFeatures]
  /// (fastest rep MCV − last rep MCV) / fastest rep MCV × 100.
  public var velocityLossPercent: Double?

  /// Reps counted from the recording, else as logged.
  public var repCount: Int { source == .log ? (loggedReps ?? 0) : reps.count }
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
  /// Pixels per metre used for pose, and how it was found.
  public var poseScale: PoseScale?
  public var warnings: [String]
}

/// The pose recording's scale.
public struct PoseScale: Codable, Sendable, Equatable {
  public var pixelsPerMeter: Double
  /// manifest, athlete_height or assumed_height.
  public var method: String
}
