import AuraAggregation
import AuraDomain
import AuraIngest
import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the nightly cron relies on: one writer, explained reruns, failures that do not stop
/// the batch, retries, and the same output whatever the number of workers.
@Suite(.serialized) struct RunnerTests {
  /// Every published table except the run's own record (ids and times), rows sorted.
  static func publishedRows(_ out: URL) throws -> [String: [[String]]] {
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    var tables: [String: [[String]]] = [:]
    for table in StoreReader.tables where !StoreReader.runRecordTables.contains(table) {
      tables[table] = try store.rows("SELECT * FROM \(table)").sorted {
        $0.lexicographicallyPrecedes($1)
      }
    }
    return tables
  }

  /// Every report of the current publication with its footer (run id and times) taken out.
  static func publishedReports(_ out: URL) throws -> [String: String] {
    let folder = out.appendingPathComponent("current")
    var reports: [String: String] = [:]
    for kind in ["athletes", "coaches"] {
      for name in try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(kind).path)
      {
        let text = try String(
          contentsOf: folder.appendingPathComponent("\(kind)/\(name)"), encoding: .utf8)
        reports["\(kind)/\(name)"] = text.replacingOccurrences(
          of: #"<footer>[^<]*</footer>|_AuraLift Analytics · [^\n]*_"#, with: "",
          options: .regularExpression)
      }
    }
    return reports
  }

  @Test func secondRunWaitsForTheLockThenGivesUpNamingTheHolder() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 1, sessions: 2, seed: 51)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let holder = RunLock.Owner(pid: 4242, host: "cron-1", startedAt: "2026-11-22T02:00:00Z")
    let lock = try RunLock(out: out, owner: holder, wait: 0)
    let runner = Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
    let started = Date()
    do {
      _ = try runner.run(.init(waitForLock: 0.5))
      Issue.record("the run did not wait for the lock")
    } catch PipelineError.lockHeld(let message) {
      #expect(message.contains("pid 4242 on cron-1"))
      #expect(Date().timeIntervalSince(started) >= 0.5)
    }
    lock.release()
    #expect(try runner.run().exitCode == 0)
  }

  @Test func lockLeftByAKilledRunIsTakenOver() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    // A killed run leaves its owner in the lock file, but the kernel has dropped its lock.
    let gone = RunLock.Owner(pid: 999_999, host: "cron-1", startedAt: "2026-11-22T02:00:00Z")
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent(".state"), withIntermediateDirectories: true)
    try JSONEncoder().encode(gone).write(to: out.appendingPathComponent(".state/lock"))
    let lock = try RunLock(out: out, owner: .current(startedAt: "now"), wait: 0)
    #expect(lock.takenOverFrom == gone)
    lock.release()
    // A clean release leaves nothing to take over.
    let next = try RunLock(out: out, owner: .current(startedAt: "later"), wait: 0)
    #expect(next.takenOverFrom == nil)
    next.release()
  }

  @Test func explainSaysWhichInputOrParameterChangedAndNothingRuns() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(athletes: 2, sessions: 2, seed: 52)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    let fresh = try Runner(config: config).explain()
    #expect(fresh.contains { $0.stage == "publish" && $0.reasons == ["output missing"] })
    #expect(fresh.filter { $0.stage == "features" }.count == 4)
    _ = try Runner(config: config).run()
    #expect(try Runner(config: config).explain().isEmpty)

    let session = truth.sessions[1].sessionId
    let manifest = dataset.appendingPathComponent("sessions/\(session)/session.json")
    try (try String(contentsOf: manifest, encoding: .utf8) + "\n").write(
      to: manifest, atomically: true, encoding: .utf8)
    // One session changed: its athlete's aggregation partition reruns, the other's does not.
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
    let athlete = try #require(json?["athlete_id"] as? String)
    let start = try #require(json?["start_time"] as? String)
    let aggregation = try Runner(config: config).explain().filter { $0.stage == "aggregation" }
    // The session's week, then each later week of the athlete (chained to the week before
    // it), then the athlete's history.
    let week = ISODates.isoWeek(day: Aggregator.monday(ofSession: try #require(SessionTime(start))))
    #expect(aggregation.first?.partition == "athletes/\(athlete)/\(week)")
    #expect(aggregation.first?.reasons == ["scoring of sessions/\(session) changed"])
    for (earlier, later) in zip(aggregation, aggregation.dropFirst().dropLast()) {
      #expect(later.partition.hasPrefix("athletes/\(athlete)/"))
      #expect(later.reasons == ["week \(earlier.partition.split(separator: "/")[2]) changed"])
    }
    #expect(aggregation.last?.partition == "athletes/\(athlete)")
    #expect(aggregation.last?.reasons.count == 1)
    #expect(aggregation.last?.reasons.first?.hasPrefix("week ") == true)
    try config.override("scoring.form.depth_weight=0.4")
    let work = try Runner(config: config).explain()
    let features = work.filter { $0.stage == "features" }
    #expect(features.map(\.partition) == ["sessions/\(session)"])
    #expect(features.first?.reasons == ["input sessions/\(session)/session.json changed"])
    let scoring = work.filter { $0.stage == "scoring" }
    #expect(scoring.count == 4)
    #expect(scoring.allSatisfy { $0.reasons.contains("param scoring.form.depth_weight 0.3 → 0.4") })
    #expect(
      scoring.first { $0.partition == "sessions/\(session)" }?.reasons.contains(
        "features of sessions/\(session) changed") == true)
    // Both histories, and each athlete's weeks from their first session's on (wellness-only
    // weeks before it keep their keys): a suffix of the weeks the release was published from.
    let published = try Self.publishedWeeks(out)
    let rerun = work.filter { $0.stage == "aggregation" }.map(\.partition)
    #expect(published.count == 2)
    for (athlete, mondays) in published {
      #expect(rerun.contains("athletes/\(athlete)"))
      let listed = rerun.filter { $0.hasPrefix("athletes/\(athlete)/") }.map {
        String($0.split(separator: "/")[2])
      }
      let weeks = mondays.map { ISODates.isoWeek(day: $0) }
      #expect(!listed.isEmpty && listed == Array(weeks.suffix(listed.count)))
    }
    #expect(work.contains { $0.stage == "publish" })
    // The totals: one line per stage count, then each reason with how many partitions it moves.
    let totals = PlannedWork.totals(work)
    let first = try #require(totals.first)
    #expect(first.hasPrefix("total: \(work.count) to compute ("), "\(first)")
    #expect(first.contains("features 1") && first.contains("scoring 4"), "\(first)")
    #expect(totals.contains("  4 × param scoring.form.depth_weight 0.3 → 0.4"), "\(totals)")
    #expect(totals.contains("  1 × an input file changed, was added or removed"))
    // Explaining computed nothing: the old publication is still current and complete.
    #expect(try Runner(config: config).explain() == work)
  }

  @Test func failingPartitionIsRecordedTheRestPublishedAndTheNextRunRetriesIt() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 53, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    let cleanOut = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out, cleanOut) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: cleanOut)).run()
    // A recording that cannot be read (a FIFO where a file should be) is not the data's fault.
    let session = truth.sessions[2].sessionId
    let pose = dataset.appendingPathComponent("sessions/\(session)/pose.csv")
    let saved = out.deletingLastPathComponent().appendingPathComponent(
      "\(out.lastPathComponent)-pose.csv")
    try FileManager.default.moveItem(at: pose, to: saved)
    defer { TestSupport.remove(saved) }
    #expect(mkfifo(pose.path, 0o644) == 0)

    let runner = Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
    let first = try runner.run()
    #expect(first.exitCode == 3)
    #expect(first.failed.map(\.path) == ["sessions/\(session)"])
    #expect(first.failed.first?.reason.contains("pose.csv") == true)
    #expect(first.quarantined.isEmpty)
    let published = try Self.publishedRows(out)
    #expect(published["workout_session"]?.count == 3)
    // Failures are retried: the next run is not "up to date".
    #expect(!(try runner.run().upToDate))

    try FileManager.default.removeItem(at: pose)
    try FileManager.default.moveItem(at: saved, to: pose)
    let fixed = try runner.run()
    #expect(fixed.exitCode == 0)
    #expect(fixed.featuresComputed == [session])
    #expect(try Self.publishedRows(out) == (try Self.publishedRows(cleanOut)))
    #expect(try runner.run().upToDate)
  }

  /// A run in which no session computes anything the cache keeps (the one session's video
  /// shows no body to scale it by, as a real clip does) still publishes, with the session as
  /// failed: exit 3, never "nothing published: the cache could not be flushed".
  @Test func aRunWhoseEverySessionFailsPublishesAndNamesThem() throws {
    let dataset = try TestSupport.temporaryFolder("every-session-fails")
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let session = try TestSupport.oneSetDataset(
      in: dataset, session: "clip",
      recording: #"{"kind": "pose", "path": "pose.csv", "format": "mediapipe33", "fps": 30}"#,
      exercise: "pull_up")
    // MediaPipe's 33 landmarks, none detected in any frame (zeros, visibility 0).
    let columns = MediaPipeLandmarks.names.flatMap { point in
      ["x", "y", "z", "visibility"].map { "\(point)_\($0)" }
    }
    let frames = (0..<60).map { frame in
      ([String(format: "%.4f", Double(frame) / 30)] + Array(repeating: "0", count: 132))
        .joined(separator: ",")
    }
    try ((["t"] + columns).joined(separator: ",") + "\n" + frames.joined(separator: "\n") + "\n")
      .write(to: session.appendingPathComponent("pose.csv"), atomically: true, encoding: .utf8)

    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    #expect(summary.failed.map(\.path) == ["sessions/clip"])
    #expect(summary.publishedFolder != nil)
    #expect(
      FileManager.default.fileExists(
        atPath: out.appendingPathComponent("current/auralift.sqlite").path))
  }

  @Test func retryFailedRecomputesOnlyTheQuarantinedPartitions() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 54, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let broken = truth.sessions[0].sessionId
    try Data("not json".utf8).write(
      to: dataset.appendingPathComponent("sessions/\(broken)/session.json"))
    let runner = Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
    #expect(try runner.run().quarantined.map(\.path) == ["sessions/\(broken)/session.json"])
    let again = try runner.run()
    #expect(again.upToDate && again.exitCode == 3)
    let retried = try runner.run(.init(retryFailed: true))
    #expect(retried.featuresComputed == [broken])
    #expect(retried.scoringComputed.isEmpty)
  }

  @Test func oneAndTwoWorkersPublishTheSameRows() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 3, seed: 55)
    let one = try TestSupport.temporaryFolder()
    let two = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, one, two) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: one, workers: 1))
      .run()
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: two, workers: 2))
      .run()
    let rows = try Self.publishedRows(one)
    #expect(rows["workout_set"]?.isEmpty == false)
    #expect(rows == (try Self.publishedRows(two)))
    for table in ["workout_set", "ranking_record"] {
      let a = try String(
        contentsOf: one.appendingPathComponent("current/csv/\(table).csv"), encoding: .utf8)
      let b = try String(
        contentsOf: two.appendingPathComponent("current/csv/\(table).csv"), encoding: .utf8)
      #expect(a == b, "\(table).csv differs")
    }
  }

  /// A new session of one athlete: only it is scored, only its athlete's weeks from its own on
  /// are aggregated and written, and the other sessions' rows are kept from the previous
  /// release. The result is what a clean run publishes, row for row and CSV byte for byte; so
  /// is the result of removing another athlete's session, and of a session that moves the
  /// data's last day.
  @Test func aNewSessionReaggregatesOnlyItsAthlete() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 3, sessions: 3, seed: 71)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    func matchesACleanRun() throws {
      try Self.expectMatchesACleanRun(dataset: dataset, out: out, reports: 2 * 5)
    }
    let first = try Runner(config: config).run()
    #expect(first.aggregated == ["a-01", "a-02", "a-03"] && first.rowsKept == 0)
    let everyReport = [
      "athletes/a-01", "athletes/a-02", "athletes/a-03", "coaches/c-1", "coaches/c-2",
    ]
    #expect(try Self.reportsRendered(in: out) == everyReport)
    #expect(first.reportsRendered == everyReport.count)

    // a-02's first session again under a new id, as a new recording of the same day.
    let sessions = dataset.appendingPathComponent("sessions")
    try Self.copySession("s-000004", as: "s-000004-new", in: dataset)
    let added = try Runner(config: config).run()
    #expect(added.scoringComputed == ["s-000004-new"])
    // Its week is a-02's first, so every week of a-02 is recomputed and rewritten; the other
    // athletes' 6 sessions keep their rows.
    #expect(added.aggregated == ["a-02"] && added.rowsKept == 6)
    // Its report and its coach's are rendered; the others, unchanged, are linked.
    let rendered = try Self.reportsRendered(in: out)
    #expect(rendered.contains("athletes/a-02"))
    let coach = try Self.coach(of: "a-02", in: dataset)
    #expect(rendered.contains("coaches/\(coach)"))
    #expect(rendered.count < everyReport.count && added.reportsRendered == rendered.count)
    try matchesACleanRun()

    // One of a-03's sessions (not its last, so the data's last day stays) is gone: a-03's rows
    // from its week on are rewritten; the others' 7 and a-03's in earlier weeks are kept.
    let a03 = try Self.sessionStarts(in: dataset).filter { $0.athlete == "a-03" }
    let gone = try #require(a03.first { $0.id == "s-000008" })
    let earlier = a03.filter {
      Aggregator.monday(ofSession: $0.start) < Aggregator.monday(ofSession: gone.start)
    }
    try FileManager.default.removeItem(at: sessions.appendingPathComponent("s-000008"))
    let removed = try Runner(config: config).run()
    #expect(removed.aggregated == ["a-03"] && removed.rowsKept == 7 + earlier.count)
    try matchesACleanRun()

    // A new session of a-01 weeks after the data's last day: every athlete's recovery, weekly
    // volume and roster line move to the new day, from their cached histories.
    // Today: the latest a session may be (a later one waits for its day).
    let today = ISODates.string(day: RunDay.today())
    _ = try Self.copySession(
      "s-000001", as: "s-000001-late", in: dataset, start: "\(today)T10:00:00Z")
    let later = try Runner(config: config).run()
    // One new week: a-01's earlier weeks come from the cache, every other session's rows stay.
    #expect(later.aggregated == ["a-01"] && later.weeksAggregated == 1 && later.rowsKept == 9)
    // The reporting week moved: every report shows another week.
    #expect(try Self.reportsRendered(in: out) == everyReport)
    #expect(later.reportsRendered == everyReport.count)
    try matchesACleanRun()
    let roster = try String(
      contentsOf: out.appendingPathComponent("current/csv/coach_roster.csv"), encoding: .utf8
    ).split(separator: "\n")
    #expect(roster.contains { $0.contains(",a-01,1,\(today),") })
    #expect(roster.contains { $0.contains(",a-02,0,") && $0.contains("missed_sessions") })
  }

  /// `out`'s publication is what a clean run on `dataset` publishes: rows, CSV files and
  /// `reports` reports (footers aside).
  static func expectMatchesACleanRun(dataset: URL, out: URL, reports: Int) throws {
    let clean = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(clean) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: clean)).run()
    #expect(try publishedRows(out) == publishedRows(clean))
    #expect(try CrashSafetyTests.exports(out) == CrashSafetyTests.exports(clean))
    let published = try publishedReports(out)
    let cleanReports = try publishedReports(clean)
    #expect(published.count == reports && published == cleanReports)
  }

  /// Aggregation is partitioned per athlete and ISO week: a session added to an athlete's
  /// last week recomputes that week alone (the earlier weeks' folds come from the cache) and
  /// rewrites only that week's rows; one added to their first session's week recomputes every
  /// week from it on (1 athlete, 2 coaches: 3 reports in HTML and Markdown).
  /// Either way the publication is a clean run's.
  @Test func aNewSessionRecomputesItsWeekAndTheWeeksAfterIt() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 1, sessions: 8, seed: 72)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    let first = try Runner(config: config).run()
    let starts = try Self.sessionStarts(in: dataset)
    let mondays = starts.map { Aggregator.monday(ofSession: $0.start) }
    #expect(Set(mondays).count >= 3, "the sessions should span several weeks")
    // Wellness days may add weeks without sessions, never fewer weeks.
    #expect(first.weeksAggregated >= Set(mondays).count)

    try Self.copySession(starts.last!.id, as: "\(starts.last!.id)-again", in: dataset)
    let late = try Runner(config: config).run()
    #expect(late.weeksAggregated == 1)
    let inLastWeek = mondays.filter { $0 == mondays.last! }.count + 1
    #expect(late.rowsKept == starts.count + 1 - inLastWeek)
    try Self.expectMatchesACleanRun(dataset: dataset, out: out, reports: 2 * 3)

    // Wellness days before the first session make weeks of their own, which stay.
    let weeks = try #require(Self.publishedWeeks(out).values.first)
    try Self.copySession(starts[0].id, as: "\(starts[0].id)-again", in: dataset)
    let early = try Runner(config: config).run()
    #expect(early.weeksAggregated == weeks.filter { $0 >= mondays[0] }.count)
    #expect(early.rowsKept == 0)
    try Self.expectMatchesACleanRun(dataset: dataset, out: out, reports: 2 * 3)
  }

  /// A new session of `dataset` made from session `id`, under `newId` (the manifest's id
  /// replaced); returns its manifest.
  @discardableResult
  static func copySession(
    _ id: String, as newId: String, in dataset: URL, start: String? = nil
  ) throws -> URL {
    let sessions = dataset.appendingPathComponent("sessions")
    let folder = sessions.appendingPathComponent(newId)
    let manifest = folder.appendingPathComponent("session.json")
    try FileManager.default.copyItem(at: sessions.appendingPathComponent(id), to: folder)
    // Another session, not a copied upload (which counts once): it starts `start`, else some
    // minutes after the original, and its CSV recordings end in as many more blank lines.
    let minutes = newId.utf8.reduce(0) { ($0 * 31 + Int($1)) % 50 } + 1
    var json = try String(contentsOf: manifest, encoding: .utf8)
      .replacingOccurrences(of: "\"\(id)\"", with: "\"\(newId)\"")
    let pattern = #""start_time" : "([^"]*)""#
    let original = try #require(
      json.firstMatch(of: try Regex(pattern)).flatMap { $0.output[1].substring }.map(String.init))
    let moved =
      try start
      ?? ISO8601DateFormatter().string(
        from: try #require(ISO8601DateFormatter().date(from: original)).addingTimeInterval(
          Double(minutes) * 60))
    json = json.replacingOccurrences(of: original, with: moved)
    try json.write(to: manifest, atomically: true, encoding: .utf8)
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".csv") {
      let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(file))
      handle.seekToEndOfFile()
      handle.write(Data(String(repeating: "\n", count: minutes).utf8))
      try handle.close()
    }
    return manifest
  }

  /// Every session of `dataset` (logbook ones too) with its athlete and start, by start.
  static func sessionStarts(in dataset: URL) throws -> [(
    id: String, athlete: String, start: SessionTime
  )] {
    let sessions = dataset.appendingPathComponent("sessions")
    return try FileManager.default.contentsOfDirectory(atPath: sessions.path).map { id in
      let json =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: sessions.appendingPathComponent("\(id)/session.json")))
        as? [String: Any]
      return (
        id, try #require(json?["athlete_id"] as? String),
        try #require(SessionTime(json?["start_time"] as? String ?? ""))
      )
    }.sorted { $0.start < $1.start }
  }

  /// The Mondays of each athlete's weeks in the current release's `partitions.tsv`, in order.
  static func publishedWeeks(_ out: URL) throws -> [String: [Int]] {
    var weeks: [String: [Int]] = [:]
    for line in try String(
      contentsOf: out.appendingPathComponent("current/partitions.tsv"), encoding: .utf8
    ).split(separator: "\n") {
      let cells = line.split(separator: "\t").map(String.init)
      if let monday = ISODates.day(cells[1]) { weeks[cells[0], default: []].append(monday) }
    }
    return weeks
  }

  /// The reports (`athletes/<id>`) the current release rendered: those whose page is not the
  /// previous release's file (a report carried over is a link to it, the same inode).
  static func reportsRendered(in out: URL) throws -> [String] {
    let current = out.appendingPathComponent("current").resolvingSymlinksInPath()
    let previous = try FileManager.default.contentsOfDirectory(
      at: out.appendingPathComponent("releases"), includingPropertiesForKeys: nil
    ).map(\.lastPathComponent).filter { !$0.hasPrefix(".") && $0 != current.lastPathComponent }
      .sorted().last.map { out.appendingPathComponent("releases/\($0)") }
    func inode(_ url: URL) -> UInt64? {
      var info = stat()
      return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
    let stems = try String(
      contentsOf: current.appendingPathComponent("reports.tsv"), encoding: .utf8
    ).split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    return stems.filter { stem in
      let page = current.appendingPathComponent("\(stem).md")
      return previous.flatMap { inode($0.appendingPathComponent("\(stem).md")) } != inode(page)
    }
  }

  /// The coach_id of `athlete` in the dataset's athletes.csv.
  static func coach(of athlete: String, in dataset: URL) throws -> String {
    let lines = try String(
      contentsOf: dataset.appendingPathComponent("athletes.csv"), encoding: .utf8
    ).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let column = try #require(lines.first?.firstIndex(of: "coach_id"))
    return String(try #require(lines.first { $0.first == Substring(athlete) })[column])
  }

  @Test func cacheGarbageCollectionKeepsWhatTheLatestRunUses() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 1, sessions: 3, seed: 56)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    try config.override("scoring.form.depth_weight=0.4")
    _ = try Runner(config: config).run()
    let housekeeping = CacheHousekeeping(out: out)
    let before = try housekeeping.status()
    let scoring = try #require(before.first { $0.stage == "scoring" })
    #expect(scoring.entries == 2 * scoring.entriesInUse)
    // The one athlete's history and weeks: the current release's and the first run's.
    let aggregation = try #require(before.first { $0.stage == "aggregation" })
    #expect(aggregation.entries == 2 && aggregation.entriesInUse == 1)
    let weeks = try #require(before.first { $0.stage == "athlete-week" })
    // Weeks with sessions changed with their scoring; weeks of wellness alone before them did
    // not, and serve both.
    #expect(weeks.entriesInUse > 0 && weeks.entries > weeks.entriesInUse)
    // A bound that fits everything removes nothing; no bound removes the unused scoring and
    // aggregates.
    #expect(try housekeeping.collect(maxBytes: 1 << 40).entries == 0)
    let removed = try housekeeping.collect()
    #expect(removed.entries == scoring.entriesInUse + 1 + weeks.entries - weeks.entriesInUse)
    #expect(try housekeeping.status().allSatisfy { $0.entries == $0.entriesInUse })
    // The latest run's work is all still there; the collected variant is computed again.
    #expect(try Runner(config: config).run().upToDate)
    try config.override("scoring.form.depth_weight=0.3")
    let rerun = try Runner(config: config).run()
    #expect(rerun.featuresComputed.isEmpty)
    #expect(rerun.scoringComputed.count == scoring.entriesInUse)
  }
}
