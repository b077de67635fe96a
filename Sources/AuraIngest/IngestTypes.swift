import AuraDomain
import Foundation

// The values that leave the ingest stage: canonical, typed, with quality made explicit.

/// An athlete from athletes.csv. Empty cells are nil ("unknown", never zero).
public struct Athlete: Codable, Sendable, Equatable {
  public var id: String
  public var username: String
  public var email: String?
  public var dateOfBirth: String?
  /// male, female or other.
  public var biologicalSex: String?
  public var heightCm: Double?
  public var weightKg: Double?
  public var bodyFatPercent: Double?
  public var coachId: String?
  public var guildName: String?
  public var guildTag: String?
  /// member, officer or leader.
  public var guildRole: String?
}

/// A coach from coaches.csv.
public struct Coach: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  public var email: String?
}

/// One night and day of recovery inputs from wellness.csv.
/// A row of a table with one row per athlete and day.
public protocol AthleteDayRow {
  var athleteId: String { get }
  var date: String { get }
}

public struct WellnessDay: Codable, Sendable, Equatable, AthleteDayRow {
  public var athleteId: String
  /// ISO date, e.g. 2026-11-02.
  public var date: String
  /// Heart-rate variability in milliseconds; RMSSD unless `hrvMetric` says sdnn.
  public var hrvMilliseconds: Double?
  public var hrvMetric: String
  public var sleepHours: Double?
  /// 0-100.
  public var sleepQuality: Double?
  public var restingHeartRateBpm: Double?
  public var activeKcal: Double?
  public var cyclePhase: String?
}

/// One day of nutrition.csv.
public struct NutritionDay: Codable, Sendable, Equatable, AthleteDayRow {
  public var athleteId: String
  public var date: String
  public var targetKcal: Double?
  public var kcal: Double?
  public var proteinGrams: Double?
  public var carbsGrams: Double?
  public var fatGrams: Double?
  public var waterLiters: Double?
  public var creatineGrams: Double?
  public var wheyGrams: Double?
}

/// One body-segment scan from morpho.csv, lengths in centimetres.
public struct MorphoRecord: Codable, Sendable, Equatable, AthleteDayRow {
  public var athleteId: String
  public var date: String
  public var torsoCm: Double?
  public var femurCm: Double?
  public var tibiaCm: Double?
  public var humerusCm: Double?
  public var forearmCm: Double?
  public var shoulderWidthCm: Double?
  public var hipWidthCm: Double?
  public var armSpanCm: Double?

  public init(
    athleteId: String, date: String, torsoCm: Double?, femurCm: Double?, tibiaCm: Double?,
    humerusCm: Double?, forearmCm: Double?, shoulderWidthCm: Double?, hipWidthCm: Double?,
    armSpanCm: Double?
  ) {
    self.athleteId = athleteId
    self.date = date
    self.torsoCm = torsoCm
    self.femurCm = femurCm
    self.tibiaCm = tibiaCm
    self.humerusCm = humerusCm
    self.forearmCm = forearmCm
    self.shoulderWidthCm = shoulderWidthCm
    self.hipWidthCm = hipWidthCm
    self.armSpanCm = armSpanCm
  }
}

/// The dataset-wide files (everything but the sessions).
public struct DatasetTables: Sendable {
  /// The built-in catalog with this dataset's custom exercises merged over it.
  public var catalog: ExerciseCatalog {
    var catalog = ExerciseCatalog.builtIn
    catalog.merge(exercises)
    return catalog
  }

  public var athletes: [Athlete]
  public var coaches: [Coach]
  public var wellness: [WellnessDay]
  public var nutrition: [NutritionDay]
  public var morpho: [MorphoRecord]
  /// Custom exercises from exercises.csv, to merge over the built-in catalog.
  public var exercises: [ExerciseDefinition]
  /// Problems in the optional files; their bad rows are skipped.
  public var problems: [DatasetProblem]
}

/// A set as the manifest (or the logbook) states it.
public struct ManifestSet: Codable, Sendable, Equatable {
  public var setNumber: Int
  /// Catalog id after resolution (e.g. "back_squat").
  public var exerciseId: String
  public var loadKg: Double?
  /// Seconds from the start of the recordings; nil when the pipeline must find the set.
  public var startSeconds: Double?
  public var endSeconds: Double?
  public var reps: Int?
  public var rpe: Double?
  public var targetTempo: Tempo?
  /// A coach's or dataset's label of the set's form: "good" or "bad" (an extension of
  /// DATASET.md, used to evaluate the form score).
  public var formLabel: String? = nil
  /// True when the set ended on a failed rep (an extension of DATASET.md, used to evaluate the
  /// auto-stop flag).
  public var failed: Bool? = nil
}

