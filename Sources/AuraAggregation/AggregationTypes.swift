import AuraDomain
import AuraIngest
import AuraScoring

// The values that leave the aggregation stage.

/// Sets and volume one athlete gave one muscle in one ISO week.
package struct WeeklyMuscleVolume: Codable, Sendable, Equatable {
  package var athleteId: String
  /// e.g. "2026-W45".
  package var isoWeek: String
  package var muscle: MuscleGroupType
  /// Primary muscles count 1 per set, secondary ones `secondaryShare` (fractional sets).
  package var sets: Double
  package var volumeKg: Double
  /// Where the sets fall against the muscle's landmarks.
  package var band: VolumeBand
  /// True when the week runs past the end of the data window (its sets are not final).
  package var partialWeek: Bool
}

/// Daily readiness with its components, each 0-100 (nil when its inputs are missing or the
/// personal baseline is too short).
package struct ReadinessDay: Codable, Sendable, Equatable {
  package var athleteId: String
  package var date: String
  package var readiness: Double?
  package var hrvComponent: Double?
  package var sleepComponent: Double?
  package var restingHeartRateComponent: Double?
  package var loadComponent: Double?
  package var status: ReadinessStatus
  /// ln_rmssd or ln_sdnn: the HRV measure the component compares.
  package var hrvMetric: String?
  /// Acute:chronic ratio of daily volume load, EWMA 7/28 days (a trend, not a verdict).
  package var acuteChronicRatio: Double?
  /// Banister fitness and fatigue of daily volume load in tonnes (τ 42 and 7 days).
  package var fitness: Double
  package var fatigue: Double
}

/// A weekly ranking snapshot.
package struct RankingSnapshot: Codable, Sendable, Equatable {
  package var athleteId: String
  /// Sunday closing the ISO week.
  package var recordDate: String
  package var tier: RankTier
  package var leaguePoints: Int
  /// Points (DOTS, Wilks or IPF GL, as the pipeline file selects) of the e1RM total of back
  /// squat, bench press and deadlift when bodyweight and sex are known, else the total over
  /// bodyweight.
  package var strengthToWeightRatio: Double?
  package var formQualityAverage: Double?
  /// Mean of the athlete's mean concentric velocities that week, m/s.
  package var velocityScore: Double?
}

/// A personal record and the session it came from.
package struct PersonalRecord: Codable, Sendable, Equatable {
  package var athleteId: String
  package var exerciseId: String
  /// heaviest_load, best_e1rm, most_reps_at_load or best_velocity_at_load.
  package var recordType: String
  package var value: Double
  /// The load of a record held at a load (most reps, best velocity), kg.
  package var loadKg: Double?
  package var achievedAt: SessionTime
  package var sessionId: String
  /// The record it beat (nil: the first of its kind, a baseline rather than a record).
  package var previousValue: Double? = nil
  /// Worth telling a coach: it beat an earlier record, and a most-reps record by at least
  /// `aggregation.roster.record_reps_margin` reps (a first set at a new load is no record).
  package var notable = false
}

/// One athlete's state of one muscle group at the end of the data window.
package struct MuscleState: Codable, Sendable, Equatable {
  package var athleteId: String
  package var muscle: MuscleGroupType
  /// Estimated recovery 0-100 (100 = fully recovered): an estimate, not work done.
  package var recoveryScore: Double
  package var weeklySets: Double
  package var lastTrainedDate: String?
}

/// LP and XP progression of one athlete.
package struct AthleteStanding: Codable, Sendable, Equatable {
  package var athleteId: String
  package var leaguePoints: Int
  package var tier: RankTier
  package var totalXP: Int
}

/// What one athlete's aggregation adds to their sessions' rows: kept only while the athlete's
/// sessions are written.
package struct SessionAnnotations: Codable, Sendable, Equatable {
  /// LP change per session id.
  package var leaguePoints: [String: Int]
  /// Estimated effort per set id ("<session id>#<set number>").
  package var efforts: [String: SetEffort]
  /// Why a set is kept out of what counts until someone checks it, by set id
  /// (`EntryPlausibility`).
  package var suspects: [String: String] = [:]
}

