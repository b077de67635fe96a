import AuraDomain
import Foundation

// The values that leave the ingest stage: canonical, typed, with quality made explicit.

/// An athlete from athletes.csv. Empty cells are nil ("unknown", never zero).
package struct Athlete: Codable, Sendable, Equatable {
  package var id: String
  package var username: String
  package var email: String?
  package var dateOfBirth: String?
  /// male, female or other.
  package var biologicalSex: String?
  package var heightCm: Double?
  package var weightKg: Double?
  package var bodyFatPercent: Double?
  package var coachId: String?
  package var guildName: String?
  package var guildTag: String?
  /// member, officer or leader.
  package var guildRole: String?
}

/// A coach from coaches.csv.
package struct Coach: Codable, Sendable, Equatable {
  package var id: String
  package var name: String
  package var email: String?
}

/// One night and day of recovery inputs from wellness.csv.
/// A row of a table with one row per athlete and day.
package protocol AthleteDayRow {
  var athleteId: String { get }
  var date: String { get }
}

package struct WellnessDay: Codable, Sendable, Equatable, AthleteDayRow {
  package var athleteId: String
  /// ISO date, e.g. 2026-11-02.
  package var date: String
  /// Heart-rate variability in milliseconds; RMSSD unless `hrvMetric` says sdnn.
  package var hrvMilliseconds: Double?
  package var hrvMetric: HRVMetric
  package var sleepHours: Double?
  /// 0-100.
  package var sleepQuality: Double?
  package var restingHeartRateBpm: Double?
  package var activeKcal: Double?
  package var cyclePhase: String?
}

/// One day of nutrition.csv.
package struct NutritionDay: Codable, Sendable, Equatable, AthleteDayRow {
  package var athleteId: String
  package var date: String
  package var targetKcal: Double?
  package var kcal: Double?
  package var proteinGrams: Double?
  package var carbsGrams: Double?
  package var fatGrams: Double?
  package var waterLiters: Double?
  package var creatineGrams: Double?
  package var wheyGrams: Double?
}

