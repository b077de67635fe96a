import AuraDomain
import Testing

@testable import AuraPipeline

/// What a run prints of what it set aside: one line per cause.
@Suite struct RunSummaryTests {
  @Test func theSameProblemOfManySessionsIsOneLineWithItsCount() {
    let orphan = "$.athlete_id 'a-05' is not in athletes.csv"
    var summary = RunSummary(
      sessions: 4, featuresComputed: [], scoringComputed: [],
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
}
