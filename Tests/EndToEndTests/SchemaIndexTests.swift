import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// Every table the reports read one athlete's or one session's rows from is searched through an
/// index on that column, not scanned: the query plan of each such read says so.
@Suite struct SchemaIndexTests {
  /// (table, the column the reports filter it on).
  static let reads = [
    ("workout_session", "user_profile_id"), ("workout_set", "session_id"), ("rep", "session_id"),
    ("form_component", "session_id"), ("muscle_group", "user_profile_id"),
    ("ranking_record", "user_profile_id"), ("recovery_snapshot", "user_profile_id"),
    ("personal_record", "athlete_id"), ("readiness", "athlete_id"),
    ("weekly_muscle_volume", "athlete_id"), ("strength_profile", "athlete_id"),
    ("nutrition_week", "athlete_id"), ("exercise_risk", "athlete_id"),
  ]

  @Test func perAthleteAndPerSessionReadsUseAnIndex() throws {
    let out = try TestSupport.temporaryFolder("indexes")
    defer { TestSupport.remove(out) }
    _ = try Runner(
      config: try TestSupport.pipelineConfig(dataset: TestSupport.sampleDataset, out: out)
    )
    .run()
    let queue = try DatabaseQueue(
      path: out.appendingPathComponent("current/auralift.sqlite").path)
    try queue.read { db in
      for (table, column) in Self.reads {
        let plan = try Row.fetchAll(
          db, sql: "EXPLAIN QUERY PLAN SELECT * FROM \(table) WHERE \(column) = ?",
          arguments: ["x"]
        ).map { $0["detail"] as String }.joined(separator: "; ")
        #expect(plan.contains("USING") && plan.contains("INDEX"), "\(table): \(plan)")
      }
    }
  }
}
