import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The aggregation stage: per athlete and week, over every scored session.
public struct Aggregator: Sendable {
  public struct Settings: Sendable, Equatable {
    /// Set credit of a secondary muscle (Pelland 2024 "fractional" counting).
    public var secondaryShare: Double
    /// Hours for a muscle's fatigue to fall by 1/e.
    public var recoveryTimeConstantHours: Double
    /// Fatigue points per hard set.
    public var fatiguePerSet: Double
    /// Days of wellness history needed before HRV and RHR have a baseline.
    public var baselineMinimumDays: Int
    public var baselineWindowDays: Int

    public static let parameterKeys = [
      "aggregation.secondary_muscle_share", "aggregation.recovery_time_constant_h",
      "aggregation.fatigue_per_set", "aggregation.baseline_min_days",
      "aggregation.baseline_window_days",
    ]

    public init(_ p: ParameterSet) throws {
      secondaryShare = try p.number("aggregation.secondary_muscle_share")
      recoveryTimeConstantHours = try p.number("aggregation.recovery_time_constant_h")
      fatiguePerSet = try p.number("aggregation.fatigue_per_set")
      baselineMinimumDays = Int(try p.number("aggregation.baseline_min_days"))
      baselineWindowDays = Int(try p.number("aggregation.baseline_window_days"))
    }
  }

  public let settings: Settings
  public let gamification: Gamification
  public let catalog: ExerciseCatalog

  public init(settings: Settings, gamification: Gamification, catalog: ExerciseCatalog) {
    self.settings = settings
    self.gamification = gamification
    self.catalog = catalog
  }

  /// One athlete's aggregates from their sessions and wellness days (any order), as of
  /// `asOfDay` (days since 1970; the dataset's last session day, shared by every athlete so
  /// that recovery is comparable).
  public func aggregate(
    athlete: Athlete, wellness: [WellnessDay], sessions: [ScoredSession], asOfDay: Int
  ) -> AggregateResults {
    let mine = sessions.sorted { ($0.startTime, $0.sessionId) < ($1.startTime, $1.sessionId) }
    let standing = standings(athlete: athlete, sessions: mine)
    let days = wellness.sorted { $0.date < $1.date }
    return AggregateResults(
      standings: [standing],
      weeklyVolume: weeklyVolume(athleteId: athlete.id, sessions: mine),
      readiness: ReadinessModel(settings: settings).days(
        athleteId: athlete.id, wellness: days, sessions: mine),
      rankings: rankings(athlete: athlete, sessions: mine, standing: standing),
      personalRecords: personalRecords(athleteId: athlete.id, sessions: mine),
      muscles: muscles(athleteId: athlete.id, sessions: mine, asOfDay: asOfDay))
  }

  func standings(athlete: Athlete, sessions: [ScoredSession]) -> AthleteStanding {
    var lp = 0
    var volumes: [Double] = []
    var changes: [String: Int] = [:]
    var previousDay: Int? = nil
    for session in sessions {
      let day = ISODates.day(session.startTime) ?? 0
      if let previousDay { lp = max(0, lp - gamification.decay(idleDays: day - previousDay)) }
      let change = gamification.leaguePointChange(
        volumeKg: session.totalVolumeKg, previousVolumes: volumes)
      lp = max(0, lp + change)
      changes[session.sessionId] = change
      volumes.append(session.totalVolumeKg)
      previousDay = day
    }
    return AthleteStanding(
      athleteId: athlete.id, leaguePoints: lp, tier: gamification.tier(leaguePoints: lp),
      totalXP: sessions.reduce(0) { $0 + $1.totalXP }, sessionLeaguePoints: changes)
  }

  func weeklyVolume(athleteId: String, sessions: [ScoredSession]) -> [WeeklyMuscleVolume] {
    var table: [String: [MuscleGroupType: (sets: Double, volume: Double)]] = [:]
    for session in sessions {
      guard let day = ISODates.day(session.startTime) else { continue }
      let week = ISODates.isoWeek(day: day)
      for set in session.sets {
        guard let exercise = catalog.resolve(set.features.exerciseId), set.features.repCount > 0
        else { continue }
        for (muscle, share) in muscleShares(exercise) {
          let current = table[week, default: [:]][muscle] ?? (0, 0)
          table[week, default: [:]][muscle] = (
            current.sets + share, current.volume + share * set.volumeKg
          )
        }
      }
    }
    return table.keys.sorted().flatMap { week in
      table[week]!.keys.sorted().map { muscle in
        let value = table[week]![muscle]!
        return WeeklyMuscleVolume(
          athleteId: athleteId, isoWeek: week, muscle: muscle, sets: value.sets,
          volumeKg: value.volume)
      }
    }
  }

