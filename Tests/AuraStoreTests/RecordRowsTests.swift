import AuraTestSupport
import Foundation
import GRDB
import Testing

@testable import AuraStore

/// Report records decoded by column name: every column of the sample publication's sets as
/// the database holds it, NULLs as nil, and a clear error for a missing column or a NULL where
/// a value is required.
@Suite struct RecordRowsTests {
  @Test func columnNamesBecomePropertyNames() {
    #expect(RecordRows.propertyName(ofColumn: "lp_change_this_week") == "lpChangeThisWeek")
    #expect(RecordRows.propertyName(ofColumn: "e1rm_kg") == "e1rmKg")
    #expect(RecordRows.propertyName(ofColumn: "lvp_r2") == "lvpR2")
    #expect(RecordRows.propertyName(ofColumn: "id") == "id")
  }

  @Test func theSamplesSetsDecodeAsTheDatabaseHoldsThem() throws {
    let store = try TestSupport.publishedSampleStore()
    let raw = try store.rows(
      """
      SELECT session_id, exercise_id, source, set_number, reps, weight_kg, form_score,
        auto_stopped, rpe_method, xp_earned, feedback
      FROM workout_set ORDER BY session_id, set_number
      """)
    let sessions = Array(Set(raw.map { $0[0] })).sorted()
    let sets = try store.workoutSets(sessionIds: sessions)
    #expect(sets.count == raw.count && sets.count > 50)
    // Some optional columns are NULL in the sample (log-only sets have no form score).
    #expect(raw.contains { $0[6].isEmpty } && raw.contains { !$0[6].isEmpty })
    func text(_ value: Double?) -> String { value.map { String($0) } ?? "" }
    for (set, row) in zip(sets, raw) {
      #expect(
        [
          set.sessionId, set.exerciseId, set.source, String(set.setNumber),
          set.reps.map { String($0) } ?? "", text(set.weightKg), text(set.formScore),
          set.autoStopped ? "1" : "0", set.rpeMethod ?? "", String(set.xpEarned),
          set.feedback ?? "",
        ]
          == row.enumerated().map { index, value in
            // Reals as Swift prints them.
            [5, 6].contains(index) && !value.isEmpty ? String(Double(value)!) : value
          })
    }
  }

  struct Needs: Decodable {
    var athleteId: String
    var sets: Int
  }

  @Test func aMissingColumnOrANullValueIsAnError() throws {
    let queue = try DatabaseQueue()
    try queue.read { db in
      #expect(throws: DecodingError.self) {
        try RecordRows.fetchAll(
          Needs.self, db, sql: "SELECT 'a-1' AS athlete_id", arguments: [])
      }
      #expect(throws: (any Error).self) {
        try RecordRows.fetchAll(
          Needs.self, db, sql: "SELECT 'a-1' AS athlete_id, NULL AS sets", arguments: [])
      }
      let found = try RecordRows.fetchAll(
        Needs.self, db, sql: "SELECT ? AS athlete_id, 3 AS sets", arguments: ["a-2"])
      #expect(found.map(\.athleteId) == ["a-2"] && found.map(\.sets) == [3])
    }
  }
}
