import AuraDomain
import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// `explain` and `run` walk the same stage table and compare the same keys: on each kind of
/// change, what `explain` lists is exactly what the run that follows computes.
@Suite(.serialized) struct ExplainAgreesWithRunTests {
  /// What a plan or a run touched, in the run summary's terms.
  struct Work: Equatable, CustomStringConvertible {
    var features: [String]
    var scoring: [String]
    var athletes: [String]
    var weeks: Int
    var publishes: Bool

    init(planned: [PlannedWork]) {
      func sessions(_ stage: String) -> [String] {
        planned.filter { $0.stage == stage }.map {
          String($0.partition.dropFirst("sessions/".count))
        }
        .sorted()
      }
      features = sessions("features")
      scoring = sessions("scoring")
      let aggregation = planned.filter { $0.stage == "aggregation" }.map(\.partition)
      athletes = aggregation.filter { $0.split(separator: "/").count == 2 }
        .map { String($0.dropFirst("athletes/".count)) }.sorted()
      weeks = aggregation.filter { $0.split(separator: "/").count == 3 }.count
      publishes = planned.contains { $0.stage == "publish" }
    }

    init(ran summary: RunSummary) {
      features = summary.featuresComputed.sorted()
      scoring = summary.scoringComputed.sorted()
      athletes = summary.aggregated.sorted()
      weeks = summary.weeksAggregated
      publishes = !summary.upToDate
    }

    var description: String {
      "features \(features), scoring \(scoring), athletes \(athletes), weeks \(weeks), publish \(publishes)"
    }
  }

