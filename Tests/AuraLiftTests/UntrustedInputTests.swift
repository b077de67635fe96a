import AuraDomain
import AuraIngest
import AuraPipeline
import AuraStore
import Foundation
import Testing

/// The findings of a hostile read of the dataset, each as its own case: ids that would be
/// paths, duplicate rows, numbers that overflowed, implausible values. Each run publishes with
/// the bad row or session set aside and named, writes nothing outside its output, and never
/// traps; bad parameters stop the run before it starts.
@Suite(.serialized) struct UntrustedInputTests {
  /// One finding: how the sample dataset is damaged, and what the quarantine must say of it.
  struct Finding: CustomTestStringConvertible, Sendable {
    var name: String
    var expected: [String]
    var damage: @Sendable (URL) throws -> Void
    var testDescription: String { name }
  }

  static let sample = PipelineTests.repositoryRoot.appendingPathComponent("datasets/sample")

  /// Replaces the first match of `old` in the dataset's `file`.
  static func replace(_ file: String, _ old: String, _ new: String, in root: URL) throws {
    let url = root.appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    let range = try #require(text.range(of: old), "\(file) holds no '\(old)'")
    try text.replacingCharacters(in: range, with: new).write(
      to: url, atomically: true, encoding: .utf8)
  }

  /// Appends the last line of `file` again.
  static func duplicateLastRow(_ file: String, in root: URL) throws {
    let url = root.appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    let last = try #require(text.split(separator: "\n").last)
    try (text + last + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  /// Sets `value` at `path` (keys and set indices) of a session's session.json.
  static func setManifest(
    _ session: String, _ path: [Any], _ value: Any, in root: URL
  ) throws {
    let url = root.appendingPathComponent("sessions/\(session)/session.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    func set(_ object: Any, _ path: ArraySlice<Any>) -> Any {
      guard let head = path.first else { return value }
      if let key = head as? String, var dictionary = object as? [String: Any] {
        dictionary[key] = set(dictionary[key] ?? [String: Any](), path.dropFirst())
        return dictionary
      }
      if let index = head as? Int, var array = object as? [Any] {
        array[index] = set(array[index], path.dropFirst())
        return array
      }
      return object
    }
    json = set(json, path[...]) as! [String: Any]
    try JSONSerialization.data(withJSONObject: json).write(to: url)
  }

  /// Renames athlete a-01 everywhere (athletes.csv, the tables, the sessions) to `id`.
  static func renameAthlete(to id: String, in root: URL) throws {
    for file in ["athletes.csv", "wellness.csv", "nutrition.csv", "morpho.csv"] {
      let url = root.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      try text.replacingOccurrences(of: "\na-01,", with: "\n\(id),").write(
        to: url, atomically: true, encoding: .utf8)
    }
    let sessions = root.appendingPathComponent("sessions")
    for folder in try FileManager.default.contentsOfDirectory(atPath: sessions.path) {
      let url = sessions.appendingPathComponent("\(folder)/session.json")
      let text = try String(contentsOf: url, encoding: .utf8)
      if text.contains("\"a-01\"") { try setManifest(folder, ["athlete_id"], id, in: root) }
    }
  }

  static let findings: [Finding] = [
    Finding(name: "athlete id that climbs out", expected: ["must start with a letter or a digit"]) {
      try renameAthlete(to: "../../../../x", in: $0)
    },
    Finding(name: "athlete id with a slash", expected: ["may hold only ASCII letters"]) {
      try renameAthlete(to: "a/01", in: $0)
    },
    Finding(name: "athlete id of 300 characters", expected: ["is 300 bytes long (at most 64)"]) {
      try renameAthlete(to: String(repeating: "a", count: 300), in: $0)
    },
    Finding(name: "athlete id with a NUL", expected: ["may hold only ASCII letters"]) {
      try renameAthlete(to: "a\u{0}01", in: $0)
    },
    Finding(name: "coach id with a slash", expected: ["'c/1' may hold only", "without a coach"]) {
      try replace("coaches.csv", "\nc-1,", "\nc/1,", in: $0)
      try replace("athletes.csv", ",c-1,", ",c/1,", in: $0)
    },
    Finding(name: "coach id nobody has", expected: ["coach_id 'c-9' is not in coaches.csv"]) {
      try replace("athletes.csv", ",c-1,", ",c-9,", in: $0)
    },
    Finding(name: "duplicate wellness row", expected: ["duplicate row for athlete 'a-03'"]) {
      try duplicateLastRow("wellness.csv", in: $0)
    },
    Finding(name: "duplicate nutrition row", expected: ["duplicate row for athlete"]) {
      try duplicateLastRow("nutrition.csv", in: $0)
    },
    Finding(name: "duplicate morpho row", expected: ["duplicate row for athlete"]) {
      try duplicateLastRow("morpho.csv", in: $0)
    },
    Finding(name: "duplicate coach", expected: ["duplicate row for coach_id"]) {
      try duplicateLastRow("coaches.csv", in: $0)
    },
    Finding(name: "kcal 2.4e21", expected: ["column 'kcal': 2.4e+21 is outside 0…20000"]) {
      try replace("nutrition.csv", ",2211,", ",2211,2.4e21,1", in: $0)
    },
    Finding(name: "negative hrv", expected: ["column 'hrv_ms': -5 is outside 1…500"]) {
      try replace("wellness.csv", ",80.8,", ",-5,", in: $0)
    },
    Finding(name: "morpho length 1e20", expected: ["column 'torso_cm': 1e+20 is outside"]) {
      try replace("morpho.csv", ",51.9,", ",1e20,", in: $0)
    },
    Finding(name: "logbook load 1e19", expected: ["$.sets[0].load_kg: 1e+19 is outside"]) {
      try setManifest("s-000002", ["sets", 0, "load_kg"], 1e19, in: $0)
    },
    Finding(name: "load 1e308", expected: ["$.sets[0].load_kg: 1e+308 is outside"]) {
      try setManifest("s-000002", ["sets", 0, "load_kg"], 1e308, in: $0)
    },
    Finding(name: "reps 10^18", expected: ["$.sets[0].reps: 1e+18 is outside 0…1000"]) {
      try setManifest("s-000002", ["sets", 0, "reps"], 1_000_000_000_000_000_000, in: $0)
    },
    Finding(name: "end_s 1e308", expected: ["end_s: 1e+308 is outside"]) {
      try setManifest("s-000001", ["sets", 0, "end_s"], 1e308, in: $0)
    },
    Finding(name: "session in 9999", expected: ["$.start_time: 9999-12-31 is outside 1900-01-01"]) {
      try setManifest("s-000003", ["start_time"], "9999-12-31T10:00:00Z", in: $0)
    },
    Finding(name: "zero pixels per metre", expected: ["scale.pixels_per_meter: 0 is outside"]) {
      try setManifest("s-000001", ["recordings", 0, "scale"], ["pixels_per_meter": 0], in: $0)
    },
    Finding(name: "zero image width", expected: ["image_width: 0 is outside 16…100000"]) {
      try setManifest("s-000001", ["recordings", 0, "image_width"], 0, in: $0)
    },
  ]

  @Test(arguments: findings)
  func badRowIsSetAsideAndTheRestPublished(_ finding: Finding) throws {
    let root = try TestSupport.temporaryFolder("untrusted")
    defer { TestSupport.remove(root) }
    let dataset = root.appendingPathComponent("a/b/c/d/dataset")
    let out = root.appendingPathComponent("a/b/c/d/out")
    try FileManager.default.createDirectory(
      at: dataset.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.sample, to: dataset)
    try finding.damage(dataset)
    let summary = try Runner(config: try PipelineTests.config(dataset: dataset, out: out)).run()
    #expect(summary.exitCode == 3)
    let reasons = summary.quarantined.map(\.reason).joined(separator: "\n")
    for expected in finding.expected {
      #expect(reasons.contains(expected), "\(finding.name): \(reasons)")
    }
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    #expect(try store.count("workout_session") >= 12)
    #expect(try store.count("quarantine") == summary.quarantined.count)
    // Nothing was written beside the dataset and the output.
    let written = try FileManager.default.contentsOfDirectory(
      atPath: dataset.deletingLastPathComponent().path)
    #expect(Set(written) == ["dataset", "out"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a"])
  }

  @Test(arguments: [
    ("scoring.form.depth_weight=1e400", "is inf, not a finite number"),
    ("scoring.form.depth_weight=nan", "is nan, not a finite number"),
    ("scoring.form.depth_weight=-5", "is -5, outside its range 0…1"),
    ("features.filter_cutoff_hz=0", "is 0, outside its range 0.5…20"),
    ("scoring.lp.tier_thresholds=100,2e300", "holds a number that is 2e+300, outside"),
  ])
  func parameterOutsideItsRangeStopsTheRunBeforeItStarts(assignment: String, expected: String)
    throws
  {
    var config = try PipelineTests.config(
      dataset: Self.sample, out: URL(fileURLWithPath: "/nonexistent"))
    try config.override(assignment)
    #expect {
      try config.checkParameters()
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func idsOutsideThePatternAreNamedWhy() {
    #expect(EntityId.problem("a-01") == nil)
    #expect(EntityId.problem("3f2b8c1e-9d4a-4c6b-8f1e-2a7d9c0b5e14") == nil)
    #expect(EntityId.problem("") == "is empty")
    #expect(EntityId.problem(".hidden") == "must start with a letter or a digit")
    #expect(EntityId.problem("é") == "must start with a letter or a digit")
    #expect(EntityId.problem("a b") != nil)
    #expect(EntityId.problem(String(repeating: "x", count: 64)) == nil)
    #expect(EntityId.problem(String(repeating: "x", count: 65)) != nil)
    #expect(EntityId.quoted("a\u{0}b") == "'a\\u{0}b'")
  }
}
