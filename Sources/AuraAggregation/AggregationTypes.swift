import AuraDomain
import AuraIngest
import AuraScoring

// The values that leave the aggregation stage.

/// Sets and volume one athlete gave one muscle in one ISO week.
public struct WeeklyMuscleVolume: Codable, Sendable, Equatable {
  public var athleteId: String
  /// e.g. "2026-W45".
  public var isoWeek: String
  public var muscle: MuscleGroupType
  /// Primary muscles count 1 per set, secondary ones `secondaryShare` (fractional sets).
  public var sets: Double
  public var volumeKg: Double
  /// Where the sets fall against the muscle's landmarks: below_mev, mev_to_mav, mav,
  /// above_mav or above_mrv.
  public var band: String
  /// True when the week runs past the end of the data window (its sets are not final).
  public var partialWeek: Bool
}

/// Daily readiness with its components, each 0-100 (nil when its inputs are missing or the
/// personal baseline is too short).
public struct ReadinessDay: Codable, Sendable, Equatable {
  public var athleteId: String
  public var date: String
  public var readiness: Double?
  public var hrvComponent: Double?
  public var sleepComponent: Double?
  public var restingHeartRateComponent: Double?
  public var loadComponent: Double?
  /// ok, or insufficient_history while the personal HRV/RHR baseline is too short.
  public var status: String
  /// ln_rmssd or ln_sdnn: the HRV measure the component compares.
  public var hrvMetric: String?
  /// Acute:chronic ratio of daily volume load, EWMA 7/28 days (a trend, not a verdict).
  public var acuteChronicRatio: Double?
  /// Banister fitness and fatigue of daily volume load in tonnes (τ 42 and 7 days).
  public var fitness: Double
  public var fatigue: Double
}

/// A weekly ranking snapshot.
public struct RankingSnapshot: Codable, Sendable, Equatable {
  public var athleteId: String
  /// Sunday closing the ISO week.
  public var recordDate: String
  public var tier: RankTier
  public var leaguePoints: Int
  /// Points (DOTS, Wilks or IPF GL, as the pipeline file selects) of the e1RM total of back
  /// squat, bench press and deadlift when bodyweight and sex are known, else the total over
  /// bodyweight.
  public var strengthToWeightRatio: Double?
  public var formQualityAverage: Double?
  /// Mean of the athlete's mean concentric velocities that week, m/s.
  public var velocityScore: Double?
}

/// A personal record and the session it came from.
public struct PersonalRecord: Codable, Sendable, Equatable {
  public var athleteId: String
  public var exerciseId: String
  /// heaviest_load, best_e1rm, most_reps_at_load or best_velocity_at_load.
  public var recordType: String
  public var value: Double
  /// The load of a record held at a load (most reps, best velocity), kg.
  public var loadKg: Double?
  public var achievedAt: String
  public var sessionId: String
}

/// One athlete's state of one muscle group at the end of the data window.
public struct MuscleState: Codable, Sendable, Equatable {
  public var athleteId: String
  public var muscle: MuscleGroupType
  /// Estimated recovery 0-100 (100 = fully recovered): an estimate, not work done.
  public var recoveryScore: Double
  public var weeklySets: Double
  public var lastTrainedDate: String?
}

/// LP and XP progression of one athlete.
public struct AthleteStanding: Codable, Sendable, Equatable {
  public var athleteId: String
  public var leaguePoints: Int
  public var tier: RankTier
  public var totalXP: Int
}

/// What one athlete's aggregation adds to their sessions' rows: kept only while the athlete's
/// sessions are written.
public struct SessionAnnotations: Codable, Sendable, Equatable {
  /// LP change per session id.
  public var leaguePoints: [String: Int]
  /// Estimated effort per set id ("<session id>#<set number>").
  public var efforts: [String: SetEffort]
}

/// An athlete's e1RM of one exercise at the end of an ISO week they trained it.
public struct StrengthProfileWeek: Codable, Sendable, Equatable {
  public var athleteId: String
  public var exerciseId: String
  public var isoWeek: String
  public var oneRepMaxKg: Double
  /// load_velocity or reps_load.
  public var method: String
  /// The load–velocity line load = intercept + slope·v, where the minimum-data rule held.
  public var profileIntercept: Double?
  public var profileSlope: Double?
  public var profileRSquared: Double?
  public var profileLoads: Int?
}