  @Test func explainListsWhatTheNextRunComputesForEveryKindOfChange() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 3, sessions: 4, seed: 83)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    let sessions = dataset.appendingPathComponent("sessions")

    func step(_ change: String, _ apply: () throws -> Void) throws {
      try apply()
      let planned = Work(planned: try Runner(config: config).explain())
      let ran = Work(ran: try Runner(config: config).run())
      #expect(planned == ran, "\(change): explain said \(planned); the run did \(ran)")
    }
    // An athlete with nothing else in the data: no partition of theirs is ever computed.
    let athletes = dataset.appendingPathComponent("athletes.csv")
    var roster = try String(contentsOf: athletes, encoding: .utf8)
    if !roster.hasSuffix("\n") { roster += "\n" }
    try (roster + "x-idle,idle,idle@example.com,1990-01-01,female,165,60,,,,,\n").write(
      to: athletes, atomically: true, encoding: .utf8)
    try step("first run") {}
    try step("nothing changed") {}
    try step("a recording changed") {
      let folder = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()[1]
      let manifest = sessions.appendingPathComponent("\(folder)/session.json")
      try (try String(contentsOf: manifest, encoding: .utf8) + "\n").write(
        to: manifest, atomically: true, encoding: .utf8)
    }
    try step("a scoring parameter") { try config.override("scoring.form.depth_weight=0.4") }
    try step("an aggregation parameter") {
      try config.override("aggregation.roster.low_readiness=45")
    }
    try step("a new session") {
      let first = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()[0]
      _ = try RunnerTests.copySession(first, as: "s-900001", in: dataset)
    }
    try step("a wellness day") {
      let wellness = dataset.appendingPathComponent("wellness.csv")
      var lines = try String(contentsOf: wellness, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      lines.remove(at: 1)
      try lines.joined(separator: "\n").write(to: wellness, atomically: true, encoding: .utf8)
    }
    try step("a session removed") {
      let last = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()[2]
      try FileManager.default.removeItem(at: sessions.appendingPathComponent(last))
    }
    try step("a features parameter") { try config.override("features.min_rep_s=0.6") }
    let current = out.appendingPathComponent("current")
    try step("a report page deleted") {
      try FileManager.default.removeItem(at: current.appendingPathComponent("athletes/x-idle.md"))
    }
    #expect(
      FileManager.default.fileExists(
        atPath: current.appendingPathComponent("athletes/x-idle.md").path))
    try step("a published row edited") {
      let queue = try DatabaseQueue(path: current.appendingPathComponent("auralift.sqlite").path)
      try queue.write { try $0.execute(sql: "UPDATE user_profile SET current_lp = current_lp + 1") }
    }
    try step("nothing changed after the damage") {}
    // A cache entry damaged (a flipped byte): found only where a run reads it, and then
    // computed again, which explain says beforehand.
    func damage(_ stage: String) throws {
      let folder = out.appendingPathComponent(".cache/\(stage)")
      let entry = try #require(
        FileManager.default.subpaths(atPath: folder.path)?.filter { $0.hasSuffix(".bin") }
          .sorted().first)
      let url = folder.appendingPathComponent(entry)
      var bytes = try Data(contentsOf: url)
      bytes[bytes.count / 2] ^= 0xFF
      try bytes.write(to: url)
    }
    try step("a scored session's cache entry damaged") { try damage("scoring") }
    try step("then an aggregation parameter") {
      try config.override("aggregation.roster.low_readiness=40")
    }
    try step("an athlete-week's cache entry damaged, then a scoring parameter") {
      try damage("athlete-week")
      try config.override("scoring.form.depth_weight=0.35")
    }
    try step("nothing changed after the cache's damage") {}
  }

  /// `--retry-failed` explained: a session set aside for its manifest meets the same problem
  /// (its features computed again, no scoring); one published without a recording the last run
  /// set aside is computed through; and the publication follows.
  @Test func retryFailedIsExplainedAsItRuns() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 3, seed: 84)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    let sessions = dataset.appendingPathComponent("sessions")
    let folders = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()
    // One manifest names an exercise nobody knows; one recorded session's pose loses a row's
    // end, which sets the recording aside and keeps the session.
    let broken = sessions.appendingPathComponent("\(folders[0])/session.json")
    try
      (try String(contentsOf: broken, encoding: .utf8).replacingOccurrences(
        of: "\"exercise\" : \"", with: "\"exercise\" : \"Unknown ", options: [], range: nil)).write(
        to: broken, atomically: true, encoding: .utf8)
    let recorded = try #require(
      folders.dropFirst().first {
        FileManager.default.fileExists(
          atPath: sessions.appendingPathComponent("\($0)/pose.csv").path)
      })
    let pose = sessions.appendingPathComponent("\(recorded)/pose.csv")
    try (try String(contentsOf: pose, encoding: .utf8) + "1.0,2.0\n").write(
      to: pose, atomically: true, encoding: .utf8)
    let first = try Runner(config: config).run()
    #expect(first.quarantined.count >= 2, "\(first.quarantined)")
    #expect(try Runner(config: config).explain().isEmpty)
    let planned = Work(planned: try Runner(config: config).explain(retryFailed: true))
    let ran = Work(ran: try Runner(config: config).run(.init(retryFailed: true)))
    #expect(planned == ran, "explain said \(planned); the run did \(ran)")
    #expect(ran.features == [folders[0], recorded].sorted())
    #expect(ran.scoring == [recorded])
    #expect(ran.publishes)
  }

  /// An athlete's row of athletes.csv (their height calibrates pose scale) is an input of
  /// their own sessions' features and of no one else's: adding an athlete computes no
  /// features, and one athlete's new height recomputes their sessions alone.
  @Test func anAthletesRowKeysTheirSessionsAlone() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 3, sessions: 4, seed: 83)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    func run() throws -> (planned: Work, ran: Work) {
      let planned = Work(planned: try Runner(config: config).explain())
      return (planned, Work(ran: try Runner(config: config).run()))
    }
    #expect(try run().ran.features.count == 12)
    let athletes = dataset.appendingPathComponent("athletes.csv")
    var rows = try String(contentsOf: athletes, encoding: .utf8).split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    func write() throws {
      try (rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n").write(
        to: athletes, atomically: true, encoding: .utf8)
    }
    var added = rows[1]
    added[0] = "x-new"
    added[1] = "newcomer"
    added[2] = "newcomer@example.com"
    rows.append(added)
    try write()
    let afterAdding = try run()
    #expect(afterAdding.ran.features.isEmpty, "\(afterAdding.ran)")
    #expect(afterAdding.planned == afterAdding.ran)
    // The first athlete grows 4 cm: their sessions, and only theirs, are measured again.
    let height = try #require(rows[0].firstIndex(of: "height_cm"))
    let athlete = rows[1][0]
    rows[1][height] = String(try #require(Double(rows[1][height])) + 4)
    try write()
    let sessions = dataset.appendingPathComponent("sessions")
    let theirs = try FileManager.default.contentsOfDirectory(atPath: sessions.path).filter {
      let manifest = try Data(
        contentsOf: sessions.appendingPathComponent("\($0)/session.json"))
      let object = try JSONSerialization.jsonObject(with: manifest) as? [String: Any]
      return object?["athlete_id"] as? String == athlete
    }.sorted()
    #expect(theirs.count == 4)
    let afterGrowing = try run()
    #expect(afterGrowing.ran.features == theirs, "\(afterGrowing.ran)")
    #expect(afterGrowing.planned == afterGrowing.ran)
    #expect(try run().ran.features.isEmpty)
  }
}
