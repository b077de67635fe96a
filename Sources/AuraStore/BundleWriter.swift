import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation
import GRDB

/// Maps a `PublishBundle` onto the published tables (`PublishedTable`), one prepared statement
/// per table.
struct BundleWriter {
  let db: Database
  let bundle: PublishBundle

  /// Inserts `rows`, each holding a value for every column of `table`, in its order.
  func insert(_ table: PublishedTable, _ rows: [[(any DatabaseValueConvertible)?]]) throws {
    let statement = try prepareInsert(db, table)
    for row in rows {
      precondition(row.count == table.columns.count, "a row has a value for every column")
      try statement.execute(arguments: StatementArguments(row))
    }
  }

  func writeAll() throws {
    let standings = Dictionary(
      uniqueKeysWithValues: bundle.aggregates.standings.map { ($0.athleteId, $0) })
    let athletes = bundle.tables.athletes
    // Times from the data, never the clock, so that the same inputs publish the same rows:
    // created at the athlete's first session, updated at the last; an athlete without
    // sessions at the latest session of the dataset.
    let starts = bundle.sessionStarts.filter { !$0.value.isEmpty }
    let firstSeen = starts.mapValues { $0.min()! }
    let lastSeen = starts.mapValues { $0.max()! }
    let dataEnd = lastSeen.values.max() ?? "1970-01-01T00:00:00Z"
    try insert(
      .userProfile,
      athletes.map { a in
        let standing = standings[a.id]
        return [
          a.id, a.username, a.email, a.dateOfBirth, a.biologicalSex, a.heightCm, a.weightKg,
          a.bodyFatPercent,
          standing?.tier.rawValue ?? "iron", standing?.leaguePoints ?? 0, standing?.totalXP ?? 0,
          a.coachId,
          firstSeen[a.id] ?? dataEnd, lastSeen[a.id] ?? dataEnd,
        ]
      })
    try insert(
      .coach, bundle.tables.coaches.map { [$0.id, $0.name, $0.email] })
    try insert(
      .guildMembership,
      athletes.compactMap { a in
        guard let guild = a.guildName else { return nil }
        return [
          a.id + ":" + guild, a.id, guild, a.guildTag, firstSeen[a.id] ?? dataEnd,
          a.guildRole ?? "member", 0, 0,
        ]
      })
    try insert(
      .morphoScan,
      (bundle.tables.morpho.map { ($0, "morpho_csv") }
        + bundle.aggregates.poseScans.map { ($0, "pose") }).map { m, source in
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
    try writeCatalog()
    try insert(.tableDoc, DataDictionary.tableRows)
    try insert(.columnDoc, DataDictionary.columnRows)
    try writeAggregates()
    try insert(
      .quarantine,
      bundle.quarantine.map { [$0.path, $0.line, $0.reason, $0.athleteId] })
    try insert(
      .departedAthlete,
      bundle.departed.map {
        [$0.athleteId, $0.username, $0.coachId, ISODates.string(day: $0.since)]
      })
    let run = bundle.run
    try insert(
      .run,
      [
        [
          run.runId, run.startedAt, run.finishedAt, run.codeVersion, run.parametersHash,
          run.parameters, run.dataset,
          run.sessionsTotal, run.sessionsComputed, run.sessionsQuarantined,
        ]
      ])
    let parameters = ParameterSet(described: run.parameters)
    let keys = parameters.values.keys.sorted()
    try insert(
      .runParameter,
      keys.map { [run.runId, $0, parameters[$0]!.description] })
    let prefix = "aggregation.volume_landmarks."
    try insert(
      .volumeLandmark,
      keys.filter { $0.hasPrefix(prefix) }.compactMap { key in
        guard case .list(let values) = parameters[key]!, values.count == 4 else { return nil }
        return [String(key.dropFirst(prefix.count))] + values.map { $0 as Double? }
      })
  }

  func writeCatalog() throws {
    let exercises = bundle.catalog.all
    // The day of the data's latest session (not the clock), so that reruns publish the same rows.
    let dataDay = String(
      (bundle.sessionStarts.values.compactMap { $0.max() }.max() ?? "1970-01-01").prefix(10))
    try insert(
      .exercise,
      exercises.map { e in
        [
          e.id, e.name, e.category, e.primaryMuscles.first?.rawValue,
          e.secondaryMuscles.map(\.rawValue).joined(separator: ","), e.equipment.rawValue,
          e.defaultTempo.concentricSeconds, e.defaultTempo.eccentricSeconds,
          e.defaultTempo.pauseSeconds,
          e.biomechanicalNotes, e.stretchPositionBonus, "optimal", e.isCustom,
          MachineCatalog.spec(for: e.id)?.id,
        ]
      })
    try insert(
      .exerciseMuscleGroup,
      exercises.flatMap { e in
        e.primaryMuscles.map { [e.id, $0.rawValue, "primary"] }
          + e.secondaryMuscles.filter { !e.primaryMuscles.contains($0) }.map {
            [e.id, $0.rawValue, "secondary"]
          }
      })
    try insert(
      .machineSpec,
      MachineCatalog.all.map { m in
        [
          m.id, m.name, m.manufacturer, m.type, m.cableHigh, m.cableMid, m.cableLow,
          m.seatAdjustable,
          m.padAdjustable, m.stackMinKg, m.stackMaxKg, m.incrementKg, m.camNotes, m.setup,
          m.exerciseId,
        ]
      })
    try insert(
      .scienceInsight,
      ScienceInsights.all.map { i in
        [
          i.id, dataDay, i.topic, i.source, i.summary,
          i.tempoChange,
          i.restChange, i.exercises, true,
        ]
      })
  }

  func writeAggregates() throws {
    let a = bundle.aggregates
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
    try writeAnalyses()
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
    // Each day's readiness by athlete and date (one lookup per wellness row).
    let readiness = Dictionary(
      a.readiness.map { ($0.athleteId + ":" + $0.date, $0.readiness) },
      uniquingKeysWith: { first, _ in first })
    // A day's snapshot links to the muscle least recovered that day (within the heatmap's
    // window, and only while one is below full recovery).
    var leastRecovered: [String: RecoveryDay] = [:]
    for day in a.recoveryHeatmap where day.recovery < 100 {
      let key = day.athleteId + ":" + day.date
      if let current = leastRecovered[key],
        (current.recovery, current.muscle.rawValue) <= (day.recovery, day.muscle.rawValue)
      {
        continue
      }
      leastRecovered[key] = day
    }
    try insert(
      .recoverySnapshot,
      bundle.tables.wellness.map { w in
        [
          w.athleteId + ":" + w.date, w.athleteId,
          leastRecovered[w.athleteId + ":" + w.date].map {
            $0.athleteId + ":" + $0.muscle.rawValue
          },
          w.date, w.hrvMilliseconds, w.sleepHours, w.sleepQuality, w.restingHeartRateBpm,
          w.activeKcal, w.cyclePhase, readiness[w.athleteId + ":" + w.date] ?? nil,
        ]
      })
    try insert(
      .nutritionLog,
      bundle.tables.nutrition.map { n in
        [
          n.athleteId + ":" + n.date, n.athleteId, n.date, n.targetKcal, n.kcal, n.proteinGrams,
          n.carbsGrams,
          n.fatGrams, n.waterLiters, n.creatineGrams, n.wheyGrams,
        ]
      })
  }
}

extension BundleWriter {
  /// The scoring and aggregation tables: strength profiles, recovery heatmap, nutrition, exercise risk,
  /// the coach roster, leaderboards and guild standings.
  func writeAnalyses() throws {
    let a = bundle.aggregates
    try insert(
      .strengthProfile,
      a.strengthProfiles.map {
        [
          $0.athleteId, $0.exerciseId, $0.isoWeek, $0.oneRepMaxKg, $0.method, $0.profileIntercept,
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
    let coaches = Dictionary(
      bundle.tables.athletes.map { ($0.id, $0.coachId) }, uniquingKeysWith: { first, _ in first })
    try insert(
      .coachRoster,
      a.roster.map {
        [
          coaches[$0.athleteId] ?? nil, $0.athleteId, $0.sessionsThisWeek, $0.lastSessionDate,
          $0.readiness, $0.readinessDate, $0.leaguePoints, $0.tier.rawValue,
          $0.leaguePointsChangeThisWeek, $0.newRecordsThisWeek,
          $0.flags.isEmpty ? nil : $0.flags.joined(separator: ","), $0.isoWeek,
        ]
      })
    try insert(
      .leaderboard,
      a.leaderboard.map {
        [
          $0.scope, $0.rank, $0.athleteId, $0.leaguePoints, $0.tier.rawValue, $0.strengthPoints,
          $0.totalXP,
        ]
      })
    try insert(
      .leaderboardExclusion,
      a.exclusions.map { [$0.athleteId, $0.reason] })
    try insert(
      .guildStanding,
      a.guilds.map {
        [
          $0.guildName, $0.guildTag, $0.rank, $0.members, $0.totalLeaguePoints,
          $0.averageLeaguePoints,
        ]
      })
  }
}

/// A prepared INSERT, for rows written one at a time (the large tables: no array of every
/// row's boxed values in memory).
func prepareInsert(_ db: Database, _ table: PublishedTable) throws -> Statement {
  let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ",")
  return try db.makeStatement(
    sql:
      "INSERT INTO \(table.name) (\(table.columnNames.joined(separator: ","))) VALUES (\(placeholders))"
  )
}
