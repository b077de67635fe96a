/// Ground truth the generator knows exactly, written as truth.json beside the dataset.
package struct DatasetTruth: Codable, Sendable {
  package var seed: UInt64
  package var noise: String
  package var sessions: [SessionTruth]
  /// Each athlete's exact segment lengths (morpho.csv holds them as a scan measured them);
  /// nil in truth files written before it was recorded.
  package var athletes: [AthleteTruth]? = nil
}

/// One athlete's body as the generator built it: joint-centre segment lengths, centimetres.
package struct AthleteTruth: Codable, Sendable {
  package var athleteId: String
  package var torsoCm: Double
  package var femurCm: Double
  package var tibiaCm: Double
  package var humerusCm: Double
  package var forearmCm: Double
  /// The Monday from which the athlete's recorded sets are partial (`--form-fades`).
  package var formFadesFrom: String? = nil
}

/// Truth for one recorded session.
package struct SessionTruth: Codable, Sendable {
  package var sessionId: String
  package var sets: [SetTruth]
}

/// Truth for one set: its bounds, reps and velocity loss.
package struct SetTruth: Codable, Sendable {
  package var setNumber: Int
  package var exercise: String
  /// Seconds from the start of the recordings: first movement and end of the last rep.
  package var startSeconds: Double
  package var endSeconds: Double
  package var reps: Int
  /// (fastest rep MCV − last rep MCV) / fastest, in percent, from whole-phase MCVs.
  package var velocityLossPercent: Double
  /// The same from the MCVs over each rep's moving stretch (`MovingVelocity`): what the
  /// features publish.
  package var movingVelocityLossPercent: Double
  package var repList: [RepTruth]
  /// "bad" for a set of partial reps, "good" otherwise.
  package var formLabel: String? = nil
  /// True when a failed attempt (not a rep) follows the last rep.
  package var failed: Bool? = nil
}

/// Truth for one rep. Phases: eccentric (load going down), pause at the turning point between
/// the rep's two phases, concentric (load going up).
package struct RepTruth: Codable, Sendable {
  package var repNumber: Int
  package var startSeconds: Double
  package var endSeconds: Double
  package var eccentricSeconds: Double
  package var pauseSeconds: Double
  package var concentricSeconds: Double
  /// Max minus min of the primary joint's interior angle over the rep, degrees.
  package var romDegrees: Double
  /// Bar displacement over the whole concentric phase divided by its duration, m/s.
  package var meanConcentricVelocity: Double
  package var peakConcentricVelocity: Double
  /// Mean velocity over the moving stretch of the concentric phase (`MovingVelocity`), m/s:
  /// what the features publish as MCV.
  package var movingMeanConcentricVelocity: Double
}
