import AuraDomain
import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// A gym's ordinary logbook mistakes never become records: a load typed ten times too heavy
/// is kept in the logbook, counts toward no record, and is named on the coach's page, until a
/// person confirms it.
@Suite struct TrustedEntryTests {
  /// A logbook set of a generated gym: its session, set number, exercise and athlete.
  struct Target {
    var manifest: URL
    var setNumber: Int
    var exercise: String
    var athlete: String
  }

  /// The latest logged barbell set whose athlete did its exercise in two earlier sessions.
  static func target(in dataset: URL) throws -> Target {
    let folders = try FileManager.default.contentsOfDirectory(
      at: dataset.appendingPathComponent("sessions"), includingPropertiesForKeys: nil)
    var sessions: [(athlete: String, start: String, url: URL, sets: [[String: Any]])] = []
    for folder in folders {
      let url = folder.appendingPathComponent("session.json")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
      sessions.append(
        (
          json["athlete_id"] as! String, json["start_time"] as! String, url,
          json["sets"] as! [[String: Any]]
        ))
    }
    sessions.sort { ($0.athlete, $0.start) < ($1.athlete, $1.start) }
    var seen: [String: Int] = [:]
    var found: Target? = nil
    for session in sessions {
      let loaded = session.sets.filter { ($0["load_kg"] as? Double ?? 0) > 0 }
      for set in loaded
      where ["back_squat", "bench_press", "deadlift"].contains(set["exercise"] as! String)
        && seen["\(session.athlete) \(set["exercise"]!)", default: 0] >= 2
      {
        found = Target(
          manifest: session.url, setNumber: set["set_number"] as! Int,
          exercise: set["exercise"] as! String, athlete: session.athlete)
      }
      for exercise in Set(loaded.map { $0["exercise"] as! String }) {
        seen["\(session.athlete) \(exercise)", default: 0] += 1
      }
    }
    return try #require(found)
  }

  /// Sets `field` of the target's set to `value` (the load typed ×10, a confirmation).
  static func edit(_ target: Target, _ change: (inout [String: Any]) -> Void) throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: target.manifest)) as? [String: Any])
    var sets = json["sets"] as! [[String: Any]]
    let index = try #require(sets.firstIndex { $0["set_number"] as? Int == target.setNumber })
    change(&sets[index])
    json["sets"] = sets
    try JSONSerialization.data(withJSONObject: json).write(to: target.manifest)
  }

  /// The athlete's e1RM and heaviest-load records of the exercise.
  static func records(_ out: URL, _ target: Target) throws -> [String: Double] {
    let queue = try DatabaseQueue(path: out.appendingPathComponent("current/auralift.sqlite").path)
    return try queue.read { db in
      var records: [String: Double] = [:]
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT record_type, value FROM personal_record WHERE athlete_id = ? AND exercise_id = ?
            AND load_kg IS NULL
          """, arguments: [target.athlete, target.exercise])
      {
        records[row["record_type"]] = row["value"]
      }
      return records
    }
  }

  /// The set's `entry_check`.
  static func entryCheck(_ out: URL, _ target: Target, session: String) throws -> String? {
    let queue = try DatabaseQueue(path: out.appendingPathComponent("current/auralift.sqlite").path)
    return try queue.read { db in
      try String.fetchOne(
        db, sql: "SELECT entry_check FROM workout_set WHERE id = ?",
        arguments: ["\(session)#\(target.setNumber)"])
    }
  }

  @Test func aLoadTypedTenTimesTooHeavyIsNoRecordUntilConfirmed() throws {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 3, sessions: 6, seed: 11, logOnlyShare: 1)
    let clean = try TestSupport.temporaryFolder("clean")
    let out = try TestSupport.temporaryFolder("typo")
    defer { TestSupport.remove(dataset, clean, out) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: clean)).run()
    let target = try Self.target(in: dataset)
    let session = target.manifest.deletingLastPathComponent().lastPathComponent
    let before = try Self.records(clean, target)
    #expect(try Self.entryCheck(clean, target, session: session) == nil)

    var typed = 0.0
    try Self.edit(target) { set in
      typed = (set["load_kg"] as! Double) * 10
      set["load_kg"] = typed
    }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    // The typo moves no record, stays in the logbook and says why it does not count.
    #expect(try Self.records(out, target) == before)
    let check = try #require(try Self.entryCheck(out, target, session: session))
    #expect(check.hasPrefix("best e1RM before: "))
    let pages = try FileManager.default.contentsOfDirectory(
      at: out.appendingPathComponent("current/coaches"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "html" }
    let named = try pages.filter {
      try String(contentsOf: $0, encoding: .utf8).contains("check this entry: ")
    }
    #expect(named.count == 1)
    // The athlete's page, where it shows the set's week, says the set is not counted and why.
    let queue = try DatabaseQueue(path: out.appendingPathComponent("current/auralift.sqlite").path)
    let (latest, start) = try queue.read { db in
      (
        try String.fetchOne(db, sql: "SELECT max(start_time) FROM workout_session") ?? "",
        try String.fetchOne(
          db, sql: "SELECT start_time FROM workout_session WHERE id = ?", arguments: [session])
          ?? ""
      )
    }
    let shown =
      ISODates.day(latest).map(ISODates.mondayOfWeek(day:))
      == ISODates.day(start).map(ISODates.mondayOfWeek(day:))
    let athletePage = try String(
      contentsOf: out.appendingPathComponent("current/athletes/\(target.athlete).md"),
      encoding: .utf8)
    #expect(
      athletePage.contains("Not counted toward records, e1RM, LP or rankings: check this entry")
        == shown)
    // Whatever its week, the coach's flag links to the entry's line on the athlete's page.
    let coachPage = try String(contentsOf: named[0], encoding: .utf8)
    let link = "../athletes/\(target.athlete).html#check-\(session)-"
    let anchor = try #require(
      coachPage.components(separatedBy: "href=\"" + link).dropFirst().first?.prefix { $0 != "\"" })
    let athleteHTML = try String(
      contentsOf: out.appendingPathComponent("current/athletes/\(target.athlete).html"),
      encoding: .utf8)
    #expect(athleteHTML.contains("<li class=\"note\" id=\"check-\(session)-\(anchor)\">"))
    // validate names the set without publishing.
    let validate = try TestSupport.cli(["validate", dataset.path])
    #expect(validate.status == 3)
    #expect(
      validate.stdout.contains("sessions/\(session)/session.json: $.sets["), "\(validate.stdout)")
    #expect(validate.stdout.contains("cannot be right as logged (best e1RM before: "))

    // A person confirms it: the next run counts it as logged.
    try Self.edit(target) { $0["load_confirmed"] = true }
    _ = try Runner(config: config).run()
    #expect(try Self.entryCheck(out, target, session: session) == nil)
    #expect(try Self.records(out, target)["heaviest_load"] == typed)
  }
}
