import Foundation
import GRDB
import Testing

@testable import AuraStore

/// The model's relations are declared foreign keys: a database migrated from the version
/// before them keeps every row in its order, and a publication that would break one stops
/// before its commit, naming the row.
@Suite struct ForeignKeyTests {
  /// A database at v8 with a coach, two athletes, a session and its sets.
  static func populatedAtV8() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try Schema.migrator.migrate(queue, upTo: "v8")
    try queue.write { db in
      try db.execute(sql: "INSERT INTO coach (id, name) VALUES ('c1', 'Coach')")
      for athlete in ["a2", "a1"] {
        try db.execute(
          sql:
            "INSERT INTO user_profile (id, username, coach_id, created_at, updated_at) VALUES (?, ?, 'c1', '2026-01-01', '2026-01-01')",
          arguments: [athlete, athlete])
      }
      try db.execute(sql: "INSERT INTO exercise (id, name) VALUES ('squat', 'Squat')")
      try db.execute(
        sql:
          "INSERT INTO workout_session (id, user_profile_id, start_time) VALUES ('s1', 'a1', '2026-01-02T10:00:00Z')"
      )
      for (id, number) in [("set-b", 1), ("set-a", 2)] {
        try db.execute(
          sql:
            "INSERT INTO workout_set (id, session_id, exercise_id, set_number, source) VALUES (?, 's1', 'squat', ?, 'imu')",
          arguments: [id, number])
      }
    }
    return queue
  }

  @Test func migratingToV9KeepsEveryRowInItsOrder() throws {
    let queue = try Self.populatedAtV8()
    func contents() throws -> [String] {
      try queue.read { db in
        try ["user_profile", "workout_session", "workout_set"].flatMap { table in
          try Row.fetchAll(db, sql: "SELECT rowid, * FROM \(table) ORDER BY rowid").map {
            "\(table) \($0)"
          }
        }
      }
    }
    let before = try contents()
    try Schema.migrator.migrate(queue, upTo: "v9")
    #expect(try contents() == before)
    try queue.read { db in
      let declared = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(workout_set)")
        .map { "\($0["from"] as String) → \($0["table"] as String).\($0["to"] as String)" }
      #expect(Set(declared) == ["session_id → workout_session.id", "exercise_id → exercise.id"])
      let indexes = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'workout_set'")
      #expect(indexes.contains("workout_set_session"))
      #expect(indexes.contains("workout_set_exercise_id"))
    }
  }

  @Test func aBrokenReferenceStopsThePublicationNamingTheRow() throws {
    let queue = try Self.populatedAtV8()
    try Schema.migrator.migrate(queue)
    // Deferred: rows may go in children first, as long as their parents are there at the end.
    try queue.write { db in
      try db.execute(
        sql:
          "INSERT INTO workout_set (id, session_id, exercise_id, source) VALUES ('set-c', 's2', 'squat', 'imu')"
      )
      try db.execute(
        sql:
          "INSERT INTO workout_session (id, user_profile_id, start_time) VALUES ('s2', 'a2', '2026-01-03T10:00:00Z')"
      )
      try BrokenReferences.check(db)
    }
    #expect(throws: BrokenReferences.self) {
      try queue.write { db in
        try db.execute(
          sql:
            "INSERT INTO workout_set (id, session_id, exercise_id, source) VALUES ('set-d', 'gone', 'squat', 'imu')"
        )
        try BrokenReferences.check(db)
      }
    }
    do {
      try queue.write { db in
        try db.execute(sql: "DELETE FROM user_profile WHERE id = 'a1'")
        try BrokenReferences.check(db)
      }
      Issue.record("removing an athlete with sessions was accepted")
    } catch let error as BrokenReferences {
      #expect(error.count == 1)
      #expect(
        error.description.contains("workout_session.user_profile_id 'a1' has no user_profile row"),
        "\(error)")
    }
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM workout_set") } == 3)
  }
}
