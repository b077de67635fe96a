import AuraDomain
import AuraTestSupport
import Foundation
import Testing

/// Stale data never looks current: `status --max-data-age` warns on data older than that
/// whatever the runs did, and the top of every page says how old the data is once it is
/// older than `aggregation.roster.stale_after_days`.
@Suite struct FreshnessTests {
  @Test func statusWarnsOnOldDataAndPagesSayHowOldItIs() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    // The sample's newest session is days before today: stale.
    #expect(try TestSupport.nightlyRun(dataset: dataset, out: out).status == 0)
    let coach = try String(
      contentsOf: out.appendingPathComponent("current/coaches/c-2.html"), encoding: .utf8)
    #expect(coach.contains("No new sessions since Wed 18 Nov, "), "\(coach.prefix(2000))")
    #expect(!coach.contains("not over yet"))
    let athlete = try String(
      contentsOf: out.appendingPathComponent("current/athletes/a-02.md"), encoding: .utf8)
    #expect(athlete.contains("No new sessions since Wed 18 Nov, "))
    #expect(!athlete.contains("not over yet"))

    // A session two days old: fresh enough for 7 days, not for one; no notice on the pages.
    let twoDaysAgo = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-2 * 86_400))
    _ = try RunnerTests.copySession("s-000012", as: "s-recent", in: dataset, start: twoDaysAgo)
    #expect(try TestSupport.nightlyRun(dataset: dataset, out: out).status == 0)
    let status = { (age: String) in
      try TestSupport.cli(["status", "--out", out.path, "--max-data-age", age])
    }
    let week = try status("7d")
    #expect(week.status == 0, "\(week.stdout)")
    #expect(week.stdout.contains("(2.0 days old)"), "\(week.stdout)")
    #expect(week.stdout.contains("| publication_age="), "\(week.stdout)")
    let day = try status("1d")
    #expect(day.status == 1, "\(day.stdout)")
    #expect(day.stdout.hasPrefix("WARNING: "), "\(day.stdout)")
    #expect(day.stdout.contains("no new session for 2.0 days, more than 1d"), "\(day.stdout)")
    #expect(try status("soon").status == 64)
    let fresh = try String(
      contentsOf: out.appendingPathComponent("current/coaches/c-2.html"), encoding: .utf8)
    #expect(!fresh.contains("No new sessions since"))
  }
}
