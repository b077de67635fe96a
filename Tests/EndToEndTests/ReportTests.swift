import AuraDomain
import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

@testable import AuraReports
@testable import AuraStore

/// The reports of the bundled sample dataset, checked against the database they were rendered
/// from; and a generated dataset with a broken recording, for what a coach sees of it.
@Suite(.serialized) struct ReportTests {
  /// The sample's publication the tests read.
  static var sample: Result<URL, any Error> { TestSupport.publishedSample }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: try sample.get().appendingPathComponent(path), encoding: .utf8)
  }

  static func store() throws -> StoreReader { try TestSupport.publishedSampleStore() }

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// The strength table and chart list exercises heaviest first, ties by exercise: they came
  /// in the order of a dictionary's groups, which changes from process to process, so a page
  /// (and its digest, which decides whether it is rendered and mailed again) changed between
  /// runs of the same data.
  @Test func tiedStrengthsAreListedInOneOrder() throws {
    let context = try ReportContext(
      store: try TestSupport.publishedSampleStore(), generatedAt: "2026-11-20T00:00:00Z")
    func row(_ exercise: String, _ week: String, _ kg: Double) -> ReportRows.Strength {
      ReportRows.Strength(
        exerciseId: exercise, isoWeek: week, method: "epley", e1rmKg: kg, lvpR2: nil,
        lvpLoads: nil)
    }
    let rows = [
      row("deadlift", "2026-W46", 120), row("back_squat", "2026-W45", 120),
      row("overhead_press", "2026-W46", 54), row("bench_press", "2026-W45", 73),
      row("romanian_deadlift", "2026-W46", 120),
    ]
    let view = try #require(AthleteWeekBuilder(context: context).strengthView(rows))
    #expect(
      view.rows.map(\.exercise)
        == ["back_squat", "deadlift", "romanian_deadlift", "bench_press", "overhead_press"].map(
          context.exerciseName))
  }

  @Test func everyCoachAndAthleteHasBothReports() throws {
    let store = try Self.store()
    var expected = ["index.html"]
    for id in try store.rows("SELECT id FROM coach").map({ $0[0] }) {
      expected += ["coaches/\(id).html", "coaches/\(id).md"]
    }
    for id in try store.rows("SELECT id FROM user_profile").map({ $0[0] }) {
      expected += ["athletes/\(id).html", "athletes/\(id).md"]
    }
    let folder = try Self.sample.get()
    for path in expected {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
    }
    #expect(expected.count == 1 + 2 * 2 + 3 * 2)
    let index = try Self.text("index.html")
    #expect(index.contains("href=\"coaches/c-1.html\"") && index.contains("Every input was read"))
  }

  @Test func coachRosterRowsMatchTheCoachRosterTable() throws {
    let store = try Self.store()
    let rows = try store.rows(
      """
      SELECT u.username, r.readiness, r.sessions_this_week, r.current_lp, r.lp_change_this_week,
        r.new_records_this_week, r.tier, r.coach_id, r.athlete_id, r.readiness_date, r.iso_week
      FROM coach_roster r JOIN user_profile u ON u.id = r.athlete_id ORDER BY r.athlete_id
      """)
    #expect(rows.count == 3)
    let asOf = try #require(
      try store.rows("SELECT max(substr(start_time, 1, 10)) FROM workout_session").first?[0])
    for row in rows {
      let markdown = try Self.text("coaches/\(row[7]).md")
      // The counts are of the ISO week the page names; a readiness of another day says which.
      #expect(row[10] == ISODates.isoWeek(day: ISODates.day(asOf)!))
      #expect(markdown.contains("· ISO week \(row[10]) ("))
      let readiness =
        String(format: "%.0f", Double(row[1]) ?? .nan)
        + (row[9] == asOf ? "" : " (\(Units.day(row[9])))")
      let change = Int(row[4])!
      let signed = change > 0 ? "+\(change)" : change < 0 ? "−\(-change)" : "0"
      let line = try #require(
        markdown.components(separatedBy: "\n").first {
          $0.hasPrefix("| [\(row[0])](../athletes/\(row[8]).md) | ")
        }, "\(row[0]) has no roster row")
      #expect(line.contains(" | \(readiness) | \(row[2]) | "), "\(line)")
      #expect(line.contains(" | \(row[3]) (\(signed)) | "), "\(line)")
      let html = try Self.text("coaches/\(row[7]).html")
      let value = String(format: "%.0f", Double(row[1]) ?? .nan)
      let day = row[9] == asOf ? "" : "<br><span class=\"sub day\">\(Units.day(row[9]))</span>"
      #expect(html.contains("<td class=\"n\">\(value)\(day)</td><td class=\"n\">\(row[2])</td>"))
      let records = Int(row[5])!
      #expect(
        html.contains("LP \(row[3]) (\(signed))")
          && (records == 0 || html.contains(records == 1 ? "1 new PR" : "\(records) new PRs")))
      // The roster links each athlete's page rather than holding it.
      #expect(html.contains("<a href=\"../athletes/\(row[8]).html\"><b>\(row[0])</b></a>"))
      #expect(!html.contains("<h2>\(row[0]) <span class=\"sub\">"))
    }
    // Each coach sees only their own athletes.
    let rivera = try Self.text("coaches/c-1.md")
    #expect(rivera.contains("iron_mike1") && !rivera.contains("squat_sara2"))
  }

  @Test func athleteReportShowsTheWeekAsTheDatabaseHasIt() throws {
    let store = try Self.store()
    let asOf = try #require(try store.asOfDate().flatMap(ISODates.day))
    let report = try Self.text("athletes/a-02.md")
    // Sessions of the last session day's ISO week, every set with its reps and load.
    let monday = ISODates.mondayOfWeek(day: asOf)
    let sessions = try store.rows(
      "SELECT id, start_time FROM workout_session WHERE user_profile_id = 'a-02' ORDER BY start_time"
    )
    let inWindow = sessions.filter { (ISODates.day($0[1]) ?? 0) >= monday }
    #expect(inWindow.count == 1)
    #expect(
      report.contains(
        "ISO week \(ISODates.isoWeek(day: asOf)) (Mon 16 Nov – Sun 22 Nov 2026), data to Wed 18 Nov"
      ))
    // Plus the latest recorded session, as none in the window was recorded.
    let recorded = try store.rows(
      """
      SELECT s.id FROM workout_session s JOIN workout_set w ON w.session_id = s.id
      WHERE s.user_profile_id = 'a-02' AND w.source != 'log' ORDER BY s.start_time DESC LIMIT 1
      """)[0][0]
    // Each shown session is headed by its day and time; no session id is shown.
    let headings = report.split(separator: "\n").filter { $0.hasPrefix("#### ") }
    let shown = sessions.filter { inWindow.contains($0) || $0[0] == recorded }
    #expect(headings.count == shown.count, "\(headings)")
    for session in shown {
      let time = String(session[1].dropFirst(11).prefix(5))
      #expect(headings.contains { $0.hasSuffix(", \(time)") }, "\(session[1])")
    }
    for session in sessions { #expect(!report.contains(session[0]), "\(session[0]) is shown") }
    for set in try store.rows(
      """
      SELECT w.set_number, e.name, w.reps, w.weight_kg FROM workout_set w
      JOIN exercise e ON e.id = w.exercise_id WHERE w.session_id = '\(inWindow[0][0])'
      """)
    {
      let load = Double(set[3])!
      let kg = load == load.rounded() ? String(Int(load)) : String(format: "%.1f", load)
      #expect(report.contains("| \(set[0]) | \(set[1]) | \(set[2]) | \(kg) kg |"))
    }
    // Readiness: the latest day with a score, and its four factors.
    let readiness = try #require(
      try store.rows(
        "SELECT readiness, hrv_component FROM readiness WHERE athlete_id = 'a-02' AND readiness IS NOT NULL ORDER BY date DESC LIMIT 1"
      ).first)
    #expect(report.contains(": \(String(format: "%.0f", Double(readiness[0])!))/100"))
    #expect(report.contains("| HRV (RMSSD) | \(String(format: "%.0f", Double(readiness[1])!)) |"))
    // Weekly sets of the ISO week, each with its band.
    let volume = try store.rows(
      "SELECT muscle, sets FROM weekly_muscle_volume WHERE athlete_id = 'a-02' AND iso_week = '\(ISODates.isoWeek(day: asOf))'"
    )
    #expect(!volume.isEmpty)
    for row in volume {
      let name = MuscleGroupType(rawValue: row[0])!.displayName
      #expect(report.contains("| \(name) | \(String(format: "%.1f", Double(row[1])!)) | "))
    }
    // Records worth telling, set in the window, one line each.
    let records = try store.rows(
      "SELECT achieved_at FROM personal_record WHERE athlete_id = 'a-02' AND notable = 1"
    ).filter { (ISODates.day($0[0]) ?? 0) >= monday }
    let section = try #require(report.components(separatedBy: "### New personal records").last)
    let table = section.components(separatedBy: "\n\n").dropFirst().first ?? ""
    if records.isEmpty {
      #expect(table.hasPrefix("None this week."))
    } else {
      #expect(Self.count("\n", in: table) + 1 == records.count + 2)
    }
    // With no recording this week, the latest recorded session is shown with per-rep velocity.
    #expect(report.contains("### Latest recorded session"))
    #expect(report.contains("- Set 1 velocity per rep: "))
    // The footer names the code, the parameters and the data window.
    let run = try #require(try store.runRow())
    #expect(
      report.contains("code \(run.codeVersion) · parameters \(run.parametersHash.prefix(12))"))
    #expect(report.contains("data 2026-"))
  }

  @Test func htmlIsSelfContainedAndEveryChartIsLabelled() throws {
    let folder = try Self.sample.get()
    var pages = ["index.html"]
    for kind in ["athletes", "coaches"] {
      pages += try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(kind).path
      ).filter { $0.hasSuffix(".html") }.map { "\(kind)/\($0)" }
    }
    #expect(pages.count == 6)
    for page in pages {
      let html = try Self.text(page)
      #expect(html.hasPrefix("<!DOCTYPE html>"))
      #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("https://"))
      #expect(
        Self.count("http://", in: html)
          == Self.count("xmlns=\"http://www.w3.org/2000/svg\"", in: html))
      #expect(html.contains("name=\"viewport\" content=\"width=device-width"))
      #expect(Self.count("<svg ", in: html) == Self.count("<title id=", in: html))
      #expect(html.contains("<footer>AuraLift Analytics · code "))
    }
    // a-02's recorded session: one velocity chart per recorded set with two or more reps.
    let store = try Self.store()
    let recordedSets = try store.rows(
      "SELECT COUNT(*) FROM rep WHERE session_id = 's-000009' GROUP BY set_number HAVING COUNT(*) >= 2"
    ).count
    let athlete = try Self.text("athletes/a-02.html")
    #expect(recordedSets >= 2)
    #expect(Self.count("velocity per rep</title>", in: athlete) == recordedSets)
    #expect(
      athlete.contains("Estimated muscle recovery") && athlete.contains("Readiness Sun 22 Nov"))
  }

  @Test func markdownTablesKeepTheirShape() throws {
    let folder = try Self.sample.get()
    for kind in ["athletes", "coaches"] {
      for name in try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(kind).path) where name.hasSuffix(".md")
      {
        var columns: Int? = nil
        for line in try Self.text("\(kind)/\(name)").split(
          separator: "\n", omittingEmptySubsequences: false)
        {
          guard line.hasPrefix("|") else {
            columns = nil
            continue
          }
          let pipes = Self.count("|", in: String(line)) - Self.count("\\|", in: String(line))
          if let columns { #expect(pipes == columns, "\(kind)/\(name): \(line)") }
          columns = pipes
        }
      }
    }
  }

  @Test func reportCommandRendersTheSameReportsFromTheDatabaseAlone() throws {
    let folder = try Self.sample.get()
    let again = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(again) }
    // A report an earlier rendering wrote, of an athlete no longer in the data, is removed.
    let athletes = again.appendingPathComponent("athletes")
    try FileManager.default.createDirectory(at: athletes, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: athletes.appendingPathComponent("a-99.md"))
    try Data("athletes/a-99\told\n".utf8).write(to: again.appendingPathComponent("reports.tsv"))
    let written = try ReportRefresh(
      out: folder.deletingLastPathComponent(), folder: again
    ).render(waitForLock: 0)
    #expect(written.paths.count == 11)
    #expect(
      !FileManager.default.fileExists(atPath: athletes.appendingPathComponent("a-99.md").path))
    func withoutTime(_ text: String) -> String {
      text.replacingOccurrences(
        of: "generated [0-9T:Z-]+", with: "generated …", options: .regularExpression)
    }
    for path in written.paths {
      let first = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      let second = try String(contentsOf: again.appendingPathComponent(path), encoding: .utf8)
      #expect(withoutTime(first) == withoutTime(second), "\(path)")
    }
  }

  /// A rendering asked for while a run publishes (here: set up before it) renders what the
  /// run published, not the release it replaced, which keep_releases: 1 has removed.
  @Test func aReportRendersTheReleaseCurrentWhenItHoldsTheLock() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    config.retention.keepReleases = 1
    _ = try Runner(config: config).run()
    let first = out.appendingPathComponent("current").resolvingSymlinksInPath()
    let refresh = ReportRefresh(out: out)
    _ = try RunnerTests.copySession("s-000004", as: "s-000004-new", in: dataset)
    _ = try Runner(config: config).run()
    let second = out.appendingPathComponent("current").resolvingSymlinksInPath()
    #expect(second != first)
    #expect(!FileManager.default.fileExists(atPath: first.path))
    let rendered = try refresh.render(waitForLock: 0)
    #expect(rendered.database.deletingLastPathComponent().path == second.path)
    #expect(rendered.paths.count > 0)
  }

  /// A date the database holds that is not one fails the reports with the column and value,
  /// instead of being read as 1 January 1970 (in or out of the window, silently).
  @Test func aDateThatIsNotOneFailsTheReportNamingItsColumn() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    for (table, column) in [
      ("personal_record", "achieved_at"), ("ranking_record", "record_date"),
      ("recovery_snapshot", "snapshot_date"),
    ] {
      let database = folder.appendingPathComponent("\(table).sqlite")
      try FileManager.default.copyItem(
        at: try Self.sample.get().appendingPathComponent("auralift.sqlite"), to: database)
      let queue = try DatabaseQueue(path: database.path)
      try queue.write { db in
        try db.execute(sql: "UPDATE \(table) SET \(column) = 'last tuesday'")
      }
      try queue.close()
      #expect {
        try ReportWriter.writeAll(
          store: try StoreReader(databasePath: database.path),
          folder: folder.appendingPathComponent(table), generatedAt: "2026-11-26T00:00:00Z")
      } throws: { error in
        "\(error)".contains("\(table).\(column) holds 'last tuesday', which is not a date")
      }
    }
  }

  @Test func coachSeesTheirAthletesBrokenRecording() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 3, seed: 36, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let broken = truth.sessions[0]
    let pose = dataset.appendingPathComponent("sessions/\(broken.sessionId)/pose.csv")
    var lines = try String(contentsOf: pose, encoding: .utf8).components(separatedBy: "\n")
    var fields = lines[5].components(separatedBy: ",")
    // A column the features measure (the others are left unparsed).
    fields[lines[0].components(separatedBy: ",").firstIndex(of: "left_knee_x")!] = "abc"
    lines[5] = fields.joined(separator: ",")
    try lines.joined(separator: "\n").write(to: pose, atomically: true, encoding: .utf8)
    let manifest = try JSONSerialization.jsonObject(
      with: Data(
        contentsOf: dataset.appendingPathComponent("sessions/\(broken.sessionId)/session.json")))
    let athlete = try #require((manifest as? [String: Any])?["athlete_id"] as? String)
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let coach = try #require(
      try store.rows("SELECT coach_id FROM user_profile WHERE id = '\(athlete)'").first?
        .first)
    let report = try String(
      contentsOf: out.appendingPathComponent("current/coaches/\(coach).md"), encoding: .utf8)
    let name = try #require(
      try store.rows("SELECT username FROM user_profile WHERE id = '\(athlete)'").first?.first)
    #expect(report.contains("- **check** [\(name)](../athletes/\(athlete).md): 1 input set aside"))
    #expect(
      report.contains(
        "- ⚠ \(name), set aside: sessions/\(broken.sessionId)/pose.csv line 6 (the session of "))
    #expect(try store.rows("SELECT athlete_id FROM quarantine") == [[athlete]])
    let page = try String(
      contentsOf: out.appendingPathComponent("current/athletes/\(athlete).html"), encoding: .utf8)
    #expect(page.contains("Set aside from this report"))
    #expect(page.contains("sessions/\(broken.sessionId)/pose.csv line 6"))
    #expect(try store.count("workout_session") == truth.sessions.count)
  }
}

