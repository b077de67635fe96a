import AuraDomain
import Testing

@testable import AuraPipeline

/// What a run prints of what it set aside: one line per cause.
@Suite struct RunSummaryTests {
  @Test func theSameProblemOfManySessionsIsOneLineWithItsCount() {
    let orphan = "$.athlete_id 'a-05' is not in athletes.csv"
    var summary = RunSummary(
      sessions: 4,
      quarantined: [
        DatasetProblem(path: "athletes.csv", line: 6, reason: "empty required field 'x'"),
        DatasetProblem(path: "sessions/s-1/session.json", line: 0, reason: orphan),
        DatasetProblem(path: "sessions/s-2/pose.csv", line: 9, reason: "truncated row"),
        DatasetProblem(path: "sessions/s-3/session.json", line: 0, reason: orphan),
        DatasetProblem(path: "sessions/s-4/session.json", line: 0, reason: orphan),
      ], failed: [], upToDate: false)
    #expect(
      summary.quarantinedByCause.map(\.description) == [
        "athletes.csv:6: empty required field 'x'",
        "sessions/s-1/session.json: \(orphan) (3 sessions, s-1 to s-4)",
        "sessions/s-2/pose.csv:9: truncated row",
      ])
    // Every session stays listed for the exit code, the JSON summary and --retry-failed.
    #expect(summary.quarantined.count == 5 && summary.exitCode == 3)
    summary.quarantined = []
    #expect(summary.quarantinedByCause.isEmpty)
  }

  @Test func everythingOfAnAthleteAthletesCsvLacksIsOneEntry() {
    let summary = RunSummary(
      sessions: 3,
      quarantined: [
        DatasetProblem(
          path: "wellness.csv", line: 95, reason: "athlete_id 'a-03' is not an athlete (48 rows)",
          missingAthlete: "a-03", rows: 48, lastLine: 142),
        DatasetProblem(path: "athletes.csv", line: 4, reason: "weight_kg 950 outside 20…400"),
        DatasetProblem(
          path: "morpho.csv", line: 4, reason: "athlete_id 'a-03' is not an athlete",
          missingAthlete: "a-03"),
        DatasetProblem(
          path: "sessions/s-13/session.json", line: 0, reason: "not in athletes.csv",
          missingAthlete: "a-03"),
        DatasetProblem(
          path: "sessions/s-18/session.json", line: 0, reason: "not in athletes.csv",
          missingAthlete: "a-03"),
        DatasetProblem(
          path: "sessions/s-19/session.json", line: 0, reason: "not in athletes.csv",
          missingAthlete: "a-09"),
      ], failed: [], upToDate: false)
    #expect(
      summary.quarantinedByCause.map(\.description) == [
        "athletes.csv: no athlete 'a-03' (no row, or its row was set aside); left out with them: 2 sessions (s-13 to s-18), wellness.csv 48 rows (lines 95-142), morpho.csv 1 row (line 4)",
        "athletes.csv:4: weight_kg 950 outside 20…400",
        "athletes.csv: no athlete 'a-09' (no row, or its row was set aside); left out with them: 1 session (s-19)",
      ])
    #expect(summary.quarantinedByCause.first?.rows == 51)
  }
}
