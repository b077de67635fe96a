import AuraDomain
import AuraIngest

// The values that leave the feature stage. Units: seconds, degrees, metres, m/s.

/// Where a set's numbers come from.
package enum FeatureSource: String, Codable, Sendable {
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
package struct RepFeatures: Codable, Sendable, Equatable {
  package var repNumber: Int
  /// First movement of the rep and end of its last phase, seconds from the start of the recordings.
  package var startSeconds: Double
  package var endSeconds: Double
  /// Load going down, dwell at the turning point between the rep's two phases, load going up.
  package var eccentricSeconds: Double
  package var pauseSeconds: Double
  package var concentricSeconds: Double
  /// Max minus min of the primary joint's interior angle over the rep, on the side facing the
  /// camera, and on each side where that side was seen in at least half the rep; nil without
  /// a camera.
  package var romDegrees: Double?
  package var leftRomDegrees: Double?
  package var rightRomDegrees: Double?
  /// Bar velocity from the pose proxy point with the calibrated scale, and from the bar IMU.
  package var poseVelocity: BarVelocity?
  package var imuVelocity: BarVelocity?
  /// Horizontal range of the bar's path over the rep (x, and z where the source is 3-D), metres.
  package var barPathDeviationMeters: Double?
  /// Largest trunk lean from vertical during the rep, degrees.
  package var maxTrunkLeanDegrees: Double?
  /// Share of the rep's samples where the bar proxy or the primary joint's points were
  /// interpolated over a short gap or replaced as outliers, 0-1 (the validity mask); from a
  /// bar IMU alone, the share of the rep in a phase its height did not show, whose duration
  /// was imputed (`ImuRepMeasurer`).
  package var interpolatedFraction: Double

  /// Mean concentric velocity: from the IMU where there is one, else from pose.
  package var meanConcentricVelocity: Double? { (imuVelocity ?? poseVelocity)?.mean }
  /// Peak concentric velocity, from the same source as the mean.
  package var peakConcentricVelocity: Double? { (imuVelocity ?? poseVelocity)?.peak }
}

/// The bar's concentric velocity in one rep, m/s.
package struct BarVelocity: Codable, Sendable, Equatable {
  /// Mean velocity over the concentric phase's moving stretch (`MovingVelocity`): upward at
  /// 0.05 m/s or more.
  package var mean: Double
  /// Highest upward velocity in the phase.
  package var peak: Double

  package init(mean: Double, peak: Double) {
    self.mean = mean
    self.peak = peak
  }
}

/// One set: as logged, and as measured where there is a recording.
package struct SetFeatures: Codable, Sendable, Equatable {
  package var setNumber: Int
  package var exerciseId: String
  package var loadKg: Double?
  package var loggedReps: Int?
  package var loggedRPE: Double?
  package var targetTempo: Tempo?
  /// The dataset's form label ("good" or "bad") and failed-rep flag, passed through to evaluate
  /// the scores against.
  package var formLabel: String? = nil
  package var failed: Bool? = nil
  /// True when a person confirmed the logged load and reps (`ManifestSet.loadConfirmed`).
  package var loadConfirmed = false
  package var startSeconds: Double?
  package var endSeconds: Double?
  package var source: FeatureSource
  /// Detected reps (empty for a logbook set).
  package var reps: [RepFeatures]
  /// (fastest rep MCV − last rep MCV) / fastest rep MCV × 100.
  package var velocityLossPercent: Double?
  /// The first rep whose MCV fell by the configured threshold from the fastest rep before it.
  package var velocityLossThresholdRep: Int? = nil
  /// True when the set's bounds were found in the recording rather than given.
  package var boundsDetected = false
  /// Why the recording cannot support a rep count for this set, where it cannot (the reps
  /// found are then not a count to publish); nil when the count stands.
  package var repCountUnknown: String? = nil
  /// The evidence the count was checked against (`RepCountEvidence`); nil for a logbook set
  /// or a set the recording did not find.
  package var countEvidence: RepCountEvidence? = nil
  /// False where the recording times each rep but cannot tell its lowering from its lifting
  /// (an IMU on a limb): its phase durations are then not published or scored.
  package var phasesMeasured = true
  /// The reps of the count each measured rep stands for: 2 where a sensor on one limb sees
  /// only its own side's reps of an alternating exercise, whose count covers both sides.
  package var repsPerMeasuredRep = 1
  /// The swings of a set in which no rep was found one by one and whose rhythm disagrees with
  /// them (`RepCountCheck`): not a count, but what the recording says of one, published as a
  /// range only; nil elsewhere.
  package var swings: Swings? = nil

  /// A set's swings, and whether its recording lost part of it (packets of samples), which
  /// only ever loses swings.
  package struct Swings: Codable, Sendable, Equatable {
    package var count: Int
    package var partLost = false
  }

  /// The reps the recording counts (whether or not the count stands).
  package var measuredRepCount: Int { reps.count * repsPerMeasuredRep }

  /// The reps the set holds at 90 % (`RepCountCalibration.halfWidths`), from the count the
  /// recording gives and how far such counts were off on real recordings: published for every
  /// set with a recording, whether a count was found (standing or not), only its swings, or
  /// nothing (`RepCountCalibration.noCountRange`); nil for a logbook set.
  package var repsInterval: ClosedRange<Int>? {
    // One side's reps, doubled: the other side made as many, give or take the last one.
    func bothSides(_ side: ClosedRange<Int>) -> ClosedRange<Int> {
      max(1, 2 * side.lowerBound - 1)...(2 * side.upperBound + 1)
    }
    if let evidence = countEvidence {
      let side = RepCountCalibration.interval(count: measuredRepCount, in: evidence.errorClass)
      return evidence.oneSideOfAlternating ? bothSides(side) : side
    }
    guard let swings else {
      // A set its recording was read for but shows no rep of (not found, or found empty) has
      // why in `repCountUnknown`; a logbook set has no reason, and no range.
      let recordingShowsNoRep = repCountUnknown != nil && (source == .log || reps.isEmpty)
      return recordingShowsNoRep ? RepCountCalibration.noCountRange.reps : nil
    }
    let range = RepCountCalibration.interval(swings: swings.count, partLost: swings.partLost)
    return repsPerMeasuredRep == 2 ? bothSides(range) : range
  }

  /// Reps counted from the recording, else as logged: the recording's count where it stands,
  /// the logged one where the recording cannot support a count (`repCountUnknown`), nil where
  /// neither is known.
  package var repCount: Int? {
    if source == .log { return loggedReps ?? 0 }
    return repCountUnknown == nil ? measuredRepCount : loggedReps
  }

  /// Whether the set was done: it has reps, or reps the recording could not count.
  package var performed: Bool { repCount.map { $0 > 0 } ?? true }

  /// The rep count to publish as the set's: the recording's where it stands, the logged one for
  /// a logbook set, nil where the recording cannot support one.
  package var publishedRepCount: Int? { repCountUnknown == nil ? repCount : nil }
}

/// The feature stage's output for one session.
package struct SessionFeatures: Codable, Sendable, Equatable {
  package var sessionId: String
  package var athleteId: String
  package var startTime: SessionTime
  package var endTime: String?
  package var notes: String?
  package var sets: [SetFeatures]
  /// Quality records of the recordings used.
  package var recordings: [RecordingQuality]
  /// The pose camera's view as the manifest gives it (sagittal, frontal), nil without pose.
  package var poseView: String?
  /// Pixels per metre used for pose, and how it was found.
  package var poseScale: PoseScale?
  /// Limb lengths measured on the pose, for athletes without a morpho.csv row.
  package var morpho: PoseMorpho?
  package var warnings: [String]
  /// Recordings set aside at ingest, each with its problem.
  package var setAside: [DatasetProblem] = []
}

/// The pose recording's scale.
package struct PoseScale: Codable, Sendable, Equatable {
  package var pixelsPerMeter: Double
  /// manifest, world_metres, body_scan, athlete_height, assumed_height or arm_length.
  package var method: String

  /// The method of a scale read off the arm, where no frame shows the legs and trunk: close
  /// enough to count reps by (their travel marks are in metres), not to publish speeds or
  /// lengths by.
  package static let armLength = "arm_length"

  /// Whether the pose's speeds and lengths (bar velocity and path, limb lengths) are worth
  /// publishing on this scale.
  package var measuresLengths: Bool { method != Self.armLength }
}