/// "Needs attention" gives each flag's number, threshold and date and links to the evidence;
/// the roster puts who needs a look first; every rule is on the page.
@Suite struct AttentionTests {
  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func everyFlagComesWithItsNumberThresholdAndLinkAndTheRosterIsByUrgency() throws {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 6, sessions: 6, seed: 44, logOnlyShare: 0.2)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    // A high bar for readiness, so that the week flags some athletes for it.
    try config.override("aggregation.roster.low_readiness=75")
    // And a low one for velocity loss (2 sets 5 points past 20 %), so that it flags some too.
    try config.override("aggregation.roster.velocity_loss_margin_pts=5")
    _ = try Runner(config: config).run()
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let roster = try store.rows(
      """
      SELECT r.coach_id, r.athlete_id, u.username, coalesce(r.flags, ''), r.readiness,
        r.readiness_date
      FROM coach_roster r JOIN user_profile u ON u.id = r.athlete_id
      """)
    let flagged = roster.filter { !$0[3].isEmpty }
    #expect(flagged.contains { $0[3].contains("low_readiness") }, "\(roster)")
    #expect(flagged.contains { $0[3].contains("velocity_loss") }, "\(roster)")
    for coach in Set(roster.map { $0[0] }) {
      let page = try String(
        contentsOf: out.appendingPathComponent("current/coaches/\(coach).md"), encoding: .utf8)
      let lines = page.components(separatedBy: "\n")
      for athlete in roster where athlete[0] == coach {
        let reasons = lines.compactMap { line -> String? in
          // "- **act** [name](../athletes/a-01.md): text", without the severity.
          guard line.hasPrefix("- **"), let name = line.range(of: "** [") else { return nil }
          let rest = "- [" + line[name.upperBound...]
          return rest.hasPrefix("- [\(athlete[2])](../athletes/\(athlete[1]).md): ") ? rest : nil
        }
        let link = "- [\(athlete[2])](../athletes/\(athlete[1]).md): "
        #expect(reasons.count == athlete[3].split(separator: ",").count, "\(athlete)")
        if athlete[3].contains("low_readiness") {
          let value = String(format: "%.0f", Double(athlete[4])!)
          let day = Units.day(athlete[5])
          #expect(
            reasons.contains(link + "readiness \(value) on \(day) (flagged below 75)"),
            "\(reasons)")
        }
        if athlete[3].contains("velocity_loss") {
          // The set it names lost at least what the rule counts: the number never contradicts it.
          let reason = try #require(
            reasons.first { $0.contains("velocity loss ") && $0.contains(" set ") },
            "\(reasons)")
          #expect(
            reason.contains(" more set")
              && reason.hasSuffix(
                " past 25 % (flagged at 2 sets past 25 %, 5 points past the auto-stop at 20 %)"),
            "\(reason)")
          let shown = reason.components(separatedBy: "velocity loss ")[1].prefix { $0 != " " }
          #expect(try #require(Double(shown)) >= 25, "\(reason)")
        }
      }
      // Rows by their most urgent flag's severity (act, watch, check), then those without.
      let rows = lines.filter { $0.hasPrefix("| [") }
      let levels = rows.map { row in
        ["| **act**", "| **watch**", "| **check**"].firstIndex { row.contains($0) } ?? 3
      }
      #expect(levels == levels.sorted(), "\(rows)")
      #expect(levels.filter { $0 < 3 }.count == flagged.filter { $0[0] == coach }.count)
      #expect(page.contains("## How flags are set"))
      #expect(page.contains("Weekly sets below MEV or above MRV are shown, not flagged"))
      // Each athlete's last 8 ISO weeks; this week's hard sets as the database has them.
      let monday = ISODates.mondayOfWeek(
        day: ISODates.day(
          try #require(
            try store.rows("SELECT max(substr(start_time, 1, 10)) FROM workout_session").first?[0]))!
      )
      for athlete in roster where athlete[0] == coach {
        let trend = try #require(
          lines.first { $0.hasPrefix("- \(athlete[2]): readiness ") }, "\(athlete[2]) has no trend")
        let hard = try #require(trend.components(separatedBy: "; hard sets ").last)
          .components(separatedBy: " · ")
        #expect(hard.count == 8, "\(trend)")
        let counted = try store.rows(
          """
          SELECT count(*) FROM workout_set w JOIN workout_session s ON s.id = w.session_id
          WHERE s.user_profile_id = '\(athlete[1])' AND substr(s.start_time, 1, 10) >= '\(ISODates.string(day: monday))'
            AND coalesce(w.rpe, w.rpe_estimated, 0) >= 7
          """)[0][0]
        let sessions = try store.rows(
          "SELECT count(*) FROM workout_session WHERE user_profile_id = '\(athlete[1])' AND substr(start_time, 1, 10) >= '\(ISODates.string(day: monday))'"
        )[0][0]
        #expect(hard.last == (sessions == "0" ? "–" : counted), "\(trend)")
      }
      // Every term the pages use is explained once on each.
      #expect(Self.count("### What the terms mean", in: page) == 1)
      for term in ["LP", "XP", "Combo", "DOTS", "MEV · MAV · MRV", "RPE", "RIR", "Velocity loss"] {
        #expect(page.contains("- **\(term)**: "), "\(term) is not explained")
      }
      let html = try String(
        contentsOf: out.appendingPathComponent("current/coaches/\(coach).html"), encoding: .utf8)
      for athlete in flagged where athlete[0] == coach {
        let target = try String(
          contentsOf: out.appendingPathComponent("current/athletes/\(athlete[1]).html"),
          encoding: .utf8)
        if athlete[3].contains("low_readiness") {
          #expect(html.contains("<a href=\"../athletes/\(athlete[1]).html#readiness\">"))
          #expect(target.contains("<section id=\"readiness\">"))
        }
        // A velocity-loss flag links to the row of the very set it names.
        if athlete[3].contains("velocity_loss") {
          let prefix = "../athletes/\(athlete[1]).html#set-"
          let anchor = try #require(
            html.components(separatedBy: "href=\"" + prefix).dropFirst().first?
              .prefix { $0 != "\"" }, "\(athlete[1])'s flag links to no set")
          #expect(target.contains("<tr id=\"set-\(anchor)\">"), "\(anchor)")
        }
      }
    }
  }
}

