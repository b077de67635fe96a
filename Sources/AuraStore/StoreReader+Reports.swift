import AuraDomain
import GRDB

/// The queries behind the reports: each returns one table's rows for one athlete (or coach),
/// in the order a report shows them.
extension StoreReader {
  func fetch<Record: ReportRecord>(_ sql: String, _ arguments: StatementArguments = []) throws
    -> [Record]
  {
    try queue.read { db in
      try RecordRows.fetchAll(Record.self, db, sql: sql, arguments: arguments)
    }
  }

  /// Coaches, their names as pages show them (`DisplayText`).
  package func coaches() throws -> [ReportRows.Coach] {
    let rows: [ReportRows.Coach] = try fetch("SELECT id, name FROM coach ORDER BY id")
    return rows.map { row in
      var shown = row
      shown.name = DisplayText.isolated(row.name)
      return shown
    }
  }

  /// What a report reads of an athlete (`ReportRows.Athlete`).
  private static let athleteColumns =
    "SELECT id, username, current_rank_tier, current_lp, coach_id FROM user_profile"

  /// Athletes, their names as pages show them (`DisplayText`).
  package func athleteRows() throws -> [ReportRows.Athlete] {
    shown(
      try fetch(
        "\(Self.athleteColumns) ORDER BY id"
      ))
  }

  /// At most `limit` athletes whose ids sort after `after` (from the first where it is nil),
  /// in id order: a page of the table, so that a caller holds a page, not every athlete.
  package func athleteRows(after: String?, limit: Int) throws -> [ReportRows.Athlete] {
    shown(
      try fetch(
        "\(Self.athleteColumns) WHERE id > ? ORDER BY id LIMIT ?",
        [after ?? "", limit]))
  }

  /// The athletes whose coach is `coachId`, in id order.
  package func athleteRows(coachId: String) throws -> [ReportRows.Athlete] {
    shown(
      try fetch(
        "\(Self.athleteColumns) WHERE coach_id = ? ORDER BY id",
        [coachId]))
  }

  private func shown(_ rows: [ReportRows.Athlete]) -> [ReportRows.Athlete] {
    rows.map { row in
      var shown = row
      shown.username = DisplayText.isolated(row.username)
      return shown
    }
  }

  /// The coach_roster rows of the athletes whose profile names `coachId` as their coach.
  package func roster(coachId: String) throws -> [ReportRows.Roster] {
    try fetch(
      "SELECT r.* FROM coach_roster r JOIN user_profile u ON u.id = r.athlete_id WHERE u.coach_id = ? ORDER BY r.athlete_id",
      [coachId])
  }

  /// The coach_roster row of one athlete, if any.
  package func roster(athleteId: String) throws -> [ReportRows.Roster] {
    try fetch("SELECT * FROM coach_roster WHERE athlete_id = ?", [athleteId])
  }

  /// An athlete's sessions whose start time sorts at or after `since` (an ISO date or
  /// timestamp), in start order.
  package func sessions(athleteId: String, since: String) throws -> [ReportRows.Session] {
    try fetch(
      "SELECT * FROM workout_session WHERE user_profile_id = ? AND start_time >= ? ORDER BY start_time, id",
      [athleteId, since])
  }

  package func session(id: String) throws -> ReportRows.Session? {
    let rows: [ReportRows.Session] = try fetch(
      "SELECT * FROM workout_session WHERE id = ?", [id])
    return rows.first
  }

  /// The sets of the given sessions, in set order.
  package func workoutSets(sessionIds: [String]) throws -> [ReportRows.WorkoutSet] {
    guard !sessionIds.isEmpty else { return [] }
    let marks = Array(repeating: "?", count: sessionIds.count).joined(separator: ", ")
    return try fetch(
      "SELECT * FROM workout_set WHERE session_id IN (\(marks)) ORDER BY session_id, set_number",
      StatementArguments(sessionIds))
  }

  /// The id of an athlete's latest session with a recorded (not logged) set.
  package func lastRecordedSessionId(athleteId: String) throws -> String? {
    try queue.read { db in
      try String.fetchOne(
        db,
        sql: """
          SELECT s.id FROM workout_session s WHERE s.user_profile_id = ? AND EXISTS
            (SELECT 1 FROM workout_set w WHERE w.session_id = s.id AND w.source != 'log')
          ORDER BY s.start_time DESC, s.id DESC LIMIT 1
          """, arguments: [athleteId])
    }
  }

  package func reps(sessionId: String) throws -> [ReportRows.Rep] {
    try fetch(
      "SELECT * FROM rep WHERE session_id = ? ORDER BY set_number, rep_number", [sessionId])
  }