/// One body-segment scan from morpho.csv, lengths in centimetres.
package struct MorphoRecord: Codable, Sendable, Equatable, AthleteDayRow {
  package var athleteId: String
  package var date: String
  package var torsoCm: Double?
  package var femurCm: Double?
  package var tibiaCm: Double?
  package var humerusCm: Double?
  package var forearmCm: Double?
  package var shoulderWidthCm: Double?
  package var hipWidthCm: Double?
  package var armSpanCm: Double?

  package init(
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
package struct DatasetTables: Sendable {
  /// The built-in catalog with this dataset's custom exercises merged over it.
  package var catalog: ExerciseCatalog {
    var catalog = ExerciseCatalog.builtIn
    catalog.merge(exercises)
    return catalog
  }

  package var athletes: AthleteRoster
  package var coaches: [Coach]
  /// Each athlete's rows of the per-athlete tables, in the order read, on disk until an
  /// athlete's are asked for.
  package var wellnessByAthlete: RowsByAthlete<WellnessDay>
  package var nutritionByAthlete: RowsByAthlete<NutritionDay>
  package var morphoByAthlete: RowsByAthlete<MorphoRecord>
  /// Custom exercises from exercises.csv, to merge over the built-in catalog.
  package var exercises: [ExerciseDefinition]
  /// Problems in the optional files; their bad rows are skipped.
  package var problems: [DatasetProblem]

  package init(
    athletes: AthleteRoster, coaches: [Coach], wellness: RowsByAthlete<WellnessDay>,
    nutrition: RowsByAthlete<NutritionDay>, morpho: RowsByAthlete<MorphoRecord>,
    exercises: [ExerciseDefinition], problems: [DatasetProblem]
  ) {
    self.athletes = athletes
    self.coaches = coaches
    wellnessByAthlete = wellness
    nutritionByAthlete = nutrition
    morphoByAthlete = morpho
    self.exercises = exercises
    self.problems = problems
  }

  package init(
    athletes: AthleteRoster, coaches: [Coach], wellness: [WellnessDay],
    nutrition: [NutritionDay], morpho: [MorphoRecord], exercises: [ExerciseDefinition],
    problems: [DatasetProblem]
  ) {
    self.init(
      athletes: athletes, coaches: coaches, wellness: RowsByAthlete(wellness),
      nutrition: RowsByAthlete(nutrition),
      morpho: RowsByAthlete(morpho), exercises: exercises,
      problems: problems)
  }

  /// Every wellness day, athletes in id order.
  package var wellness: [WellnessDay] { wellnessByAthlete.all }
  /// Every nutrition day, athletes in id order.
  package var nutrition: [NutritionDay] { nutritionByAthlete.all }
  /// Every body scan, athletes in id order.
  package var morpho: [MorphoRecord] { morphoByAthlete.all }
}

/// A set as the manifest (or the logbook) states it.
package struct ManifestSet: Codable, Sendable, Equatable {
  package var setNumber: Int
  /// Catalog id after resolution (e.g. "back_squat").
  package var exerciseId: String
  package var loadKg: Double?
  /// Seconds from the start of the recordings; nil when the pipeline must find the set.
  package var startSeconds: Double?
  package var endSeconds: Double?
  package var reps: Int?
  package var rpe: Double?
  package var targetTempo: Tempo?
  /// A coach's or dataset's label of the set's form: "good" or "bad" (an extension of
  /// docs/dataset.md, used to evaluate the form score).
  package var formLabel: String? = nil
  /// True when the set ended on a failed rep (an extension of docs/dataset.md, used to evaluate the
  /// auto-stop flag).
  package var failed: Bool? = nil
  /// True when a person confirmed a load or reps that look implausible: the set then counts
  /// as logged (`load_confirmed` in session.json).
  package var loadConfirmed = false
}

/// A session folder's session.json.
package struct SessionManifest: Codable, Sendable, Equatable {
  package var sessionId: String
  package var athleteId: String
  package var startTime: SessionTime
  package var endTime: String?
  package var notes: String?
  package var sets: [ManifestSet]
}

/// The canonical joints (Apple Vision's 19); other skeletons map onto them.
package enum Joint: String, CaseIterable, Codable, Sendable {
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
package struct JointTrack: Codable, Sendable, Equatable {
  package var x: [Double]
  package var y: [Double]
  /// Depth, only where the source is 3-D (world coordinates).
  package var z: [Double]?
  /// The source's confidence (0-1); 1 where the format has none (markers).
  package var confidence: [Double]

  package init(x: [Double], y: [Double], z: [Double]? = nil, confidence: [Double]) {
    self.x = x
    self.y = y
    self.z = z
    self.confidence = confidence
  }
}

/// The coordinate space of a pose series.
package enum PoseSpace: String, Codable, Sendable {
  /// Image pixels (or normalised units where the image size is unknown), y up.
  case image
  /// World metres, y up (OpenSim convention), possibly 3-D.
  case world
}

/// A pose recording as canonical time series.
package struct PoseSeries: Codable, Sendable, Equatable {
  /// Seconds from the start of the recordings, strictly increasing.
  package var times: [Double]
  /// Tracks by joint; a joint the format lacks is absent.
  package var joints: [Joint: JointTrack]
  /// Units per metre when known (the manifest's scale, or 1 for world metres); otherwise the
  /// features stage calibrates from the athlete's height.
  package var pixelsPerMeter: Double?
  package var space: PoseSpace
  package var view: String
  package var quality: RecordingQuality
}

/// Bar or body-worn IMU samples in SI units, sensor frame, on a uniform time grid.
package struct ImuSeries: Codable, Sendable, Equatable {
  /// Seconds from the start of the recordings, strictly increasing.
  package var times: [Double]
  /// Specific force (what an accelerometer measures: +1 g upward at rest) in m/s², per axis.
  package var accelX: [Double]
  package var accelY: [Double]
  package var accelZ: [Double]
  /// Angular rate in rad/s, per axis; empty when the device has no gyroscope.
  package var gyroX: [Double]
  package var gyroY: [Double]
  package var gyroZ: [Double]
  package var placement: ImuPlacement
  package var quality: RecordingQuality

  /// True when the recording carries angular rates.
  package var hasGyroscope: Bool { !gyroX.isEmpty }
}

/// What a recording's timestamps and samples looked like, said rather than hidden.
package struct RecordingQuality: Codable, Sendable, Equatable {
  /// Path relative to the dataset.
  package var path: String
  /// The format it was read as (vision19, openpose, generic, ...).
  package var format: String
  package var samples: Int
  /// Median rate derived from the timestamps.
  package var sampleRateHz: Double
  /// Rows dropped because their timestamp repeated the previous one.
  package var duplicateTimestamps: Int
  /// Intervals longer than twice the median interval.
  package var gaps: Int
  /// Share of joint samples below the confidence threshold (pose only), 0-1.
  package var missingFraction: Double
  /// True when irregular or misaligned samples were interpolated onto a uniform grid.
  package var resampled: Bool
  /// Anything else a reader of the numbers should know (assumptions, skipped people).
  package var notes: [String]
  /// Packets of samples an IMU recording lost without a gap in its timestamps; nil where its
  /// signal shows none (and for pose).
  package var lostPackets: LostPackets? = nil
}

/// Everything the ingest stage knows about one session.
package struct IngestedSession: Codable, Sendable, Equatable {
  package var manifest: SessionManifest
  package var pose: PoseSeries?
  package var imu: ImuSeries?
  /// Recordings that could not be read, each with its problem: the session goes on without
  /// them, its logged sets kept.
  package var setAside: [DatasetProblem] = []

  /// Throws the first recording's problem, where one was set aside: for evaluations, which
  /// must measure every recording the labels refer to, never its session's log instead.
  package func requireEveryRecording() throws {
    if let problem = setAside.first { throw problem }
  }

  /// A session with no recordings: a coach's logbook entry.
  package var isLogOnly: Bool { pose == nil && imu == nil }
}
