import AuraDomain
import AuraFeatures

// The values that leave the scoring stage.

/// A set with its scores.
package struct ScoredSet: Codable, Sendable, Equatable {
  package var features: SetFeatures
  /// 0-100, nil for a logbook set (nothing was seen).
  package var formScore: Double?
  /// Written feedback for the weakest form components.
  package var feedback: [String]
  /// Per-rep form scores, in rep order.
  package var repFormScores: [Double]
  /// Set average of each form component the camera could see, 0-100, by component name.
  package var formComponents: [String: Double]
  /// True when the velocity-loss threshold was crossed before the last rep (the set went on
  /// past where it should have stopped).
  package var autoStopped: Bool
  package var xp: Int
  package var comboMultiplier: Double
  /// e.g. "combo x3" while a streak of high-form sets runs.
  package var comboTag: String?
  /// Volume load: reps × load, kg.
  package var volumeKg: Double
  /// Estimated one-rep max from reps and load (Epley, RPE-adjusted when RPE is logged), kg.
  package var estimatedOneRepMaxKg: Double?
}

/// A session with its scores and totals.
package struct ScoredSession: Codable, Sendable, Equatable {
  package var sessionId: String
  package var athleteId: String
  package var startTime: SessionTime
  package var endTime: String?
  package var notes: String?
  package var sets: [ScoredSet]
  package var totalVolumeKg: Double
  package var totalXP: Int
  package var averageFormScore: Double?
  /// Highest combo multiplier reached.
  package var peakComboMultiplier: Double
  /// Highest peak concentric velocity of any rep, m/s.
  package var peakVelocity: Double?
  /// Limb lengths measured on the session's pose, nil without one.
  package var morpho: PoseMorpho?
  package var warnings: [String]
  /// Recordings set aside at ingest, each with its problem.
  package var setAside: [DatasetProblem] = []
}

extension ScoredSession {
  /// A set's id, "<session id>#<set number>": `workout_set.id`, and the key of what
  /// aggregation adds to a set.
  package func setId(_ set: ScoredSet) -> String { "\(sessionId)#\(set.features.setNumber)" }
}
