import AuraAggregation
import AuraDomain
import AuraScoring
import GRDB

/// Writes sessions, their sets and their reps with prepared statements, one row at a time.
final class SQLiteSessionWriter: SessionWriter {
  private let sessionInsert: RowInsert
  private let setInsert: RowInsert
  private let repInsert: RowInsert
  private let componentInsert: RowInsert
  private let db: Database
  private let athletes: AthleteRowWriter

  init(db: Database) throws {
    self.db = db
    athletes = AthleteRowWriter(db: db)
    sessionInsert = try RowInsert(db, table: .workoutSession)
    setInsert = try RowInsert(db, table: .workoutSet)
    repInsert = try RowInsert(db, table: .rep)
    componentInsert = try RowInsert(db, table: .formComponent)
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
        // A start that does not parse cannot be placed in a week: its row is replaced too.
        if let start = SessionTime(row["start_time"] ?? ""),
          Aggregator.monday(ofSession: start) < monday
        {
          continue
        }
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

  func write(athlete: AthleteRows) throws { try athletes.write(athlete) }

  func write(_ sessions: [ScoredSession], annotations: SessionAnnotations) throws {
    for s in sessions {
      try sessionInsert { row in
        row.add(s.sessionId)
        row.add(s.athleteId)
        row.add(s.startTime.text)
        row.add(s.endTime)
        row.add(s.totalVolumeKg)
        row.add(s.totalXP)
        row.add(annotations.leaguePoints[s.sessionId] ?? 0)
        row.add(s.averageFormScore)
        row.add(s.peakComboMultiplier)
        row.add(s.peakVelocity)
        row.add(s.notes)
      }
    }
    for session in sessions {
      for set in session.sets {
        try write(set, of: session, annotations: annotations)
      }
    }
  }

  /// One set's row, its form components and its reps.
  private func write(
    _ set: ScoredSet, of session: ScoredSession, annotations: SessionAnnotations
  ) throws {
    let f = set.features
    let reps = f.reps
    let id = session.setId(set)
    let effort = annotations.efforts[id]
    func mean(_ values: [Double]) -> Double? {
      values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
    try setInsert { row in
      row.add(id)
      row.add(session.sessionId)
      row.add(f.exerciseId)
      row.add(f.setNumber)
      row.add(f.publishedRepCount)
      row.add(f.loadKg)
      row.add(mean(reps.compactMap(\.meanConcentricVelocity)))
      row.add(reps.compactMap(\.peakConcentricVelocity).max())
      row.add(f.velocityLossPercent)
      row.add(set.autoStopped)
      row.add(set.formScore)
      row.add(mean(reps.compactMap(\.barPathDeviationMeters)))
      row.add(mean(reps.compactMap(\.romDegrees)))
      row.add(f.phasesMeasured ? mean(reps.map(\.concentricSeconds)) : nil)
      row.add(f.phasesMeasured ? mean(reps.map(\.eccentricSeconds)) : nil)
      row.add(f.loggedRPE)
      row.add(set.xp)
      row.add(set.comboTag)
      row.add(session.startTime.text)
      row.add(f.source.rawValue)
      row.add(set.feedback.isEmpty ? nil : set.feedback.joined(separator: "\n"))
      row.add(effort?.rpe)
      row.add(effort?.repsInReserve)
      row.add(effort?.method.rawValue)
      row.add(f.loggedReps)
      row.add(f.formLabel)
      row.add(f.failed)
      row.add(f.repCountUnknown)
      row.add(f.countEvidence?.confidence)
      row.add(annotations.suspects[id])
      let interval = f.repsInterval
      row.add(interval?.lowerBound)
      row.add(interval?.upperBound)
    }
    for component in set.formComponents.keys.sorted() {
      try componentInsert { row in
        row.add(session.sessionId)
        row.add(f.setNumber)
        row.add(component)
        row.add(set.formComponents[component])
      }
    }
    for (index, rep) in reps.enumerated() {
      try repInsert { row in
        row.add(session.sessionId)
        row.add(f.setNumber)
        row.add(rep.repNumber)
        row.add(rep.startSeconds)
        row.add(rep.endSeconds)
        row.add(f.phasesMeasured ? rep.eccentricSeconds : nil)
        row.add(f.phasesMeasured ? rep.pauseSeconds : nil)
        row.add(f.phasesMeasured ? rep.concentricSeconds : nil)
        row.add(rep.romDegrees)
        row.add(rep.meanConcentricVelocity)
        row.add(rep.peakConcentricVelocity)
        row.add(index < set.repFormScores.count ? set.repFormScores[index] : nil)
        row.add(rep.barPathDeviationMeters)
      }
    }
  }
}
