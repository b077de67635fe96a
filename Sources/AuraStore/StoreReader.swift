import AuraDomain
import Foundation
import GRDB

/// Read-only, typed access to a published database (for reports and tests).
package struct StoreReader: Sendable {
  let queue: DatabaseQueue

  package init(databasePath: String) throws {
    queue = try DatabaseQueue(path: databasePath, configuration: SQLiteStore.readOnly)
  }

  /// An athlete's profile line.
  package struct AthleteSummary: Sendable {
    package var id, username: String
    package var tier: String
    package var leaguePoints: Int
    package var totalXP: Int
    package var coachId: String?
  }

  /// One set as published.
  package struct SetSummary: Sendable {
    package var sessionId, startTime, exerciseId, source: String
    package var setNumber: Int
    /// Null where the recording cannot support a count.
    package var reps: Int?
    package var xp: Int
    package var loadKg, meanVelocity, velocityLoss, formScore, romDegrees, rpe: Double?
    package var feedback: String?
  }

  package func athletes() throws -> [AthleteSummary] {
    try queue.read { db in
      try Row.fetchAll(
        db,
        sql:
          "SELECT id, username, current_rank_tier, current_lp, total_xp, coach_id FROM user_profile ORDER BY id"
      )
      .map {
        AthleteSummary(
          id: $0[0], username: DisplayText.isolated($0[1]), tier: $0[2], leaguePoints: $0[3],
          totalXP: $0[4],
          coachId: $0[5])
      }
    }
  }

  package func sets(athleteId: String) throws -> [SetSummary] {
    try queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT s.id, s.start_time, w.exercise_id, w.source, w.set_number, w.reps, w.xp_earned, w.weight_kg,
            w.average_concentric_velocity, w.velocity_loss_percent, w.form_score, w.rom_degrees, w.rpe, w.feedback
          FROM workout_set w JOIN workout_session s ON s.id = w.session_id
          WHERE s.user_profile_id = ? ORDER BY s.start_time, s.id, w.set_number
          """, arguments: [athleteId]
      ).map {
        SetSummary(
          sessionId: $0[0], startTime: $0[1], exerciseId: $0[2], source: $0[3], setNumber: $0[4],
          reps: $0[5],
          xp: $0[6], loadKg: $0[7], meanVelocity: $0[8], velocityLoss: $0[9], formScore: $0[10],
          romDegrees: $0[11], rpe: $0[12], feedback: $0[13])
      }
    }
  }

  /// Weekly sets per muscle: (iso week, muscle, sets, volume kg).
  package func weeklyVolume(athleteId: String) throws -> [(
    week: String, muscle: String, sets: Double, volumeKg: Double
  )] {
    try queue.read { db in
      try Row.fetchAll(
        db,
        sql:
          "SELECT iso_week, muscle, sets, volume_kg FROM weekly_muscle_volume WHERE athlete_id = ? ORDER BY iso_week, sets DESC, muscle",
        arguments: [athleteId]
      ).map { ($0[0], $0[1], $0[2], $0[3]) }
    }
  }

  /// The latest readiness row with its components.
  package func latestReadiness(athleteId: String) throws -> (
    date: String, readiness: Double?, hrv: Double?, sleep: Double?, rhr: Double?, load: Double?
  )? {
    try queue.read { db in
      try Row.fetchOne(
        db,
        sql:
          "SELECT date, readiness, hrv_component, sleep_component, rhr_component, load_component FROM readiness WHERE athlete_id = ? ORDER BY date DESC LIMIT 1",
        arguments: [athleteId]
      ).map { ($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
    }
  }

  package func personalRecords(athleteId: String) throws -> [(
    exercise: String, type: String, value: Double, sessionId: String
  )] {
    try queue.read { db in
      try Row.fetchAll(
        db,
        sql:
          "SELECT exercise_id, record_type, value, session_id FROM personal_record WHERE athlete_id = ? ORDER BY exercise_id, record_type",
        arguments: [athleteId]
      ).map { ($0[0], $0[1], $0[2], $0[3]) }
    }
  }

  package func rankings(athleteId: String) throws -> [(
    date: String, tier: String, lp: Int, strength: Double?
  )] {
    try queue.read { db in
      try Row.fetchAll(
        db,
        sql:
          "SELECT record_date, tier, lp_at_record, strength_to_weight_ratio FROM ranking_record WHERE user_profile_id = ? ORDER BY record_date",
        arguments: [athleteId]
      ).map { ($0[0], $0[1], $0[2], $0[3]) }
    }
  }

  /// The run that produced this database: (run id, code version, parameters hash, dataset).
  package func run() throws -> (
    id: String, codeVersion: String, parametersHash: String, finishedAt: String
  )? {
    try queue.read { db in
      try Row.fetchOne(
        db, sql: "SELECT run_id, code_version, parameters_hash, finished_at FROM run LIMIT 1"
      )
      .map { ($0[0], $0[1], $0[2], $0[3]) }
    }
  }

  /// Row count of a published table.
  package func count(_ table: String) throws -> Int {
    guard Schema.tables.contains(table) else { return 0 }
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
  }

  /// Every published table name.
  package static var tables: [String] { Schema.tables }

  /// The tables that record the run itself (its id, times, parameters): they differ between two
  /// runs that publish the same data, so comparisons of publications leave them out.
  package static let runRecordTables: Set<String> = ["run", "run_parameter"]

  /// A single numeric value of a published table, for checks: `SELECT column FROM table WHERE key = ?`.
  package func value(_ table: String, column: String, whereColumn: String, equals key: String)
    throws
    -> Double?
  {
    guard Schema.tables.contains(table) else { return nil }
    return try queue.read { db in
      try Double.fetchOne(
        db, sql: "SELECT \(column) FROM \(table) WHERE \(whereColumn) = ?", arguments: [key])
    }
  }

  /// Every row of a read-only query, each value as text ("" for NULL), for checks and exports.
  package func rows(_ sql: String) throws -> [[String]] {
    try queue.read { db in
      try Row.fetchAll(db, sql: sql).map { row in
        (0..<row.count).map { index in
          let value: DatabaseValue = row[index]
          if value.isNull { return "" }
          return String.fromDatabaseValue(value) ?? value.description
        }
      }
    }
  }
}