/// An athlete's e1RM of one exercise at the end of an ISO week they trained it.
package struct StrengthProfileWeek: Codable, Sendable, Equatable {
  package var athleteId: String
  package var exerciseId: String
  package var isoWeek: String
  package var oneRepMaxKg: Double
  package var method: OneRepMaxMethod
  /// The load–velocity line load = intercept + slope·v, where the minimum-data rule held.
  package var profileIntercept: Double?
  package var profileSlope: Double?
  package var profileRSquared: Double?
  package var profileLoads: Int?
}

/// Estimated recovery of one muscle at the end of one day, 0-100 (an estimate, not work done).
package struct RecoveryDay: Codable, Sendable, Equatable {
  package var athleteId: String
  package var date: String
  package var muscle: MuscleGroupType
  package var recovery: Double
}

/// One athlete's nutrition over one ISO week.
package struct NutritionWeek: Codable, Sendable, Equatable {
  package var athleteId: String
  package var isoWeek: String
  package var daysLogged: Int
  package var meanKcal: Double?
  package var meanTargetKcal: Double?
  /// Mean calories against the mean target, percent.
  package var calorieAdherencePercent: Double?
  /// Mean daily protein per kg of bodyweight.
  package var proteinPerKg: Double?
  /// Days that met the protein target.
  package var proteinDaysMet: Int?
}

/// Risk of one exercise for one athlete, from morpho ratios.
package struct ExerciseRisk: Codable, Sendable, Equatable {
  package var athleteId: String
  package var exerciseId: String
  /// optimal, caution or highRisk.
  package var riskLevel: String
  package var reason: String
}

/// One athlete's line on their coach's roster, as of the data window's last day: counts are
/// of that day's ISO week (Monday to that day).
package struct RosterEntry: Codable, Sendable, Equatable {
  package var athleteId: String
  package var sessionsThisWeek: Int
  package var lastSessionDate: String?
  package var readiness: Double?
  package var readinessDate: String?
  package var leaguePoints: Int
  package var tier: RankTier
  package var leaguePointsChangeThisWeek: Int
  package var newRecordsThisWeek: Int
  /// Published comma-separated (`coach_roster.flags`).
  package var flags: [AttentionFlag]
  /// The ISO week the counts are of (`2026-W47`).
  package var isoWeek: String
}

/// One line of a leaderboard.
package struct LeaderboardEntry: Codable, Sendable, Equatable {
  /// overall, or guild:<name>.
  package var scope: String
  package var rank: Int
  package var athleteId: String
  package var leaguePoints: Int
  package var tier: RankTier
  package var strengthPoints: Double?
  package var totalXP: Int
}

/// An athlete left off the leaderboards, and why.
package struct LeaderboardExclusion: Codable, Sendable, Equatable {
  package var athleteId: String
  package var reason: String
}

/// A guild's standing from its members' LP.
package struct GuildStanding: Codable, Sendable, Equatable {
  package var guildName: String
  package var guildTag: String?
  package var rank: Int
  package var members: Int
  package var totalLeaguePoints: Int
  package var averageLeaguePoints: Double
}

/// One athlete's aggregates: everything the aggregation stage publishes of them.
package struct AggregateResults: Codable, Sendable, Equatable {
  package var standings: [AthleteStanding]
  package var weeklyVolume: [WeeklyMuscleVolume]
  package var readiness: [ReadinessDay]
  package var rankings: [RankingSnapshot]
  package var personalRecords: [PersonalRecord]
  package var muscles: [MuscleState]
  package var strengthProfiles: [StrengthProfileWeek] = []
  package var recoveryHeatmap: [RecoveryDay] = []
  package var nutritionWeeks: [NutritionWeek] = []
  package var risks: [ExerciseRisk] = []
  package var roster: [RosterEntry] = []
  /// Body scans measured on pose, for athletes without a morpho.csv row.
  package var poseScans: [MorphoRecord] = []
}
