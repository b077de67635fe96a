/// Ground truth the generator knows exactly, written as truth.json beside the dataset.
public struct DatasetTruth: Codable, Sendable {
  public var seed: UInt64
  public var noise: String
  public var sessions: [SessionTruth]
  /// Each athlete's exact segment lengths (morpho.csv holds them as a scan measured them);
  /// nil in truth files written before it was recorded.
  public var athletes: [AthleteTruth]? = nil
}

/// One athlete's body as the generator built it: joint-centre segment lengths, centimetres.
public struct AthleteTruth: Codable, Sendable {
  public var athleteId: String
  public var torsoCm: Double
  public var femurCm: Double
  public var tibiaCm: Double
  public var humerusCm: Double
  public var forearmCm: Double
}

/// Truth for one recorded session.
public struct SessionTruth: Codable, Sendable {
  public var sessionId: String
  public var sets: [SetTruth]
}

/// Truth for one set: its bounds, reps and velocity loss.
public struct SetTruth: Codable, Sendable {
  public var setNumber: Int
  public var exercise: String
  /// Seconds from the start of the recordings: first movement and end of the last rep.
  public var startSeconds: Double
  public var endSeconds: Double
  public var reps: Int
  /// (fastest rep MCV − last rep MCV) / fastest, in percent, from whole-phase MCVs.
  public var velocityLossPercent: Double
  /// The same from the MCVs over each rep's moving stretch (`MovingVelocity`): what the
  /// features publish.
  public var movingVelocityLossPercent: Double
  public var repList: [RepTruth]
  /// "bad" for a set of partial reps, "good" otherwise.
  public var formLabel: String? = nil
  /// True when a failed attempt (not a rep) follows the last rep.
  public var failed: Bool? = nil
}

/// Truth for one rep. Phases: eccentric (load going down), pause at the turning point between
/// the rep's two phases, concentric (load going up).
public struct RepTruth: Codable, Sendable {
  public var repNumber: Int
  public var startSeconds: Double
  public var endSeconds: Double
  public var eccentricSeconds: Double
  public var pauseSeconds: Double
  public var concentricSeconds: Double
  /// Max minus min of the primary joint's interior angle over the rep, degrees.
  public var romDegrees: Double
  /// Bar displacement over the whole concentric phase divided by its duration, m/s.
  public var meanConcentricVelocity: Double
  public var peakConcentricVelocity: Double
  /// Mean velocity over the moving stretch of the concentric phase (`MovingVelocity`), m/s:
  /// what the features publish as MCV.
  public var movingMeanConcentricVelocity: Double
}
