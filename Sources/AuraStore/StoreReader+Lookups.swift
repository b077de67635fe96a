import GRDB

/// The small lookups the pipeline, the CLI, delivery and the reports make in a published
/// database, so that no SQL lives outside the store's modules.
extension StoreReader {
  /// The athletes `keep` takes, as the database names them: id, username as written (not
  /// isolated for display) and coach, in id order.
  package func athleteNames(
    where keep: (_ id: String) -> Bool
  ) throws -> [(id: String, username: String, coachId: String?)] {
    // A cursor, not the whole table: a platform's release names millions of athletes, of
    // whom a caller keeps a few.
    try queue.read { db in
      var kept: [(id: String, username: String, coachId: String?)] = []
      let rows = try Row.fetchCursor(
        db, sql: "SELECT id, username, coach_id FROM user_profile ORDER BY id")
      while let row = try rows.next() {
        let id: String = row["id"]
        if keep(id) { kept.append((id, row["username"], row["coach_id"])) }
      }
      return kept
    }
  }

  /// The athletes the release still names though they left athletes.csv, and since when (an
  /// ISO day); none where the database predates the table.
  package func departedAthletes() throws -> [(
    athleteId: String, username: String, coachId: String?, since: String
  )] {
    try queue.read { db in
      guard try db.tableExists("departed_athlete") else { return [] }
      return try Row.fetchAll(
        db,
        sql:
          "SELECT athlete_id, username, coach_id, since FROM departed_athlete ORDER BY athlete_id"
      ).map { ($0["athlete_id"], $0["username"], $0["coach_id"], $0["since"]) }
    }
  }

  /// The start time of the newest session, nil where there is none.
  package func latestSessionStart() throws -> String? {
    try queue.read { db in
      try String.fetchOne(db, sql: "SELECT max(start_time) FROM workout_session")
    }
  }

  /// The day (ISO) of the oldest session, nil where there is none.
  package func firstSessionDay() throws -> String? {
    try queue.read { db in
      try String.fetchOne(db, sql: "SELECT MIN(substr(start_time, 1, 10)) FROM workout_session")
    }
  }

  /// Exercise names by id.
  package func exerciseNames() throws -> [String: String] {
    try queue.read { db in
      var names: [String: String] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, name FROM exercise ORDER BY id") {
        let id: String = row["id"]
        if names[id] == nil { names[id] = row["name"] }
      }
      return names
    }
  }

  /// The e-mail address of each coach and athlete that has one, keyed by its page
  /// (`coaches/<id>`, `athletes/<id>`).
  package func mailAddresses() throws -> [String: String] {
    try queue.read { db in
      var addresses: [String: String] = [:]
      for (table, folder) in [("coach", "coaches"), ("user_profile", "athletes")] {
        for row in try Row.fetchAll(
          db, sql: "SELECT id, email FROM \(table) WHERE email IS NOT NULL AND email != ''")
        {
          let id: String = row["id"]
          addresses["\(folder)/\(id)"] = row["email"]
        }
      }
      return addresses
    }
  }
}