  func personalRecords(athleteId: String, sessions: [ScoredSession]) -> [PersonalRecord] {
    var best: [String: PersonalRecord] = [:]
    func offer(_ record: PersonalRecord) {
      let key = record.exerciseId + "|" + record.recordType
      if let current = best[key], current.value >= record.value { return }
      best[key] = record
    }
    for session in sessions {
      for set in session.sets where set.features.repCount > 0 {
        let exercise = set.features.exerciseId
        if let load = set.features.loadKg, load > 0 {
          offer(
            PersonalRecord(
              athleteId: athleteId, exerciseId: exercise, recordType: "heaviest_load", value: load,
              achievedAt: session.startTime, sessionId: session.sessionId))
        }
        if let e1rm = set.estimatedOneRepMaxKg {
          offer(
            PersonalRecord(
              athleteId: athleteId, exerciseId: exercise, recordType: "best_e1rm",
              value: (e1rm * 10).rounded() / 10, achievedAt: session.startTime,
              sessionId: session.sessionId))
        }
      }
    }
    return best.keys.sorted().map { best[$0]! }
  }

  func rankings(athlete: Athlete, sessions: [ScoredSession], standing: AthleteStanding)
    -> [RankingSnapshot]
  {
    let weeks = Dictionary(grouping: sessions) {
      ISODates.mondayOfWeek(day: ISODates.day($0.startTime) ?? 0)
    }
    var lp = 0
    var bestE1RM: [String: Double] = [:]
    return weeks.keys.sorted().map { monday in
      let week = weeks[monday]!
      for session in week {
        lp = max(0, lp + (standing.sessionLeaguePoints[session.sessionId] ?? 0))
        for set in session.sets {
          if let e1rm = set.estimatedOneRepMaxKg {
            bestE1RM[set.features.exerciseId] = max(bestE1RM[set.features.exerciseId] ?? 0, e1rm)
          }
        }
      }
      let total = ["back_squat", "bench_press", "deadlift"].compactMap { bestE1RM[$0] }.reduce(0, +)
      var strength: Double? = nil
      if total > 0, let weight = athlete.weightKg, weight > 0 {
        if let sex = athlete.biologicalSex, sex != "other" {
          strength = StrengthFormulas.dots(
            totalKg: total, bodyweightKg: weight, female: sex == "female")
        } else {
          strength = total / weight
        }
      }
      let forms = week.compactMap(\.averageFormScore)
      let velocities = week.flatMap {
        $0.sets.flatMap { $0.features.reps.compactMap(\.meanConcentricVelocity) }
      }
      return RankingSnapshot(
        athleteId: athlete.id, recordDate: ISODates.string(day: monday + 6),
        tier: gamification.tier(leaguePoints: lp),
        leaguePoints: lp, strengthToWeightRatio: strength,
        formQualityAverage: forms.isEmpty ? nil : forms.reduce(0, +) / Double(forms.count),
        velocityScore: velocities.isEmpty ? nil : velocities.reduce(0, +) / Double(velocities.count)
      )
    }
  }

  /// Set credit per muscle: 1 for a primary mover, `secondaryShare` for a secondary one.
  func muscleShares(_ exercise: ExerciseDefinition) -> [(MuscleGroupType, Double)] {
    exercise.primaryMuscles.map { ($0, 1.0) }
      + exercise.secondaryMuscles.map { ($0, settings.secondaryShare) }
  }

  /// Recovery per muscle: each set adds fatigue (fatiguePerSet × share) that decays
  /// exponentially; recovery = 100 − remaining fatigue, floored at 0. Our own design.
  func muscles(athleteId: String, sessions: [ScoredSession], asOfDay: Int) -> [MuscleState] {
    var fatigue: [MuscleGroupType: Double] = [:]
    var lastTrained: [MuscleGroupType: String] = [:]
    var weekly: [MuscleGroupType: Double] = [:]
    let asOf = Double(asOfDay + 1) * 86_400
    let weekStart = ISODates.mondayOfWeek(day: asOfDay)
    for session in sessions {
      guard let start = ISODates.timestamp(session.startTime) else { continue }
      let hours = max(0, (asOf - start) / 3600)
      let day = ISODates.day(session.startTime) ?? 0
      for set in session.sets where set.features.repCount > 0 {
        guard let exercise = catalog.resolve(set.features.exerciseId) else { continue }
        for (muscle, share) in muscleShares(exercise) {
          fatigue[muscle, default: 0] +=
            settings.fatiguePerSet * share * exp(-hours / settings.recoveryTimeConstantHours)
          lastTrained[muscle] = String(session.startTime.prefix(10))
          if day >= weekStart { weekly[muscle, default: 0] += share }
        }
      }
    }
    return MuscleGroupType.allCases.map { muscle in
      MuscleState(
        athleteId: athleteId, muscle: muscle, recoveryScore: max(0, 100 - (fatigue[muscle] ?? 0)),
        weeklySets: weekly[muscle] ?? 0, lastTrainedDate: lastTrained[muscle])
    }
  }
}
