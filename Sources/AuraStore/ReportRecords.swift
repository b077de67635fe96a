/// A row of a published table as a report reads it: columns decoded by their snake_case names
/// (`RecordRows`).
package protocol ReportRecord: Decodable, Sendable {}

/// The published rows the reports read, one type per table (only the columns shown).
package enum ReportRows {
  package struct Coach: ReportRecord {
    package var id, name: String
  }

  package struct Athlete: ReportRecord {
    package var id, username: String
    package var currentRankTier: String
    package var currentLp: Int
    package var coachId: String?
  }

  package struct Roster: ReportRecord {
    package var coachId: String?
    package var athleteId: String
    package var sessionsThisWeek: Int
    package var lastSessionDate: String?
    package var readiness: Double?
    package var readinessDate: String?
    package var lpChangeThisWeek, newRecordsThisWeek: Int
    package var flags: String?
  }

  package struct Session: ReportRecord {
    package var id, startTime: String
    package var totalVolume: Double?
    package var totalXpEarned, lpChange: Int
    package var averageFormScore: Double?
    package var comboMultiplier: Double
    package var sessionNotes: String?
  }

  package struct WorkoutSet: ReportRecord {
    package var sessionId, exerciseId, source: String
    package var setNumber: Int
    package var reps, repsLogged: Int?
    /// Why the recording cannot support a rep count, where it cannot (`reps` is then null).
    package var repsUnknownReason: String?
    /// The reps the set holds at 90 % (`reps_low`, `reps_high`), where a count was found.
    package var repsLow, repsHigh: Int?
    package var weightKg, averageConcentricVelocity, velocityLossPercent, formScore,
      romDegrees: Double?
    package var autoStopped: Bool
    package var rpe, rpeEstimated, rirEstimated: Double?
    package var rpeMethod: String?
    package var xpEarned: Int
    package var feedback: String?
    /// Why the set counts toward nothing until someone checks it (`entry_check`).
    package var entryCheck: String?
  }

  package struct Departed: ReportRecord {
    package var athleteId, username, since: String
  }

  package struct Rep: ReportRecord {
    package var setNumber, repNumber: Int
    package var romDegrees, meanConcentricVelocity: Double?
  }

  package struct FormComponent: ReportRecord {
    package var setNumber: Int
    package var component: String
    package var score: Double
  }

  package struct Volume: ReportRecord {
    package var isoWeek, muscle: String
    package var sets, volumeKg: Double
    package var band: String?
    package var partialWeek: Bool
  }

  package struct Muscle: ReportRecord {
    package var name: String
    package var currentRecoveryScore: Double?
    package var lastTrainedDate: String?
  }

  package struct Readiness: ReportRecord {
    package var date: String
    package var readiness, hrvComponent, sleepComponent, rhrComponent, loadComponent: Double?
    package var status, hrvMetric: String?
    package var acuteChronicRatio: Double?
  }

  package struct Wellness: ReportRecord {
    package var snapshotDate: String
    package var hrvValue, sleepHours, restingHeartRate: Double?
  }

  package struct Strength: ReportRecord {
    package var exerciseId, isoWeek, method: String
    package var e1rmKg: Double
    package var lvpR2: Double?
    package var lvpLoads: Int?
  }

  package struct Ranking: ReportRecord {
    package var recordDate: String
    package var tier: String?
    package var lpAtRecord: Int?
    package var strengthToWeightRatio, formQualityAverage, velocityScore: Double?
  }

  package struct PersonalRecord: ReportRecord {
    package var exerciseId, recordType, achievedAt, sessionId: String
    package var loadKg: Double?
    package var value: Double
    package var previousValue: Double?
    package var notable: Bool
  }

  package struct NutritionWeek: ReportRecord {
    package var isoWeek: String
    package var daysLogged: Int
    package var meanKcal, meanTargetKcal, calorieAdherencePct, proteinGPerKg: Double?
    package var proteinDaysMet: Int?
  }

  package struct Risk: ReportRecord {
    package var exerciseId, riskLevel, reason: String
  }

  package struct Quarantine: ReportRecord {
    package var path: String
    package var line: Int
    package var reason: String
    package var athleteId: String?
  }

  package struct LeaderboardEntry: ReportRecord {
    package var scope: String
    package var rank: Int
    package var athleteId: String
  }

  package struct Run: ReportRecord {
    package var runId, startedAt, codeVersion, parametersHash, parameters: String
  }
}
