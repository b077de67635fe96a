import AuraAggregation
import AuraScoring
import GRDB

/// Writes sessions, their sets and their reps with prepared statements, one row at a time.
final class SQLiteSessionWriter: SessionWriter {
  private let sessionStatement: Statement
  private let setStatement: Statement
  private let repStatement: Statement
  private let componentStatement: Statement
  private let db: Database

  init(db: Database) throws {
    self.db = db
    sessionStatement = try prepareInsert(
      db,
      "workout_session",
      [
        "id", "user_profile_id", "start_time", "end_time", "total_volume", "total_xp_earned",
        "lp_change",
        "average_form_score", "combo_multiplier", "peak_velocity", "session_notes",
      ])
    setStatement = try prepareInsert(
      db,
      "workout_set",
      [
        "id", "session_id", "exercise_id", "set_number", "reps", "weight_kg",
        "average_concentric_velocity",
        "peak_concentric_velocity", "velocity_loss_percent", "auto_stopped", "form_score",
        "bar_path_deviation",
        "rom_degrees", "tempo_actual_concentric", "tempo_actual_eccentric", "rpe", "xp_earned",
        "combo_tag",
        "timestamp", "source", "feedback", "rpe_estimated", "rir_estimated", "rpe_method",
        "reps_logged", "form_label", "failed",
      ])
    repStatement = try prepareInsert(
      db,
      "rep",
      [
        "session_id", "set_number", "rep_number", "start_s", "end_s", "eccentric_s", "pause_s",
        "concentric_s",
        "rom_degrees", "mean_concentric_velocity", "peak_concentric_velocity", "form_score",
        "bar_path_deviation",
      ])
    componentStatement = try prepareInsert(
      db, "form_component", ["session_id", "set_number", "component", "score"])
  }

  func removeSessions(ofAthlete athleteId: String, fromWeek monday: Int?) throws {
    var sessions = "SELECT id FROM workout_session WHERE user_profile_id = ?"
    var arguments: StatementArguments = [athleteId]
    if let monday {
      // The week is the one aggregation files the session under, not a date in SQL.
      let rows = try Row.fetchAll(
        db, sql: "SELECT id, start_time FROM workout_session WHERE user_profile_id = ?",
        arguments: [athleteId])
      try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS replaced_session (id TEXT PRIMARY KEY)")
      try db.execute(sql: "DELETE FROM replaced_session")
      let insert = try db.makeStatement(sql: "INSERT INTO replaced_session (id) VALUES (?)")
      for row in rows {
        let start: String = row["start_time"] ?? ""
        guard Aggregator.monday(ofSession: start) >= monday else { continue }
        try insert.execute(arguments: [row["id"] as String?])
      }
      sessions = "SELECT id FROM replaced_session"
      arguments = []
    }
    for table in ["rep", "form_component", "workout_set", "workout_session"] {
      let column = table == "workout_session" ? "id" : "session_id"
      try db.execute(
        sql: "DELETE FROM \(table) WHERE \(column) IN (\(sessions))", arguments: arguments)
    }
  }

  func write(_ sessions: [ScoredSession], annotations: SessionAnnotations) throws {
    for s in sessions {
      let row: [(any DatabaseValueConvertible)?] = [
        s.sessionId, s.athleteId, s.startTime, s.endTime, s.totalVolumeKg, s.totalXP,
        annotations.leaguePoints[s.sessionId] ?? 0,
        s.averageFormScore, s.peakComboMultiplier, s.peakVelocity, s.notes,
      ]
      try sessionStatement.execute(arguments: StatementArguments(row))
    }
    for session in sessions {
      for set in session.sets {
        let f = set.features
        let reps = f.reps
        let id = session.setId(set)
        let effort = annotations.efforts[id]
        func mean(_ values: [Double]) -> Double? {
          values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        let setRow: [(any DatabaseValueConvertible)?] = [
          id, session.sessionId, f.exerciseId, f.setNumber,
          f.repCount, f.loadKg,
          mean(reps.compactMap(\.meanConcentricVelocity)),
          reps.compactMap(\.peakConcentricVelocity).max(),
          f.velocityLossPercent, set.autoStopped, set.formScore,
          mean(reps.compactMap(\.barPathDeviationMeters)),
          mean(reps.compactMap(\.romDegrees)), mean(reps.map(\.concentricSeconds)),
          mean(reps.map(\.eccentricSeconds)),
          f.loggedRPE, set.xp, set.comboTag, session.startTime, f.source.rawValue,
          set.feedback.isEmpty ? nil : set.feedback.joined(separator: "\n"),
          effort?.rpe, effort?.repsInReserve, effort?.method, f.loggedReps, f.formLabel, f.failed,
        ]
        try setStatement.execute(arguments: StatementArguments(setRow))
        for component in set.formComponents.keys.sorted() {
          try componentStatement.execute(
            arguments: [session.sessionId, f.setNumber, component, set.formComponents[component]])
        }
        for (index, rep) in reps.enumerated() {
          let repRow: [(any DatabaseValueConvertible)?] = [
            session.sessionId, f.setNumber, rep.repNumber, rep.startSeconds, rep.endSeconds,
            rep.eccentricSeconds,
            rep.pauseSeconds, rep.concentricSeconds, rep.romDegrees, rep.meanConcentricVelocity,
            rep.peakConcentricVelocity,
            index < set.repFormScores.count ? set.repFormScores[index] : nil,
            rep.barPathDeviationMeters,
          ]
          try repStatement.execute(arguments: StatementArguments(repRow))
        }
      }
    }
  }
}