/// Estimated recovery of one muscle at the end of one day, 0-100 (an estimate, not work done).
public struct RecoveryDay: Codable, Sendable, Equatable {
  public var athleteId: String
  public var date: String
  public var muscle: MuscleGroupType
  public var recovery: Double
}

/// One athlete's nutrition over one ISO week.
public struct NutritionWeek: Codable, Sendable, Equatable {
  public var athleteId: String
  public var isoWeek: String
  public var daysLogged: Int
  public var meanKcal: Double?
  public var meanTargetKcal: Double?
  /// Mean calories against the mean target, percent.
  public var calorieAdherencePercent: Double?
  /// Mean daily protein per kg of bodyweight.
  public var proteinPerKg: Double?
  /// Days that met the protein target.
  public var proteinDaysMet: Int?
}

/// Risk of one exercise for one athlete, from morpho ratios.
public struct ExerciseRisk: Codable, Sendable, Equatable {
  public var athleteId: String
  public var exerciseId: String
  /// optimal, caution or highRisk.
  public var riskLevel: String
  public var reason: String
}

/// One athlete's line on their coach's roster, as of the data window's last day.
public struct RosterEntry: Codable, Sendable, Equatable {
  public var athleteId: String
  public var sessionsLast7Days: Int
  public var lastSessionDate: String?
  public var readiness: Double?
  public var readinessDate: String?
  public var leaguePoints: Int
  public var tier: RankTier
  public var leaguePointsChange7Days: Int
  public var newRecords7Days: Int
  /// low_readiness, velocity_loss, form_dropping, missed_sessions (comma-separated).
  public var flags: [String]
}

/// One line of a leaderboard.
public struct LeaderboardEntry: Codable, Sendable, Equatable {
  /// overall, or guild:<name>.
  public var scope: String
  public var rank: Int
  public var athleteId: String
  public var leaguePoints: Int
  public var tier: RankTier
  public var strengthPoints: Double?
  public var totalXP: Int
}

/// An athlete left off the leaderboards, and why.
public struct LeaderboardExclusion: Codable, Sendable, Equatable {
  public var athleteId: String
  public var reason: String
}

/// A guild's standing from its members' LP.
public struct GuildStanding: Codable, Sendable, Equatable {
  public var guildName: String
  public var guildTag: String?
  public var rank: Int
  public var members: Int
  public var totalLeaguePoints: Int
  public var averageLeaguePoints: Double
}

/// Everything the aggregation stage publishes.
public struct AggregateResults: Codable, Sendable, Equatable {
  public var standings: [AthleteStanding]
  public var weeklyVolume: [WeeklyMuscleVolume]
  public var readiness: [ReadinessDay]
  public var rankings: [RankingSnapshot]
  public var personalRecords: [PersonalRecord]
  public var muscles: [MuscleState]
  public var strengthProfiles: [StrengthProfileWeek] = []
  public var recoveryHeatmap: [RecoveryDay] = []
  public var nutritionWeeks: [NutritionWeek] = []
  public var risks: [ExerciseRisk] = []
  public var roster: [RosterEntry] = []
  /// Body scans measured on pose, for athletes without a morpho.csv row.
  public var poseScans: [MorphoRecord] = []
  /// Whole-roster results, filled once every athlete is aggregated.
  public var leaderboard: [LeaderboardEntry] = []
  public var exclusions: [LeaderboardExclusion] = []
  public var guilds: [GuildStanding] = []

  /// Nothing yet: the start of a run's athlete-by-athlete aggregation.
  public static let empty = AggregateResults(
    standings: [], weeklyVolume: [], readiness: [], rankings: [], personalRecords: [], muscles: [])

  /// Appends another athlete's aggregates.
  public mutating func append(_ other: AggregateResults) {
    standings += other.standings
    weeklyVolume += other.weeklyVolume
    readiness += other.readiness
    rankings += other.rankings
    personalRecords += other.personalRecords
    muscles += other.muscles
    strengthProfiles += other.strengthProfiles
    recoveryHeatmap += other.recoveryHeatmap
    nutritionWeeks += other.nutritionWeeks
    risks += other.risks
    roster += other.roster
    poseScans += other.poseScans
  }

}
