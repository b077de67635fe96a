import AuraDomain
import AuraIngest
import AuraPipeline
import AuraStore
import AuraTestSupport
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

  /// Moves the dataset's `file` out of it (to a folder removed when the tests end) and leaves a
  /// symlink to it in its place.
  static func linkFromOutside(_ file: String, in root: URL) throws {
    let outside = try TestSupport.sharedTemporaryFolder("outside")
      .appendingPathComponent(UUID().uuidString)
    let url = root.appendingPathComponent(file)
    try FileManager.default.moveItem(at: url, to: outside)
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: outside)
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
    Finding(name: "a username with a NUL", expected: ["'iron_\\u{0}mike1' holds a NUL"]) {
      try replace("athletes.csv", "iron_mike1,", "iron_\u{0}mike1,", in: $0)
    },
    Finding(name: "coach id with a slash", expected: ["'c/1' may hold only", "without a coach"]) {
      try replace("coaches.csv", "\nc-1,", "\nc/1,", in: $0)
      try replace("athletes.csv", ",c-1,", ",c/1,", in: $0)
    },
    Finding(name: "coach id nobody has", expected: ["coach_id 'c-9' is not in coaches.csv"]) {
      try replace("athletes.csv", ",c-1,", ",c-9,", in: $0)
    },
    Finding(name: "no coaches.csv", expected: ["gives no coach (missing", "3 athletes are kept"]) {
      try FileManager.default.removeItem(at: $0.appendingPathComponent("coaches.csv"))
    },
    Finding(name: "coaches.csv header only", expected: ["names 2 ('c-1', 'c-2')"]) {
      let url = $0.appendingPathComponent("coaches.csv")
      let header = try #require(
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first)
      try (header + "\n").write(to: url, atomically: true, encoding: .utf8)
    },
    Finding(name: "coaches.csv from outside", expected: ["link that leaves", "gives no coach"]) {
      try linkFromOutside("coaches.csv", in: $0)
    },
    Finding(name: "every coach row set aside", expected: ["'c/1' may hold", "gives no coach"]) {
      try replace("coaches.csv", "\nc-1,", "\nc/1,", in: $0)
      try replace("coaches.csv", "\nc-2,", "\nc/2,", in: $0)
    },
    Finding(
      name: "a coach email that adds a Bcc line",
      expected: ["holds a control character", "the coach is kept without an email"]
    ) {
      try replace(
        "coaches.csv", "rivera@example.com", "\"rivera@example.com\r\nBcc: x@evil.example\"",
        in: $0)
    },
    Finding(name: "two addresses in one email", expected: ["one mailbox per address"]) {
      try replace("athletes.csv", "iron_mike1@example.com", "\"a@x.example, b@y.example\"", in: $0)
    },
    Finding(name: "Latin-1 name", expected: ["is not UTF-8: read as Latin-1 ('Coach Müller')"]) {
      let url = $0.appendingPathComponent("coaches.csv")
      var data = try Data(contentsOf: url)
      let name = try #require(data.range(of: Data("Coach Rivera".utf8)))
      data.replaceSubrange(name, with: Data("Coach M".utf8) + [0xFC] + Data("ller".utf8))
      try data.write(to: url)
    },
    Finding(name: "a line over a megabyte", expected: ["line is longer than 1048576 bytes"]) {
      let url = $0.appendingPathComponent("wellness.csv")
      let text = try String(contentsOf: url, encoding: .utf8)
      try (text + "a-01,2026-11-30," + String(repeating: "9", count: 1 << 20) + "\n").write(
        to: url, atomically: true, encoding: .utf8)
    },
    Finding(
      name: "a cell of a million digits", expected: ["non-finite value '999999", "9999…'"]
    ) {
      let url = $0.appendingPathComponent("sessions/s-000001/pose.csv")
      var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
      let column = try #require(
        lines[0].split(separator: ",").firstIndex(of: "left_shoulder_x"))
      var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      fields[column] = String(repeating: "9", count: 1_000_000)
      lines[1] = fields.joined(separator: ",")
      try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    },
    Finding(name: "a table linked from outside", expected: ["is a link that leaves the dataset"]) {
      try linkFromOutside("wellness.csv", in: $0)
    },
    Finding(
      name: "a manifest linked from outside", expected: ["session.json is a link that leaves"]
    ) {
      try linkFromOutside("sessions/s-000005/session.json", in: $0)
    },
    Finding(name: "a recording over a gigabyte", expected: ["recording is 1.1 GB, over the 1 GB"]) {
      // Sparse: it takes no disk, and is never read.
      let folder = $0.appendingPathComponent("sessions/s-000001")
      let pose = try #require(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
          $0.hasPrefix("pose")
        })
      let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(pose))
      try handle.truncate(atOffset: 1_100_000_000)
      try handle.close()
    },
    Finding(name: "an HRV metric nobody knows", expected: ["'xyz' is not one of rmssd|sdnn"]) {
      let url = $0.appendingPathComponent("wellness.csv")
      let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      let rows =
        [lines[0] + ",hrv_metric", lines[1] + ",xyz"] + lines.dropFirst(2).map { $0 + "," }
      try (rows.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    },
    Finding(name: "a recording of a kind nobody knows", expected: ["'video' is not pose or imu"]) {
      try setManifest("s-000001", ["recordings", 0, "kind"], "video", in: $0)
    },
    Finding(
      name: "an IMU worn where nobody knows",
      expected: ["'ankle' is not one of barbell, dumbbell, wrist, forearm, hip, chest"]
    ) {
      try setManifest("s-000001", ["recordings", 1, "placement"], "ankle", in: $0)
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
    Finding(name: "a 20-digit integer", expected: ["the integer 99999999999999999999"]) {
      let url = $0.appendingPathComponent("sessions/s-000002/session.json")
      let text = try String(contentsOf: url, encoding: .utf8)
      let range = try #require(text.range(of: #"\"reps\" *: *[0-9]+"#, options: .regularExpression))
      try text.replacingCharacters(in: range, with: "\"reps\": 99999999999999999999").write(
        to: url, atomically: true, encoding: .utf8)
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
    try FileManager.default.copyItem(at: TestSupport.sampleDataset, to: dataset)
    try finding.damage(dataset)
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    // A reason quotes what it found, never all of it.
    #expect(summary.quarantined.allSatisfy { $0.reason.count <= 500 })
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
    (
      "scoring.lp.tier_thresholds=100,200,300,400,500,650,800,2e300",
      "holds a number that is 2e+300, outside"
    ),
    ("scoring.lp.tier_thresholds=100,200", "needs 8 numbers"),
    ("aggregation.ranking.points_formula=dotz", "is one of dots, wilks, ipf_gl"),
  ])
  func parameterOutsideItsRangeStopsTheRunBeforeItStarts(assignment: String, expected: String)
    throws
  {
    var config = try TestSupport.pipelineConfig(
      dataset: TestSupport.sampleDataset, out: URL(fileURLWithPath: "/nonexistent"))
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

  /// Text from the dataset stays text: a cell a spreadsheet would run as a formula is written
  /// with a `'` in front in the CSV exports (the database keeps it as given), and HTML or a
  /// link in a name is escaped in the Markdown reports.
  @Test func datasetTextIsInertInCSVAndMarkdown() throws {
    let root = try TestSupport.temporaryFolder("inert")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    try Self.replace("coaches.csv", "Coach Rivera", "=1+1", in: dataset)
    try Self.replace("athletes.csv", "iron_mike1", "<script>alert(1)</script>", in: dataset)
    try Self.replace("athletes.csv", "squat_sara2", "[x](javascript:alert(1))", in: dataset)
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 0)
    let current = out.appendingPathComponent("current")
    let coaches = try String(
      contentsOf: current.appendingPathComponent("csv/coach.csv"), encoding: .utf8)
    #expect(coaches.contains("c-1,\"'=1+1\","))
    let store = try StoreReader(
      databasePath: current.appendingPathComponent("auralift.sqlite").path)
    #expect(try store.rows("SELECT name FROM coach WHERE id = 'c-1'") == [["=1+1"]])
    let markdown =
      try String(
        contentsOf: current.appendingPathComponent("athletes/a-01.md"), encoding: .utf8)
      + String(contentsOf: current.appendingPathComponent("athletes/a-02.md"), encoding: .utf8)
    #expect(markdown.contains("\\<script\\>alert(1)\\</script\\>"))
    #expect(!markdown.contains("<script>"))
    #expect(markdown.contains("\\[x\\](javascript:alert(1))"))
    #expect(!markdown.contains("[x](javascript:"))
  }

  /// A name's direction overrides and invisible characters never reach a page, and a
  /// right-to-left name is isolated from the text around it; the database keeps it as given.
  @Test func namesAreShownIsolatedWithoutOverrides() throws {
    let root = try TestSupport.temporaryFolder("isolated")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    try Self.replace("athletes.csv", "iron_mike1,", "iron_\u{200B}mike\u{202E}1,", in: dataset)
    try Self.replace("athletes.csv", "squat_sam3,", "סם_squat,", in: dataset)
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 0)
    let current = out.appendingPathComponent("current")
    let page = try String(
      contentsOf: current.appendingPathComponent("coaches/c-1.html"), encoding: .utf8)
    #expect(page.contains("iron_mike1"))
    #expect(page.contains("\u{2068}סם_squat\u{2069}"))
    #expect(!page.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B })
    let store = try StoreReader(
      databasePath: current.appendingPathComponent("auralift.sqlite").path)
    #expect(
      try store.rows("SELECT username FROM user_profile WHERE id = 'a-01'") == [
        ["iron_\u{200B}mike\u{202E}1"]
      ])
  }

  /// `report --to` into a folder that holds other files leaves them be, and removes only the
  /// reports an earlier rendering there wrote that this one no longer has.
  @Test func reportToAFolderRemovesOnlyWhatItWrote() throws {
    let root = try TestSupport.temporaryFolder("report-to")
    defer { TestSupport.remove(root) }
    let out = root.appendingPathComponent("out")
    let folder = root.appendingPathComponent("site")
    let config = try TestSupport.pipelineConfig(dataset: TestSupport.sampleDataset, out: out)
    _ = try Runner(config: config).run()
    let mine = ["athletes/notes.txt", "athletes/mine.html", "coaches/c-9.md", "index.css"]
    for path in mine {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("kept".utf8).write(to: url)
    }
    let arguments = ["report", "--out", out.path, "--to", folder.path]
    #expect(try ExitCodeTests.run(arguments).status == 0)
    for path in mine {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
    }
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("athletes/a-01.md").path)
    )
    // A report the earlier rendering wrote and this one does not have is removed.
    let stale = folder.appendingPathComponent("athletes/a-77.md")
    try Data("old".utf8).write(to: stale)
    let manifest = folder.appendingPathComponent("reports.tsv")
    try (String(contentsOf: manifest, encoding: .utf8) + "athletes/a-77\tdigest\n").write(
      to: manifest, atomically: true, encoding: .utf8)
    #expect(try ExitCodeTests.run(arguments).status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(mine[1]).path))
  }

  /// An output folder inside the dataset is refused before anything runs: later runs would read
  /// its releases and cache as sessions.
  @Test func outputInsideTheDatasetIsAUsageError() throws {
    let root = try TestSupport.temporaryFolder("out-inside")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    for out in [dataset.appendingPathComponent("out"), dataset] {
      let run = try ExitCodeTests.run(["run", "--dataset", dataset.path, "--out", out.path])
      #expect(run.status == 64)
      #expect(run.stderr.contains("is inside the dataset"), "\(run.stderr)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dataset.path).sorted()
        == FileManager.default.contentsOfDirectory(atPath: TestSupport.sampleDataset.path).sorted())
  }
}
