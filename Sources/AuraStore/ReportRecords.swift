/// A row of a published table as a report reads it: columns decoded by their snake_case names
/// (`RecordRows`).
public protocol ReportRecord: Decodable, Sendable {}

/// The published rows the reports read, one type per table (only the columns shown).
public enum ReportRows {
  public struct Coach: ReportRecord {
    public var id, name: String
  }

  public struct Athlete: ReportRecord {
    public var id, username: String
    public var currentRankTier: String
    public var currentLp: Int
    public var coachId: String?
  }

  public struct Roster: ReportRecord {
    public var coachId: String?
    public var athleteId: String
    public var sessionsLast7Days: Int
    public var readiness: Double?
    public var lpChange7Days, newRecords7Days: Int
    public var flags: String?
  }

  public struct Session: ReportRecord {
    public var id, startTime: String
    public var totalVolume: Double?
    public var totalXpEarned, lpChange: Int
    public var averageFormScore: Double?
    public var comboMultiplier: Double
    public var sessionNotes: String?
  }

  public struct WorkoutSet: ReportRecord {
    public var sessionId, exerciseId, source: String
    public var setNumber: Int
    public var reps, repsLogged: Int?
    /// Why the recording cannot support a rep count, where it cannot (`reps` is then null).
    public var repsUnknownReason: String?
    public var weightKg, averageConcentricVelocity, velocityLossPercent, formScore,
      romDegrees: Double?
    public var autoStopped: Bool
    public var rpe, rpeEstimated, rirEstimated: Double?
    public var rpeMethod: String?
    public var xpEarned: Int
    public var feedback: String?
  }

  public struct Rep: ReportRecord {
    public var setNumber, repNumber: Int
    public var romDegrees, meanConcentricVelocity: Double?
  }

  public struct FormComponent: ReportRecord {
    public var setNumber: Int
    public var component: String
    public var score: Double
  }

  public struct Volume: ReportRecord {
    public var isoWeek, muscle: String
    public var sets, volumeKg: Double
    public var band: String?
    public var partialWeek: Bool
  }

  public struct Muscle: ReportRecord {
    public var name: String
    public var currentRecoveryScore: Double?
    public var lastTrainedDate: String?
  }

  public struct Readiness: ReportRecord {
    public var date: String
    public var readiness, hrvComponent, sleepComponent, rhrComponent, loadComponent: Double?
    public var status, hrvMetric: String?
    public var acuteChronicRatio: Double?
  }

  public struct Wellness: ReportRecord {
    public var snapshotDate: String
    public var hrvValue, sleepHours, restingHeartRate: Double?
  }

  public struct Strength: ReportRecord {
    public var exerciseId, isoWeek, method: String
    public var e1rmKg: Double
    public var lvpR2: Double?
    public var lvpLoads: Int?
  }

  public struct Ranking: ReportRecord {
    public var recordDate: String
    public var tier: String?
    public var lpAtRecord: Int?
    public var strengthToWeightRatio, formQualityAverage, velocityScore: Double?
  }

  public struct PersonalRecord: ReportRecord {
    public var exerciseId, recordType, achievedAt, sessionId: String
    public var loadKg: Double?
    public var value: Double
  }

  public struct NutritionWeek: ReportRecord {
    public var isoWeek: String
    public var daysLogged: Int
    public var meanKcal, meanTargetKcal, calorieAdherencePct, proteinGPerKg: Double?
    public var proteinDaysMet: Int?
  }

  public struct Risk: ReportRecord {
    public var exerciseId, riskLevel, reason: String
  }

  public struct Quarantine: ReportRecord {
    public var path: String
    public var line: Int
    public var reason: String
    public var athleteId: String?
  }

  public struct LeaderboardEntry: ReportRecord {
    public var scope: String
    public var rank: Int
    public var athleteId: String
  }

  public struct Run: ReportRecord {
    public var runId, codeVersion, parametersHash, parameters: String
  }
}
