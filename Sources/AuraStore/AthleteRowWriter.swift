import AuraAggregation
import AuraDomain
import AuraIngest
import GRDB

/// Writes one athlete's rows besides their sessions (`AthleteRows`) onto the published tables,
/// as publication aggregates them athlete by athlete.
struct AthleteRowWriter {
  private let inserts: TableInserts

  init(db: Database) { inserts = TableInserts(db: db) }

  private func insert(_ table: PublishedTable, _ rows: [[(any DatabaseValueConvertible)?]])
    throws
  { try inserts.insert(table, rows) }

  func write(_ rows: AthleteRows) throws {
    let a = rows.athlete
    let results = rows.results
    let standing = results.standings.first
    let (firstSeen, lastSeen) = (rows.firstSeen, rows.lastSeen)
    try insert(
      .userProfile,
      [
        [
          a.id, a.username, a.email, a.dateOfBirth, a.biologicalSex, a.heightCm, a.weightKg,
          a.bodyFatPercent,
          standing?.tier.rawValue ?? "iron", standing?.leaguePoints ?? 0, standing?.totalXP ?? 0,
          a.coachId, firstSeen, lastSeen,
        ]
      ])
    if let guild = a.guildName {
      try insert(
        .guildMembership,
        [[a.id + ":" + guild, a.id, guild, a.guildTag, firstSeen, a.guildRole ?? "member", 0, 0]])
    }
    try insert(
      .morphoScan,
      (rows.morpho.map { ($0, "morpho_csv") } + results.poseScans.map { ($0, "pose") }).map {
        m, source in
        func ratio(_ a: Double?, _ b: Double?) -> Double? {
          guard let a, let b, b > 0 else { return nil }
          return a / b
        }
        return [
          m.athleteId + ":" + m.date + (source == "pose" ? ":pose" : ""), m.athleteId, m.date,
          m.torsoCm, m.femurCm, m.tibiaCm, m.humerusCm, m.forearmCm, m.shoulderWidthCm,
          m.hipWidthCm, m.armSpanCm, ratio(m.femurCm, m.torsoCm), ratio(m.tibiaCm, m.femurCm),
          ratio(m.humerusCm, m.torsoCm), nil, source,
        ]
      })
    try writeAggregates(rows)
    try writeAnalyses(rows)
    if let exclusion = rows.exclusion {
      try insert(.leaderboardExclusion, [[exclusion.athleteId, exclusion.reason]])
    }
  }

  private func writeAggregates(_ rows: AthleteRows) throws {
    let a = rows.results
    try insert(
      .weeklyMuscleVolume,
      a.weeklyVolume.map {
        [
          $0.athleteId, $0.isoWeek, $0.muscle.rawValue, $0.sets, $0.volumeKg, $0.band.rawValue,
          $0.partialWeek,
        ]
      })
    try insert(
      .readiness,
      a.readiness.map {
        [
          $0.athleteId, $0.date, $0.readiness, $0.hrvComponent, $0.sleepComponent,
          $0.restingHeartRateComponent, $0.loadComponent, $0.status.rawValue, $0.hrvMetric,
          $0.acuteChronicRatio, $0.fitness, $0.fatigue,
        ]
      })
    try insert(
      .personalRecord,
      a.personalRecords.map {
        [
          $0.athleteId, $0.exerciseId, $0.recordType, $0.loadKg, $0.value, $0.achievedAt.text,
          $0.sessionId, $0.previousValue, $0.notable,
        ]
      })
    try insert(
      .rankingRecord,
      a.rankings.map {
        [
          $0.athleteId + ":" + $0.recordDate, $0.athleteId, $0.recordDate, $0.tier.rawValue,
          $0.leaguePoints, $0.strengthToWeightRatio, $0.formQualityAverage, $0.velocityScore,
        ]
      })
    try insert(
      .muscleGroup,
      a.muscles.map {
        [
          $0.athleteId + ":" + $0.muscle.rawValue, $0.athleteId, $0.muscle.rawValue,
          $0.muscle.bodyRegion, ($0.recoveryScore * 10).rounded() / 10, $0.weeklySets,
          $0.lastTrainedDate,
        ]
      })
    // Each day's readiness by date (one lookup per wellness row).
    let readiness = Dictionary(
      a.readiness.map { ($0.date, $0.readiness) }, uniquingKeysWith: { first, _ in first })
    // A day's snapshot links to the muscle least recovered that day (within the heatmap's
    // window, and only while one is below full recovery).
    var leastRecovered: [String: RecoveryDay] = [:]
    for day in a.recoveryHeatmap where day.recovery < 100 {
      if let current = leastRecovered[day.date],
        (current.recovery, current.muscle.rawValue) <= (day.recovery, day.muscle.rawValue)
      {
        continue
      }
      leastRecovered[day.date] = day
    }
    try insert(
      .recoverySnapshot,
      rows.wellness.map { w in
        [
          w.athleteId + ":" + w.date, w.athleteId,
          leastRecovered[w.date].map { $0.athleteId + ":" + $0.muscle.rawValue },
          w.date, w.hrvMilliseconds, w.sleepHours, w.sleepQuality, w.restingHeartRateBpm,
          w.activeKcal, w.cyclePhase, readiness[w.date] ?? nil,
        ]
      })
    try insert(
      .nutritionLog,
      rows.nutrition.map { n in
        [
          n.athleteId + ":" + n.date, n.athleteId, n.date, n.targetKcal, n.kcal, n.proteinGrams,
          n.carbsGrams,
          n.fatGrams, n.waterLiters, n.creatineGrams, n.wheyGrams,
        ]
      })
  }

  /// The scoring and aggregation tables: strength profiles, recovery heatmap, nutrition,
  /// exercise risk and the coach roster.
  private func writeAnalyses(_ rows: AthleteRows) throws {
    let a = rows.results
    try insert(
      .strengthProfile,
      a.strengthProfiles.map {
        [
          $0.athleteId, $0.exerciseId, $0.isoWeek, $0.oneRepMaxKg, $0.method.rawValue,
          $0.profileIntercept,
          $0.profileSlope, $0.profileRSquared, $0.profileLoads,
        ]
      })
    try insert(
      .recoveryHeatmap,
      a.recoveryHeatmap.map { [$0.athleteId, $0.date, $0.muscle.rawValue, $0.recovery] })
    try insert(
      .nutritionWeek,
      a.nutritionWeeks.map {
        [
          $0.athleteId, $0.isoWeek, $0.daysLogged, $0.meanKcal, $0.meanTargetKcal,
          $0.calorieAdherencePercent, $0.proteinPerKg, $0.proteinDaysMet,
        ]
      })
    try insert(
      .exerciseRisk,
      a.risks.map { [$0.athleteId, $0.exerciseId, $0.riskLevel, $0.reason] })
    try insert(
      .coachRoster,
      a.roster.map {
        [
          rows.athlete.coachId, $0.athleteId, $0.sessionsThisWeek, $0.lastSessionDate,
          $0.readiness, $0.readinessDate, $0.leaguePoints, $0.tier.rawValue,
          $0.leaguePointsChangeThisWeek, $0.newRecordsThisWeek,
          $0.flags.isEmpty ? nil : $0.flags.map(\.rawValue).joined(separator: ","), $0.isoWeek,
        ]
      })
  }
}
