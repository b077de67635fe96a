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
}

/// A weekly ranking snapshot.
public struct RankingSnapshot: Codable, Sendable, Equatable {
  public var athleteId: String
  /// Sunday closing the ISO week.
  public var recordDate: String
  public var tier: RankTier
  public var leaguePoints: Int
  /// DOTS of the best e1RM total (squat + bench + deadlift) when bodyweight and sex are known,
  /// else the total over bodyweight.
  public var strengthToWeightRatio: Double?
  public var formQualityAverage: Double?
  /// Mean of the athlete's mean concentric velocities that week, m/s.
  public var velocityScore: Double?
}

/// A personal record and the session it came from.
public struct PersonalRecord: Codable, Sendable, Equatable {
  public var athleteId: String
  public var exerciseId: String
  /// heaviest_load or best_e1rm.
  public var recordType: String
  public var value: Double
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
  /// LP change per session id.
  public var sessionLeaguePoints: [String: Int]
}

/// Everything the aggregation stage publishes.
public struct AggregateResults: Codable, Sendable, Equatable {
  public var standings: [AthleteStanding]
  public var weeklyVolume: [WeeklyMuscleVolume]
  public var readiness: [ReadinessDay]
  public var rankings: [RankingSnapshot]
  public var personalRecords: [PersonalRecord]
  public var muscles: [MuscleState]
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
  }

}