/// A session folder's session.json.
public struct SessionManifest: Codable, Sendable, Equatable {
  public var sessionId: String
  public var athleteId: String
  /// ISO 8601 timestamp.
  public var startTime: String
  public var endTime: String?
  public var notes: String?
  public var sets: [ManifestSet]
}

/// The canonical joints (Apple Vision's 19); other skeletons map onto them.
public enum Joint: String, CaseIterable, Codable, Sendable {
  case nose
  case leftEye = "left_eye"
  case rightEye = "right_eye"
  case leftEar = "left_ear"
  case rightEar = "right_ear"
  case leftShoulder = "left_shoulder"
  case rightShoulder = "right_shoulder"
  case neck
  case leftElbow = "left_elbow"
  case rightElbow = "right_elbow"
  case leftWrist = "left_wrist"
  case rightWrist = "right_wrist"
  case root
  case leftHip = "left_hip"
  case rightHip = "right_hip"
  case leftKnee = "left_knee"
  case rightKnee = "right_knee"
  case leftAnkle = "left_ankle"
  case rightAnkle = "right_ankle"
}

/// One joint's track over a pose recording, in the series' `space`, y pointing up.
/// A sample whose confidence was below the threshold is NaN in `x`, `y` (and `z`).
public struct JointTrack: Codable, Sendable, Equatable {
  public var x: [Double]
  public var y: [Double]
  /// Depth, only where the source is 3-D (world coordinates).
  public var z: [Double]?
  /// The source's confidence (0-1); 1 where the format has none (markers).
  public var confidence: [Double]

  public init(x: [Double], y: [Double], z: [Double]? = nil, confidence: [Double]) {
    self.x = x
    self.y = y
    self.z = z
    self.confidence = confidence
  }
}

/// The coordinate space of a pose series.
public enum PoseSpace: String, Codable, Sendable {
  /// Image pixels (or normalised units where the image size is unknown), y up.
  case image
  /// World metres, y up (OpenSim convention), possibly 3-D.
  case world
}

/// A pose recording as canonical time series.
public struct PoseSeries: Codable, Sendable, Equatable {
  /// Seconds from the start of the recordings, strictly increasing.
  public var times: [Double]
  /// Tracks by joint; a joint the format lacks is absent.
  public var joints: [Joint: JointTrack]
  /// Units per metre when known (the manifest's scale, or 1 for world metres); otherwise the
  /// features stage calibrates from the athlete's height.
  public var pixelsPerMeter: Double?
  public var space: PoseSpace
  public var view: String
  public var quality: RecordingQuality
}

/// Bar or body-worn IMU samples in SI units, sensor frame, on a uniform time grid.
public struct ImuSeries: Codable, Sendable, Equatable {
  /// Seconds from the start of the recordings, strictly increasing.
  public var times: [Double]
  /// Specific force (what an accelerometer measures: +1 g upward at rest) in m/s², per axis.
  public var accelX: [Double]
  public var accelY: [Double]
  public var accelZ: [Double]
  /// Angular rate in rad/s, per axis; empty when the device has no gyroscope.
  public var gyroX: [Double]
  public var gyroY: [Double]
  public var gyroZ: [Double]
  /// barbell, dumbbell, wrist, forearm, hip or chest.
  public var placement: String
  public var quality: RecordingQuality

  /// True when the recording carries angular rates.
  public var hasGyroscope: Bool { !gyroX.isEmpty }
}

/// What a recording's timestamps and samples looked like, said rather than hidden.
public struct RecordingQuality: Codable, Sendable, Equatable {
  /// Path relative to the dataset.
  public var path: String
  /// The format it was read as (vision19, openpose, generic, ...).
  public var format: String
  public var samples: Int
  /// Median rate derived from the timestamps.
  public var sampleRateHz: Double
  /// Rows dropped because their timestamp repeated the previous one.
  public var duplicateTimestamps: Int
  /// Intervals longer than twice the median interval.
  public var gaps: Int
  /// Share of joint samples below the confidence threshold (pose only), 0-1.
  public var missingFraction: Double
  /// True when irregular or misaligned samples were interpolated onto a uniform grid.
  public var resampled: Bool
  /// Anything else a reader of the numbers should know (assumptions, skipped people).
  public var notes: [String]
}

/// Everything the ingest stage knows about one session.
public struct IngestedSession: Codable, Sendable, Equatable {
  public var manifest: SessionManifest
  public var pose: PoseSeries?
  public var imu: ImuSeries?

  /// A session with no recordings: a coach's logbook entry.
  public var isLogOnly: Bool { pose == nil && imu == nil }
}