  package func formComponents(sessionId: String) throws -> [ReportRows.FormComponent] {
    try fetch(
      "SELECT * FROM form_component WHERE session_id = ? ORDER BY set_number, component",
      [sessionId])
  }

  package func volume(athleteId: String) throws -> [ReportRows.Volume] {
    try fetch(
      "SELECT * FROM weekly_muscle_volume WHERE athlete_id = ? ORDER BY iso_week, sets DESC, muscle",
      [athleteId])
  }

  package func muscles(athleteId: String) throws -> [ReportRows.Muscle] {
    try fetch(
      "SELECT name, current_recovery_score, last_trained_date FROM muscle_group WHERE user_profile_id = ? ORDER BY name",
      [athleteId])
  }

  package func readinessDays(athleteId: String) throws -> [ReportRows.Readiness] {
    try fetch("SELECT * FROM readiness WHERE athlete_id = ? ORDER BY date", [athleteId])
  }

  package func wellness(athleteId: String) throws -> [ReportRows.Wellness] {
    try fetch(
      "SELECT snapshot_date, hrv_value, sleep_hours, resting_heart_rate FROM recovery_snapshot WHERE user_profile_id = ? ORDER BY snapshot_date",
      [athleteId])
  }

  package func strength(athleteId: String) throws -> [ReportRows.Strength] {
    try fetch(
      "SELECT * FROM strength_profile WHERE athlete_id = ? ORDER BY exercise_id, iso_week",
      [athleteId])
  }

  package func rankingRecords(athleteId: String) throws -> [ReportRows.Ranking] {
    try fetch(
      "SELECT * FROM ranking_record WHERE user_profile_id = ? ORDER BY record_date", [athleteId])
  }

  package func records(athleteId: String) throws -> [ReportRows.PersonalRecord] {
    try fetch(
      "SELECT * FROM personal_record WHERE athlete_id = ? ORDER BY achieved_at DESC, exercise_id, record_type, load_kg",
      [athleteId])
  }

  package func nutrition(athleteId: String) throws -> [ReportRows.NutritionWeek] {
    try fetch("SELECT * FROM nutrition_week WHERE athlete_id = ? ORDER BY iso_week", [athleteId])
  }

  package func risks(athleteId: String) throws -> [ReportRows.Risk] {
    try fetch(
      "SELECT exercise_id, risk_level, reason FROM exercise_risk WHERE athlete_id = ? ORDER BY exercise_id",
      [athleteId])
  }

  /// The athletes of whom the data holds more than their athletes.csv row: a published
  /// session, a wellness, nutrition or body-scan row, an exercise risk, or an input set aside.
  /// Read from the data's tables, so its size follows the data, not the number of athletes.
  package func athletesWithRecords() throws -> Set<String> {
    Set(
      try rows(
        """
        SELECT user_profile_id FROM workout_session
        UNION SELECT user_profile_id FROM recovery_snapshot
        UNION SELECT user_profile_id FROM nutrition_log
        UNION SELECT user_profile_id FROM morpho_scan
        UNION SELECT athlete_id FROM readiness
        UNION SELECT athlete_id FROM exercise_risk WHERE risk_level != 'optimal'
        UNION SELECT athlete_id FROM quarantine WHERE athlete_id IS NOT NULL
        """
      ).compactMap(\.first))
  }

  package func quarantined() throws -> [ReportRows.Quarantine] {
    try fetch("SELECT * FROM quarantine ORDER BY path, line")
  }

  /// The athletes no longer in athletes.csv whose coach was `coachId`; none from a database
  /// published before the table existed.
  package func departed(coachId: String) throws -> [ReportRows.Departed] {
    guard try rows("SELECT name FROM sqlite_master WHERE name = 'departed_athlete'").count > 0
    else { return [] }
    return try fetch(
      "SELECT * FROM departed_athlete WHERE coach_id = ? ORDER BY username, athlete_id", [coachId])
  }

  package func leaderboard() throws -> [ReportRows.LeaderboardEntry] {
    try fetch("SELECT * FROM leaderboard ORDER BY scope, rank")
  }

  package func runRow() throws -> ReportRows.Run? {
    let rows: [ReportRows.Run] = try fetch("SELECT * FROM run LIMIT 1")
    return rows.first
  }

  /// The day the run's aggregates are computed for: its latest session's day.
  package func asOfDate() throws -> String? {
    try queue.read { db in
      try String.fetchOne(db, sql: "SELECT MAX(substr(start_time, 1, 10)) FROM workout_session")
    }
  }
}
