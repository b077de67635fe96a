import AuraDomain
import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// No data from the future: a session or a wellness row dated after the run's day is set aside
/// with its file, so no page names a week after the run's, and is published once its day
/// comes.
@Suite struct FutureDateTests {
  @Test func aSessionAndADayDatedNextMonthAreSetAsideNotReported() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let future = ISODates.string(day: RunDay.today() + 30)
    let manifest = dataset.appendingPathComponent("sessions/s-000012/session.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try text.replacingOccurrences(of: "2026-11-18T17:42:00Z", with: "\(future)T17:42:00Z")
      .write(to: manifest, atomically: true, encoding: .utf8)
    let wellness = dataset.appendingPathComponent("wellness.csv")
    let handle = try FileHandle(forWritingTo: wellness)
    handle.seekToEndOfFile()
    handle.write(Data("a-01,\(future),80.8,8.2,56,56,831,\n".utf8))
    try handle.close()

    let out = root.appendingPathComponent("out")
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    let problems = summary.quarantined.map(\.description)
    for expected in [
      "sessions/s-000012/session.json: $.start_time: \(future) is after the run's day",
      "wellness.csv:", "column 'date': \(future) is after the run's day",
    ] {
      #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }
    let queue = try DatabaseQueue(
      path: out.appendingPathComponent("current/auralift.sqlite").path)
    let (sessions, latest) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM workout_session WHERE id = 's-000012'"),
        try String.fetchOne(db, sql: "SELECT max(date) FROM readiness")
      )
    }
    #expect(sessions == 0)
    #expect((latest ?? "") < future)
    // validate names both without publishing.
    let validate = try TestSupport.cli(["validate", dataset.path])
    #expect(validate.status == 3)
    #expect(
      validate.stdout.contains("sessions/s-000012/session.json: $.start_time: \(future) is after"),
      "\(validate.stdout)")
    #expect(validate.stdout.contains("column 'date': \(future) is after"), "\(validate.stdout)")
    // No page names the future week.
    let week = ISODates.isoWeek(day: RunDay.today() + 30)
    let pages = try FileManager.default.contentsOfDirectory(
      at: out.appendingPathComponent("current/coaches"), includingPropertiesForKeys: nil)
    for page in pages {
      #expect(!(try String(contentsOf: page, encoding: .utf8)).contains(week), "\(page.path)")
    }
  }

  /// What was held for its date is due once the day comes, though no file changed.
  @Test func aHeldInputIsDueOnItsDay() throws {
    let problem = try #require(RunDay.problem(day: 100, runDay: 90))
    #expect(RunDay.problem(day: 91, runDay: 90) == nil)
    let reason = "column 'date': \(problem)"
    #expect(RunDay.heldUntil(reason) == 100)
    #expect(!RunDay.isDue(reason, runDay: 98))
    #expect(RunDay.isDue(reason, runDay: 99))
    #expect(!RunDay.isDue("column 'date': 'x' is not an ISO date", runDay: 99))
  }
}
