import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// Every numeric field of every dataset table and of session.json fed its extremes, one run
/// per extreme (each field on its own row or session, so the rest stays good): the run
/// publishes with the bad rows set aside or exits with a documented code, never traps, and
/// writes nothing outside its output.
@Suite struct ExtremeValueTests {
  /// The extremes, as text: signed zeros, the smallest subnormal, the largest finite, their
  /// negatives, infinities and NaN as text, a 20-digit integer and a megabyte of digits.
  static let extremes: [(name: String, text: String)] = [
    ("+0", "0"), ("-0", "-0"), ("subnormal", "5e-324"), ("1e308", "1e308"),
    ("-1e308", "-1e308"), ("inf", "inf"), ("-inf", "-inf"), ("nan", "nan"),
    ("20 digits", "99999999999999999999"),
    ("1 MB of digits", String(repeating: "7", count: 1 << 20)),
  ]

  /// Numeric columns per table.
  static let columns: [String: [String]] = [
    "athletes.csv": ["height_cm", "weight_kg", "body_fat_pct"],
    "wellness.csv": ["hrv_ms", "sleep_hours", "sleep_quality", "resting_hr", "active_kcal"],
    "nutrition.csv": [
      "target_kcal", "kcal", "protein_g", "carbs_g", "fat_g", "water_l", "creatine_g", "whey_g",
    ],
    "morpho.csv": [
      "torso_cm", "femur_cm", "tibia_cm", "humerus_cm", "forearm_cm", "shoulder_width_cm",
      "hip_width_cm", "arm_span_cm",
    ],
  ]

  /// Numeric fields of session.json, as paths into it.
  static let manifestFields: [[String]] = [
    ["sets", "load_kg"], ["sets", "reps"], ["sets", "rpe"], ["sets", "start_s"],
    ["sets", "end_s"], ["sets", "set_number"], ["recordings", "fps"],
    ["recordings", "image_width"], ["recordings", "image_height"],
  ]

  /// Sets column `column` of row `row` (1 = first data row) of a CSV file to `text`.
  static func setCell(_ file: URL, row: Int, column: String, _ text: String) throws {
    var lines = try String(contentsOf: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
    let index = try #require(header.firstIndex { $0 == column }, "\(file.lastPathComponent)")
    guard row < lines.count, !lines[row].isEmpty else { return }
    var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    cells[index] = text
    lines[row] = cells.joined(separator: ",")
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
  }

  /// Sets `field` of the first set or recording of a session's manifest to the raw JSON `text`.
  static func setManifestField(_ manifest: URL, _ field: [String], _ text: String) throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
    guard var items = json[field[0]] as? [[String: Any]], !items.isEmpty else { return }
    items[0][field[1]] = "__EXTREME__"
    json[field[0]] = items
    let encoded = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    // Text that is no JSON number (inf, nan) stays a string: a type the reader must refuse.
    let raw = Double(text).map { $0.isFinite } == true ? text : "\"\(text)\""
    try encoded.replacingOccurrences(of: "\"__EXTREME__\"", with: raw).write(
      to: manifest, atomically: true, encoding: .utf8)
  }

  @Test(arguments: extremes.map(\.name))
  func everyNumericFieldAtAnExtremeNeverTraps(_ name: String) throws {
    let text = try #require(Self.extremes.first { $0.name == name }).text
    let root = try TestSupport.temporaryFolder("extreme")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    // Athletes: extra rows (copies of the last one under new ids), so every real athlete
    // keeps their sessions.
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let table = try String(contentsOf: athletes, encoding: .utf8)
    let last = try #require(table.split(separator: "\n").last)
    let base = last.drop { $0 != "," }
    let extra = (1...3).map { "x-\($0)\(base)" }.joined(separator: "\n")
    try (table + extra + "\n").write(to: athletes, atomically: true, encoding: .utf8)
    let athleteRows = table.split(separator: "\n").count
    for (file, columns) in Self.columns {
      for (offset, column) in columns.enumerated() {
        try Self.setCell(
          dataset.appendingPathComponent(file),
          row: offset + 1 + (file == "athletes.csv" ? athleteRows - 1 : 0), column: column, text)
      }
    }
    let sessions = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions").path
    ).sorted()
    // Recorded sessions (with recordings) for the recordings' fields, any for the sets'.
    var recorded = try sessions.filter {
      try String(
        contentsOf: dataset.appendingPathComponent("sessions/\($0)/session.json"),
        encoding: .utf8
      ).contains("\"kind\"")
    }.makeIterator()
    var any = sessions.makeIterator()
    for field in Self.manifestFields {
      let session = try #require(field[0] == "recordings" ? recorded.next() : any.next())
      try Self.setManifestField(
        dataset.appendingPathComponent("sessions/\(session)/session.json"), field, text)
    }
    let run = try ExitCodeTests.run([
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path,
      "--workers", "2",
    ])
    #expect(
      [0, 3].contains(run.status),
      "\(name): exit \(run.status): \(run.stderr.prefix(300)) … \(run.stderr.suffix(600))")
    #expect(!run.stderr.contains("Fatal error"))
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    #expect(try store.count("workout_session") > 0)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["dataset", "out"])
  }
}
