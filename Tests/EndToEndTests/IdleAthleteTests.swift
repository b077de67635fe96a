import AuraTestSupport
import Foundation
import GRDB
import Testing

/// A platform's idle accounts (an athletes.csv row and nothing else) cost a short page each
/// and no cache entry, are counted once in the index, and stay on their coach's roster.
@Suite struct IdleAthleteTests {
  @Test func athletesWithNothingInTheDataGetAShortPageAndNoCacheEntry() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    // More idle athletes than the report writer makes in one chunk; the first has a coach.
    var rows = ""
    for i in 0..<300 {
      rows +=
        "x-\(i),idle\(i),idle\(i)@example.com,1990-01-01,female,165,60,,\(i == 0 ? "c-1" : ""),,,\n"
    }
    // One more athlete with a wellness day only: something of theirs is in the data.
    rows += "y-1,rested,rested@example.com,1990-01-01,male,180,80,,,,,\n"
    try append(rows, to: dataset.appendingPathComponent("athletes.csv"))
    try append(
      "y-1,2026-11-16,70,8,80,55,500,\n", to: dataset.appendingPathComponent("wellness.csv"))

    #expect(try TestSupport.nightlyRun(dataset: dataset, out: out).status == 0)
    let current = out.appendingPathComponent("current")
    func text(_ path: String) throws -> String {
      try String(contentsOf: current.appendingPathComponent(path), encoding: .utf8)
    }
    let idle = try text("athletes/x-299.md")
    #expect(idle.contains("Nothing of idle299's is in the data up to"))
    #expect(idle.contains("Not on the leaderboard: no sessions."))
    #expect(!idle.contains("Weekly sets per muscle"))
    #expect(try text("athletes/x-0.html").contains("../coaches/c-1.html"))
    #expect(try text("athletes/y-1.md").contains("Weekly sets per muscle"))

    let index = try text("index.html")
    #expect(index.contains("300 athletes with nothing in the data but their athletes.csv row"))
    #expect(!index.contains("athletes/x-1.html"))
    #expect(index.contains("athletes/y-1.html"))
    #expect(index.contains("athletes/a-01.html"))
    // The coach's roster still names their idle athlete, linked to the page.
    #expect(try text("coaches/c-1.html").contains("athletes/x-0.html"))

    let queue = try DatabaseQueue(path: current.appendingPathComponent("auralift.sqlite").path)
    let (profiles, excluded) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user_profile"),
        try Int.fetchOne(
          db,
          sql:
            "SELECT COUNT(*) FROM leaderboard_exclusion WHERE athlete_id LIKE 'x-%' AND reason = 'no sessions'"
        )
      )
    }
    #expect(profiles == 304)
    #expect(excluded == 300)
    // Their history is made from their row each run: not cached, not listed as partitions.
    #expect(!(try text("partitions.tsv")).contains("x-"))
    #expect(try text("partitions.tsv").contains("y-1\t"))

    // A rerun publishes nothing new and links every page from the release before.
    let before = try text("reports.tsv")
    #expect(try TestSupport.nightlyRun(dataset: dataset, out: out).status == 0)
    #expect(try text("reports.tsv") == before)
  }

  private func append(_ text: String, to file: URL) throws {
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }
}
