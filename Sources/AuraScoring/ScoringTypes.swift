import AuraDomain
import AuraFeatures

// The values that leave the scoring stage.

/// A set with its scores.
public struct ScoredSet: Codable, Sendable, Equatable {
  public var features: SetFeatures
  /// 0-100, nil for a logbook set (nothing was seen).
  public var formScore: Double?
  /// Written feedback for the weakest form components.
  public var feedback: [String]
  /// Per-rep form scores, in rep order.
  public var repFormScores: [Double]
  /// Set average of each form component the camera could see, 0-100, by component name.
  public var formComponents: [String: Double]
  /// True when the velocity-loss threshold was crossed before the last rep (the set went on
  /// past where it should have stopped).
  public var autoStopped: Bool
  public var xp: Int
  public var comboMultiplier: Double
  /// e.g. "combo x3" while a streak of high-form sets runs.
  public var comboTag: String?
  /// Volume load: reps × load, kg.
  public var volumeKg: Double
  /// Estimated one-rep max from reps and load (Epley, RPE-adjusted when RPE is logged), kg.
  public var estimatedOneRepMaxKg: Double?
}

/// A session with its scores and totals.
public struct ScoredSession: Codable, Sendable, Equatable {
  public var sessionId: String
  public var athleteId: String
  public var startTime: String
  public var endTime: String?
  public var notes: String?
  public var sets: [ScoredSet]
  public var totalVolumeKg: Double
  public var totalXP: Int
  public var averageFormScore: Double?
  /// Highest combo multiplier reached.
  public var peakComboMultiplier: Double
  /// Highest peak concentric velocity of any rep, m/s.
  public var peakVelocity: Double?
  /// Limb lengths measured on the session's pose, nil without one.
  public var morpho: PoseMorpho?
  public var warnings: [String]
}

extension ScoredSession {
  /// A set's id, "<session id>#<set number>": `workout_set.id`, and the key of what
  /// aggregation adds to a set.
  public func setId(_ set: ScoredSet) -> String { "\(sessionId)#\(set.features.setNumber)" }
}