/// The reports read the run's parameters back from the `run` table's text.
@Suite struct RecordedParametersTests {
  @Test func thePipelineFileReadsBackFromItsRecordedText() throws {
    let parameters = try PipelineConfig.load(
      path: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml").path
    ).parameters
    let recorded = parameters.described
    #expect(recorded.contains("aggregation.volume_landmarks.quadriceps = ["))
    #expect(ParameterSet(described: recorded) == parameters)
    #expect(ParameterValue(described: "[8,12,16,20]") == .list([8, 12, 16, 20]))
    #expect(ParameterValue(described: "0.3") == .number(0.3))
    #expect(ParameterValue(described: "true") == .flag(true))
    #expect(ParameterValue(described: "dots") == .text("dots"))
  }

  /// `--set key=value` reads values the same way, and takes a list with or without brackets.
  @Test func overridesReadValuesAsRecorded() throws {
    var config = try PipelineConfig.load(
      path: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml").path)
    let landmarks = "aggregation.volume_landmarks.quadriceps"
    for (raw, expected) in [
      ("8,12,16,20", ParameterValue.list([8, 12, 16, 20])),
      ("[6,10,14,18]", .list([6, 10, 14, 18])),
    ] {
      try config.override("\(landmarks)=\(raw)")
      #expect(config.parameters[landmarks] == expected)
    }
    try config.override("scoring.form.depth_weight=0.4")
    #expect(config.parameters["scoring.form.depth_weight"] == .number(0.4))
    try config.override("aggregation.ranking.points_formula=wilks")
    #expect(config.parameters["aggregation.ranking.points_formula"] == .text("wilks"))
    #expect(throws: PipelineError.self) { try config.override("no.such.key=1") }
  }
}

/// The view conversion behind fast template lookups renders exactly what the structs did.
@Suite struct TemplateValueTests {
  struct Row {
    var label: String
    var note: String?
  }
  struct View {
    var title: String
    var count: Int
    var flag: Bool
    var rows: [Row]
    var extra: Row?
  }

  @Test func structsBecomeDictionariesAndNilFieldsAreLeftOut() throws {
    let view = View(
      title: "Week", count: 3, flag: true,
      rows: [Row(label: "a", note: "n"), Row(label: "b", note: nil)], extra: nil)
    let converted = try #require(TemplateValue.convert(view) as? [String: Any])
    #expect(converted["title"] as? String == "Week" && converted["count"] as? Int == 3)
    #expect(converted["flag"] as? Bool == true && converted["extra"] == nil)
    let rows = try #require(converted["rows"] as? [Any])
    let second = try #require(rows.last as? [String: Any])
    #expect(second["label"] as? String == "b" && second.keys.sorted() == ["label"])
    let renderer = try ReportRenderer()
    // Rendered through a real template (the index), the converted and plain views agree.
    let index = ReportIndex(
      window: "Mon 16 Nov", coaches: [.init(name: "Rivera", path: "coaches/c-1")], athletes: [],
      quarantined: [])
    let plain = renderer.html.render(index, withTemplate: "index")
    #expect(plain != nil && renderer.html("index", index) == plain)
  }
}
