import AuraDomain
import AuraIngest
import AuraPipeline
import AuraStore
import AuraSynth
import AuraTestSupport
import Foundation
import Testing

/// The whole pipeline on generated datasets: publication, truth, caching and quarantine.
@Suite(.serialized) struct PipelineTests {
  @Test func publishesEveryTableAndMatchesTruth() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(athletes: 3, sessions: 4, seed: 31)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    // A guild name with a comma and quotes, for the CSV exports' quoting.
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let table = try String(contentsOf: athletes, encoding: .utf8)
    #expect(table.contains(",Bar Benders,"))
    try table.replacingOccurrences(of: ",Bar Benders,", with: ",\"Bar \"\"Iron\"\" Benders, Ltd\",")
      .write(to: athletes, atomically: true, encoding: .utf8)
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.quarantined.isEmpty)
    #expect(!summary.upToDate)
    let database = out.appendingPathComponent("current/auralift.sqlite").path
    let store = try StoreReader(databasePath: database)
    // Every generated athlete has sessions and a bodyweight: nobody is left off a leaderboard,
    // and nobody has left athletes.csv.
    for table in StoreReader.tables
    where !["quarantine", "leaderboard_exclusion", "departed_athlete"].contains(table) {
      #expect(try store.count(table) > 0, "table \(table) is empty")
    }
    #expect(try store.count("leaderboard") == 3 + 3)  // overall and each athlete's guild
    // Each CSV export holds exactly its table's rows: header, quoting (the run's parameter
    // list has commas and line breaks), NULL as an empty field, numbers that read back equal.
    for table in StoreReader.tables {
      let csv = try Data(contentsOf: out.appendingPathComponent("current/csv/\(table).csv"))
      var exported: [[String]] = []
      try CSVReader.forEachRow(in: csv, path: "\(table).csv") { row in
        exported.append((0..<row.count).map { row.string($0) })
      }
      let columns = try store.rows("SELECT name FROM pragma_table_info('\(table)')").map(\.[0])
      #expect(exported.first == columns, "\(table) header")
      func canonical(_ rows: [[String]]) -> [[String]] {
        rows.map { $0.map { field in Double(field).map { String($0) } ?? field } }
          .sorted { $0.lexicographicallyPrecedes($1) }
      }
      #expect(
        canonical(Array(exported.dropFirst()))
          == canonical(try store.rows("SELECT * FROM \(table)")),
        "\(table) rows")
    }
    let guilds = try String(
      contentsOf: out.appendingPathComponent("current/csv/guild_membership.csv"), encoding: .utf8)
    #expect(guilds.contains(",\"Bar \"\"Iron\"\" Benders, Ltd\","))
    // Reps per set exactly as generated; ROM and velocity within the skeleton's tolerances.
    var romErrors: [Double] = []
    var velocityErrors: [Double] = []
    for session in truth.sessions {
      for set in session.sets {
        let id = "\(session.sessionId)#\(set.setNumber)"
        let reps = try store.value("workout_set", column: "reps", whereColumn: "id", equals: id)
        #expect(reps == Double(set.reps), "\(id)")
        if let rom = try store.value(
          "workout_set", column: "rom_degrees", whereColumn: "id", equals: id)
        {
          romErrors.append(abs(rom - set.repList.map(\.romDegrees).reduce(0, +) / Double(set.reps)))
        }
        if let mcv = try store.value(
          "workout_set", column: "average_concentric_velocity", whereColumn: "id", equals: id)
        {
          velocityErrors.append(
            abs(
              mcv - set.repList.map(\.movingMeanConcentricVelocity).reduce(0, +)
                / Double(set.reps)))
        }
      }
    }
    #expect(romErrors.count > 5)
    #expect(romErrors.reduce(0, +) / Double(romErrors.count) < 3)
    #expect(velocityErrors.reduce(0, +) / Double(velocityErrors.count) < 0.06)
    // A day's recovery snapshot links to the muscle least recovered that day.
    let links = try store.rows(
      """
      SELECT s.muscle_group_id, h.recovery,
        (SELECT MIN(recovery) FROM recovery_heatmap m
         WHERE m.athlete_id = s.user_profile_id AND m.date = s.snapshot_date)
      FROM recovery_snapshot s JOIN muscle_group g ON g.id = s.muscle_group_id
      JOIN recovery_heatmap h ON h.athlete_id = s.user_profile_id AND h.date = s.snapshot_date
        AND h.muscle = g.name
      """)
    #expect(links.count > 10)
    #expect(links.allSatisfy { $0[1] == $0[2] && Double($0[1])! < 100 })
    let reports = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("current/athletes").path)
    #expect(
      reports.sorted() == [
        "a-01.html", "a-01.md", "a-02.html", "a-02.md", "a-03.html", "a-03.md",
      ])
    let report = try String(
      contentsOf: out.appendingPathComponent("current/athletes/a-01.md"), encoding: .utf8)
    #expect(report.contains("### Weekly sets per muscle"))
  }

  @Test func rerunIsUpToDateAndOneChangedSessionRerunsAlone() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 3, seed: 32)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let runner = Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
    let first = try runner.run()
    #expect(first.featuresComputed.count == 6)
    let second = try runner.run()
    #expect(second.upToDate)
    #expect(second.featuresComputed.isEmpty && second.scoringComputed.isEmpty)

    let manifest = dataset.appendingPathComponent("sessions/s-000002/session.json")
    var text = try String(contentsOf: manifest, encoding: .utf8)
    text += "\n"
    try text.write(to: manifest, atomically: true, encoding: .utf8)
    let third = try runner.run()
    #expect(!third.upToDate)
    #expect(third.featuresComputed == ["s-000002"])
    #expect(third.scoringComputed == ["s-000002"])
  }

  @Test func scoringParameterChangeRerunsOnlyScoring() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 2, seed: 33)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    try config.override("scoring.form.depth_weight=0.7")
    let summary = try Runner(config: config).run()
    #expect(summary.featuresComputed.isEmpty)
    #expect(summary.scoringComputed.count == 4)
  }

  @Test func aMalformedRecordingIsSetAsideAndItsSessionsLoggedSetsPublished() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 3, seed: 34, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let broken = truth.sessions[0].sessionId
    // Text in a column the features measure sets the recording aside (the session is published
    // from its log); in one they do not (the nose, left unparsed) it is no error.
    func corrupt(_ session: String, column: String) throws {
      let pose = dataset.appendingPathComponent("sessions/\(session)/pose.csv")
      var lines = try String(contentsOf: pose, encoding: .utf8).components(separatedBy: "\n")
      var fields = lines[5].components(separatedBy: ",")
      fields[lines[0].components(separatedBy: ",").firstIndex(of: column)!] = "abc"
      lines[5] = fields.joined(separator: ",")
      try lines.joined(separator: "\n").write(to: pose, atomically: true, encoding: .utf8)
    }
    try corrupt(broken, column: "left_knee_x")
    try corrupt(truth.sessions[1].sessionId, column: "nose_x")

    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    let problem = try #require(summary.quarantined.first)
    #expect(problem.path == "sessions/\(broken)/pose.csv")
    #expect(problem.line == 6)
    #expect(problem.reason.contains("'abc' is not a number"))
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: dataset.appendingPathComponent("sessions/\(broken)/session.json")))
        as? [String: Any])
    #expect(problem.athleteId == manifest["athlete_id"] as? String)
    #expect(try store.count("quarantine") == 1)
    #expect(try store.count("workout_session") == 6)
    let logged = try #require(manifest["sets"] as? [[String: Any]]).map {
      [String(describing: $0["reps"]!)]
    }
    #expect(
      try store.rows(
        "SELECT reps FROM workout_set WHERE session_id = '\(broken)' ORDER BY set_number")
        == logged)
  }

  /// An athlete athletes.csv no longer holds takes their sessions and every table's days with
  /// them: one cause, printed as one entry that names all it left out.
  @Test func anAthleteMissingFromAthletesCsvIsOneEntryNamingEverythingLeftOut() throws {
    let home = try TestSupport.temporaryFolder("missing-athlete")
    defer { TestSupport.remove(home) }
    let dataset = try TestSupport.sampleCopy(in: home)
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let rows = try String(contentsOf: athletes, encoding: .utf8).components(separatedBy: "\n")
    try rows.filter { !$0.hasPrefix("a-03,") }.joined(separator: "\n")
      .write(to: athletes, atomically: true, encoding: .utf8)
    let summary = try Runner(
      config: try TestSupport.pipelineConfig(
        dataset: dataset, out: home.appendingPathComponent("out"))
    ).run()
    #expect(summary.exitCode == 3)
    #expect(summary.quarantined.count > 2, "each table's rows and the sessions are kept apart")
    #expect(summary.quarantined.allSatisfy { $0.missingAthlete == "a-03" })
    let causes = summary.quarantinedByCause
    #expect(causes.count == 1, "\(causes)")
    let entry = try #require(causes.first)
    #expect(entry.path == "athletes.csv" && entry.missingAthlete == "a-03")
    #expect(entry.reason.hasPrefix("no athlete 'a-03'"))
    let sessions = summary.quarantined.filter { $0.path.hasPrefix("sessions/") }.count
    #expect(sessions > 0 && entry.reason.contains("\(sessions) sessions ("), "\(entry.reason)")
    #expect(entry.reason.contains("wellness.csv ") && entry.reason.contains(" rows (lines "))
  }

  @Test func mixedGoodAndBadSessionsPublishEveryGoodOneIntact() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 4, seed: 35, logOnlyShare: 0,
      poseFormats: SynthConfig.allPoseFormats, imuFormats: SynthConfig.allImuFormats)
    let cleanOut = try TestSupport.temporaryFolder()
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, cleanOut, out) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: cleanOut)).run()
    // Break four sessions in four ways.
    let ids = truth.sessions.map(\.sessionId)
    func manifest(_ id: String) -> URL {
      dataset.appendingPathComponent("sessions/\(id)/session.json")
    }
    func edit(_ id: String, _ change: (String) -> String) throws {
      let text = try String(contentsOf: manifest(id), encoding: .utf8)
      try change(text).write(to: manifest(id), atomically: true, encoding: .utf8)
    }
    try edit(ids[0]) { $0.replacingOccurrences(of: "\"a-", with: "\"nobody-") }
    try edit(ids[1]) {
      $0.replacingOccurrences(
        of: "\"exercise\" : \"", with: "\"exercise\" : \"Underwater ", options: [],
        range: $0.range(of: "\"exercise\" : \""))
    }
    try edit(ids[2]) {
      $0.replacingOccurrences(
        of: "\"path\" : \"", with: "\"path\" : \"../../", options: [],
        range: $0.range(of: "\"path\" : \""))
    }
    try Data().write(to: manifest(ids[3]))
    let bad = Set(ids.prefix(4))

    let report = DatasetValidator.validate(
      root: dataset, settings: .init(minimumPoseConfidence: 0.3))
    #expect(report.problems.count == 4)
    #expect(Set(report.problems.map { $0.path.split(separator: "/")[1] }.map(String.init)) == bad)

    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    #expect(Set(summary.quarantined.map { String($0.path.split(separator: "/")[1]) }) == bad)
    let query =
      "SELECT session_id, set_number, reps, average_concentric_velocity, rom_degrees FROM workout_set ORDER BY session_id, set_number"
    let clean = try StoreReader(
      databasePath: cleanOut.appendingPathComponent("current/auralift.sqlite").path
    ).rows(query)
    let mixed = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path
    ).rows(query)
    let cleanGood = clean.filter { !bad.contains($0[0]) }
    #expect(!cleanGood.isEmpty)
    #expect(mixed.filter { $0[0] != ids[2] } == cleanGood)
    // The session whose recording leaves the dataset is published from its log alone.
    #expect(mixed.filter { $0[0] == ids[2] }.count == truth.sessions[2].sets.count)
  }

  /// A set whose movement the camera lost is published without a count, with the reason, and
  /// its athlete's report says so; the other sets keep theirs.
  @Test func aSetTheCameraLostIsPublishedWithoutACount() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 43, logOnlyShare: 0, poseFormats: ["vision19"])
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    // The latest session, which the athlete's report shows set by set.
    let session = try #require(truth.sessions.last)
    let lost = session.sets[0]
    let pose = dataset.appendingPathComponent("sessions/\(session.sessionId)/pose.csv")
    let header = try #require(
      try String(contentsOf: pose, encoding: .utf8).split(separator: "\n").first)
    let joints = header.split(separator: ",").filter { $0.hasSuffix("_c") }.map {
      String($0.dropLast(2))
    }
    // Nothing detected over the middle 70 % of the first set.
    let length = lost.endSeconds - lost.startSeconds
    try TestSupport.hideJoints(
      joints, during: (lost.startSeconds + 0.2 * length)...(lost.endSeconds - 0.1 * length),
      in: pose)
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.quarantined.isEmpty)
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let rows = try store.rows(
      "SELECT set_number, reps, reps_unknown_reason, reps_low, reps_high FROM workout_set WHERE session_id = '\(session.sessionId)' ORDER BY set_number"
    )
    #expect(rows.count == session.sets.count)
    #expect(rows[0][1] == "")
    #expect(rows[0][2].hasPrefix("the recording lost the movement"), "\(rows[0])")
    // The reps found on the part seen, widened as far as any class of count was off: the
    // set's true count within it.
    let (low, high) = (try #require(Int(rows[0][3])), try #require(Int(rows[0][4])))
    #expect((low...high).contains(lost.reps), "\(rows[0])")
    for (row, set) in zip(rows.dropFirst(), session.sets.dropFirst()) {
      #expect(row[1] == String(set.reps))
      #expect(row[2] == "")
      #expect(Int(row[3])! <= set.reps && set.reps <= Int(row[4])!, "\(row)")
    }
    let athlete = try #require(
      try store.rows(
        "SELECT user_profile_id FROM workout_session WHERE id = '\(session.sessionId)'"
      ).first?.first)
    for format in ["html", "md"] {
      let report = try String(
        contentsOf: out.appendingPathComponent("current/athletes/\(athlete).\(format)"),
        encoding: .utf8)
      #expect(report.contains("\(low)–\(high), estimated (logged \(lost.reps))"), "\(format)")
      #expect(report.contains("Reps not countable from this recording: the recording lost"))
      #expect(report.contains("Estimated from the recording: \(low)–\(high) reps"))
    }
  }

  /// A recorded set in which no rep is found is never published with 0 reps: with nothing
  /// logged its count is unknown, with the reason.
  @Test func aRecordedSetWithoutARepFoundIsNeverPublishedAsZero() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 12, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    // Set 1 of the first session: its bounds on the rest before it, so no rep lies inside
    // them, and no reps logged.
    for session in truth.sessions.prefix(1) {
      let file = dataset.appendingPathComponent("sessions/\(session.sessionId)/session.json")
      var manifest = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      var sets = try #require(manifest["sets"] as? [[String: Any]])
      sets[0]["start_s"] = 0.2
      sets[0]["end_s"] = 1.6
      sets[0]["reps"] = nil
      manifest["sets"] = sets
      try JSONSerialization.data(withJSONObject: manifest).write(to: file)
    }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let rows = try store.rows(
      "SELECT session_id, reps, reps_unknown_reason FROM workout_set WHERE set_number = 1 ORDER BY session_id"
    )
    #expect(rows.count == 2)
    #expect(rows[0][1] == "" && rows[0][2].hasPrefix("the recording holds no rep"), "\(rows[0])")
    #expect(try store.rows("SELECT count(*) FROM workout_set WHERE reps = 0")[0][0] == "0")
  }
}
