import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation
import GRDB

/// Maps a `PublishBundle` onto the published tables (`PublishedTable`) that are not an
/// athlete's (those `AthleteRowWriter` writes), one prepared statement per table.
struct BundleWriter {
  let inserts: TableInserts
  let bundle: PublishBundle

  init(db: Database, bundle: PublishBundle) {
    inserts = TableInserts(db: db)
    self.bundle = bundle
  }

  private func insert(_ table: PublishedTable, _ rows: [[(any DatabaseValueConvertible)?]])
    throws
  { try inserts.insert(table, rows) }

  func writeAll() throws {
    try insert(
      .coach, bundle.coaches.map { [$0.id, $0.name, $0.email] })
    try writeCatalog()
    try insert(.tableDoc, DataDictionary.tableRows)
    try insert(.columnDoc, DataDictionary.columnRows)
    try insert(
      .leaderboard,
      bundle.leaderboard.map {
        [
          $0.scope, $0.rank, $0.athleteId, $0.leaguePoints, $0.tier.rawValue, $0.strengthPoints,
          $0.totalXP,
        ]
      })
    try insert(
      .guildStanding,
      bundle.guilds.map {
        [
          $0.guildName, $0.guildTag, $0.rank, $0.members, $0.totalLeaguePoints,
          $0.averageLeaguePoints,
        ]
      })
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
          run.code?.commit, run.code.map { $0.modified ? 1 : 0 }, run.datasetDigest,
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
    let dataDay = String(bundle.dataEnd.prefix(10))
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
}
