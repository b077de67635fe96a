import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// On a clean, well-trained gym the coach's "needs attention" list is short: a flag is kept
/// for what changes the week's plan. The gym is the generator's (24 athletes, 3 coaches, 4
/// weeks from 30 October, run on 29 November), as a coach would first try the product; its
/// last ISO week is whole, 3 or 4 sessions an athlete, where sets past the auto-stop add up.
@Suite struct CleanGymAttentionTests {
  @Test func aCleanGymFlagsAtMostAThirdOfItsAthletes() throws {
    let seed = 21
    let root = try TestSupport.temporaryFolder("clean-gym-\(seed)")
    defer { TestSupport.remove(root) }
    let dataset = root.appendingPathComponent("gym")
    let synth = try TestSupport.cli([
      "synth", "--out", dataset.path, "--athletes", "24", "--coaches", "3", "--weeks", "4",
      "--start-date", "2026-10-30", "--sessions-per-athlete", "12", "--seed", String(seed),
    ])
    #expect(synth.status == 0, "\(synth.stderr)")
    var environment = ProcessInfo.processInfo.environment
    environment["AURALIFT_TODAY"] = "2026-11-29"
    let out = root.appendingPathComponent("out")
    let run = try TestSupport.cli(
      [
        "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--quiet",
      ], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let roster = try store.rows("SELECT athlete_id, coalesce(flags, '') FROM coach_roster")
    let flagged = roster.filter { !$0[1].isEmpty }
    #expect(roster.count == 24)
    #expect(flagged.count * 100 <= 35 * roster.count, "\(flagged)")
  }
}
