import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// The dataset-wide files beside the recordings: Apple Health exports and custom exercises.
@Suite struct DatasetTablesTests {
  /// An export as iOS writes it: XML declaration, a DOCTYPE with an internal subset, `Me`,
  /// records with nested metadata, entities, two sources recording the same night, kJ energy,
  /// in-bed and awake segments that are not sleep, and one broken record.
  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>
    <!ATTLIST HealthData locale CDATA #REQUIRED>
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    ]>
    <HealthData locale="en_GB">
     <ExportDate value="2026-11-05 09:00:00 +0100"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1994-03-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
     <!-- <Record type="HKQuantityTypeIdentifierRestingHeartRate" value="999" startDate="2026-11-03 08:00:00 +0100"/> -->
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Jane&apos;s Apple Watch" device="&lt;&lt;HKDevice: 0x28&gt;, name:Apple Watch&gt;" unit="ms" creationDate="2026-11-03 07:01:00 +0100" startDate="2026-11-03 06:55:00 +0100" endDate="2026-11-03 06:56:00 +0100" value="40">
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="61" time="6:55:01.12 AM"/>
      </HeartRateVariabilityMetadataList>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-03 21:10:00 +0100" endDate="2026-11-03 21:11:00 +0100" value="50"/>
     <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-03 00:00:00 +0100" endDate="2026-11-03 23:59:00 +0100" value="54"/>
     <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Watch" unit="kcal" startDate="2026-11-03 10:00:00 +0100" endDate="2026-11-03 10:01:00 +0100" value="100"/>
     <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Scale" unit="kJ" startDate="2026-11-03 11:00:00 +0100" endDate="2026-11-03 11:01:00 +0100" value="418.4"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="iPhone" startDate="2026-11-02 22:30:00 +0100" endDate="2026-11-03 06:30:00 +0100" value="HKCategoryValueSleepAnalysisInBed"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-11-02 23:00:00 +0100" endDate="2026-11-03 03:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-11-03 03:00:00 +0100" endDate="2026-11-03 03:20:00 +0100" value="HKCategoryValueSleepAnalysisAwake"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-11-03 03:20:00 +0100" endDate="2026-11-03 06:20:00 +0100" value="HKCategoryValueSleepAnalysisAsleepDeep"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="iPhone" startDate="2026-11-03 05:00:00 +0100" endDate="2026-11-03 06:20:00 +0100" value="HKCategoryValueSleepAnalysisAsleepUnspecified"/>
     <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-04 00:00:00 +0100" endDate="2026-11-04 23:59:00 +0100" value="fast"/>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-04 07:00:00 +0100" endDate="2026-11-04 07:01:00 +0100" value="62.5"/>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-05 07:00:00 +0100" endDate="2026-11-05 07:01:00 +0100" value="70"/>
     <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="55"/>
    </HealthData>

    """

  static func dataset(_ name: String = #function) throws -> URL {
    let root = try TestSupport.temporaryFolder(name)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("sessions"), withIntermediateDirectories: true)
    try Data("athlete_id,username\na-1,jane\na-2,joe\n".utf8).write(
      to: root.appendingPathComponent("athletes.csv"))
    return root
  }

  /// A day of an athlete athletes.csv does not hold (or whose row there was set aside) is set
  /// aside with its file and line: published, it would refer to nobody.
  @Test func daysOfAnAthleteNotInAthletesCSVAreSetAside() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    // Line 3's id is not one, so athletes.csv holds no a-2.
    try Data(
      "athlete_id,username\na-1,jane\na 2,joe\n".utf8
    ).write(to: root.appendingPathComponent("athletes.csv"))
    try Data(
      "athlete_id,date,hrv_ms\na-1,2026-11-03,50\na-2,2026-11-03,40\na-9,2026-11-03,45\n".utf8
    )
    .write(to: root.appendingPathComponent("wellness.csv"))
    try Data("athlete_id,date,kcal\na-9,2026-11-03,2000\na-1,2026-11-03,2100\n".utf8)
      .write(to: root.appendingPathComponent("nutrition.csv"))
    let tables = try DatasetTablesReader.read(root: root)
    #expect(tables.athletes.map(\.id) == ["a-1"])
    #expect(tables.wellness.map(\.athleteId) == ["a-1"])
    #expect(tables.nutrition.map(\.athleteId) == ["a-1"])
    let problems = tables.problems.map { "\($0.path):\($0.line): \($0.reason)" }
    for expected in [
      "wellness.csv:3: athlete_id 'a-2' is not an athlete of athletes.csv",
      "wellness.csv:4: athlete_id 'a-9' is not an athlete of athletes.csv",
      "nutrition.csv:2: athlete_id 'a-9' is not an athlete of athletes.csv",
    ] {
      #expect(problems.contains { $0.hasPrefix(expected) }, "\(problems)")
    }
  }

  /// One implausible optional value keeps the athlete (and so their sessions and days)
  /// without it; rows set aside for one cause are one problem.
  /// A missing name keeps the athlete (shown by id) and with them their sessions and days.
  @Test func anEmptyUsernameKeepsTheAthleteShownByTheirId() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    try Data("athlete_id,username\na-1,jane\na-2,\n".utf8)
      .write(to: root.appendingPathComponent("athletes.csv"))
    let tables = try DatasetTablesReader.read(root: root)
    #expect(tables.athletes.map(\.id) == ["a-1", "a-2"])
    #expect(tables.athletes[1].username == "a-2")
    #expect(
      tables.problems.map(\.description).contains(
        "athletes.csv:3: empty username; the athlete is kept and shown as 'a-2'"),
      "\(tables.problems)")
    #expect(tables.problems.first { $0.line == 3 }?.athleteId == "a-2")
  }

  @Test func aBadOptionalValueKeepsTheAthleteAndOneCauseIsOneProblem() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    try Data(
      "athlete_id,username,weight_kg,biological_sex\na-1,jane,950,female\na-2,joe,80,robot\n".utf8
    ).write(to: root.appendingPathComponent("athletes.csv"))
    try Data(
      "athlete_id,date,hrv_ms\na-1,2026-11-03,50\na-9,2026-11-03,45\na-9,2026-11-04,46\na-9,2026-11-05,47\n"
        .utf8
    ).write(to: root.appendingPathComponent("wellness.csv"))
    let tables = try DatasetTablesReader.read(root: root)
    #expect(tables.athletes.map(\.id) == ["a-1", "a-2"])
    #expect(tables.athletes[0].weightKg == nil && tables.athletes[1].weightKg == 80)
    #expect(tables.athletes[1].biologicalSex == nil)
    let problems = tables.problems.map(\.description)
    #expect(
      problems.contains {
        $0.hasPrefix("athletes.csv:2: column 'weight_kg': 950 is outside 20…400")
          && $0.hasSuffix(
            "; the athlete is kept without a bodyweight: no DOTS or strength-to-weight, and off the leaderboard"
          )
      }, "\(problems)")
    // Each problem of a kept athlete's row names the athlete, so that pages show it beside them.
    #expect(
      tables.problems.filter { $0.path == "athletes.csv" }.map(\.athleteId) == ["a-1", "a-2"])
    let wellness = problems.filter { $0.hasPrefix("wellness.csv") }
    #expect(wellness.count == 1, "\(wellness)")
    #expect(wellness.first?.hasPrefix("wellness.csv:3: athlete_id 'a-9'") == true)
    #expect(wellness.first?.hasSuffix("(3 rows, lines 3-5)") == true, "\(wellness)")
  }

  @Test func appleHealthExportBecomesDailyWellness() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    let folder = root.appendingPathComponent("health/a-1/apple_health_export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(Self.export.utf8).write(to: folder.appendingPathComponent("export.xml"))
    // wellness.csv covers 2026-11-05, so the export's HRV for that day is not used.
    try Data("athlete_id,date,hrv_ms,sleep_hours\na-1,2026-11-05,44,7.5\n".utf8).write(
      to: root.appendingPathComponent("wellness.csv"))

    let tables = try DatasetTablesReader.read(root: root)
    let days = Dictionary(uniqueKeysWithValues: tables.wellness.map { ($0.date, $0) })
    #expect(days.keys.sorted() == ["2026-11-03", "2026-11-04", "2026-11-05"])
    let third = try #require(days["2026-11-03"])
    #expect(third.hrvMilliseconds == 45)
    #expect(third.hrvMetric == .sdnn)
    #expect(third.restingHeartRateBpm == 54)
    #expect(abs(third.activeKcal! - 200) < 1e-9)
    // 23:00-03:00 and 03:20-06:20 asleep; the iPhone's 05:00-06:20 overlaps: 7 h, not 8 h 20.
    #expect(abs(third.sleepHours! - 7) < 1e-9)
    #expect(days["2026-11-04"]?.hrvMilliseconds == 62.5)
    #expect(days["2026-11-04"]?.restingHeartRateBpm == nil)
    #expect(days["2026-11-05"]?.hrvMilliseconds == 44)
    #expect(days["2026-11-05"]?.hrvMetric == .rmssd)
    let problem = try #require(tables.problems.first)
    #expect(tables.problems.count == 1)
    #expect(problem.path == "health/a-1/apple_health_export/export.xml")
    #expect(problem.line == 25)
    #expect(problem.reason.contains("'fast' is not a finite number"))
  }

  /// A watch's implausible reading is left out of its day with a problem, as a wellness.csv
  /// value outside its range is: the export is data like any other.
  @Test func implausibleExportValuesAreLeftOutAndNamed() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    let folder = root.appendingPathComponent("health/a-1")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let export = Self.export.replacingOccurrences(of: "value=\"54\"", with: "value=\"400\"")
      .replacingOccurrences(of: "value=\"62.5\"", with: "value=\"5000\"")
    try Data(export.utf8).write(to: folder.appendingPathComponent("export.xml"))
    let tables = try DatasetTablesReader.read(root: root)
    let days = Dictionary(uniqueKeysWithValues: tables.wellness.map { ($0.date, $0) })
    #expect(days["2026-11-03"]?.restingHeartRateBpm == nil)
    #expect(days["2026-11-03"]?.hrvMilliseconds == 45)
    #expect(days["2026-11-04"]?.hrvMilliseconds == nil)
    let reasons = tables.problems.map(\.description)
    #expect(reasons.contains { $0.contains("resting_hr on 2026-11-03: 400 is outside 20…250") })
    #expect(reasons.contains { $0.contains("hrv_ms on 2026-11-04: 5000 is outside 1…500") })
  }

  /// Records dated where no table's date may lie (9999, 1899, after the run's day) are left
  /// out with a problem naming the line, not put on a roster dated 9999.
  @Test func exportRecordsOutsideTheDatesAreLeftOut() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    let folder = root.appendingPathComponent("health/a-1")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let export = Self.export.replacingOccurrences(
      of: "startDate=\"2026-11-04 07:00:00 +0100\"", with: "startDate=\"9999-11-15 07:00:00 +0100\""
    ).replacingOccurrences(
      of: "startDate=\"2026-11-05 07:00:00 +0100\"", with: "startDate=\"1899-12-31 07:00:00 +0100\""
    ).replacingOccurrences(
      of: "startDate=\"2026-11-03 11:00:00 +0100\"", with: "startDate=\"2099-01-01 11:00:00 +0100\""
    )
    try Data(export.utf8).write(to: folder.appendingPathComponent("export.xml"))
    let tables = try DatasetTablesReader.read(root: root)
    #expect(tables.wellness.map(\.date).sorted() == ["2026-11-03"])
    #expect(tables.wellness.first.map { abs($0.activeKcal! - 100) < 1e-9 } == true)
    let reasons = tables.problems.map(\.description)
    for (line, date) in [(26, "9999-11-15"), (27, "1899-12-31"), (19, "2099-01-01")] {
      #expect(
        reasons.contains {
          $0.hasPrefix("health/a-1/export.xml:\(line):") && $0.contains("Record startDate: \(date)")
        }, "\(reasons)")
    }
  }

  @Test func exportIsStreamedInChunksOfAnySize() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    let url = root.appendingPathComponent("export.xml")
    try Data(Self.export.utf8).write(to: url)
    let whole = try AppleHealthReader.read(url: url, path: "export.xml", athleteId: "a-1")
    for chunk in [1, 7, 64, 1000] {
      let streamed = try AppleHealthReader.read(
        url: url, path: "export.xml", athleteId: "a-1", chunkBytes: chunk)
      #expect(streamed.days == whole.days)
      #expect(streamed.problems == whole.problems)
    }
  }

  @Test func exportProblemsNameTheFile() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    for (athlete, text) in [
      ("a-9", Self.export), ("a-1", "<html><body>not health</body></html>"),
      ("a-2", "<HealthData>\n<Record type=\"x\" value=\"1"),
    ] {
      let folder = root.appendingPathComponent("health/\(athlete)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("export.xml"))
    }
    let problems = try DatasetTablesReader.read(root: root).problems.map(\.description)
    #expect(problems.count == 3)
    #expect(
      problems.contains {
        $0.contains("health/a-9/export.xml") && $0.contains("not in athletes.csv")
      })
    #expect(
      problems.contains {
        $0.contains("health/a-1/export.xml") && $0.contains("not an Apple Health export")
      })
    #expect(
      problems.contains { $0.contains("health/a-2/export.xml:2") && $0.contains("unterminated") })
  }

  @Test func fuzzedExportsGiveAValueOrAProblem() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    let url = root.appendingPathComponent("export.xml")
    var random = TestRandom(seed: 11)
    let valid = Array(Self.export.utf8)
    for round in 0..<300 {
      var bytes = valid
      if round % 3 == 0 {
        bytes = (0..<random.below(2000)).map { _ in UInt8(random.below(256)) }
      } else {
        for _ in 0..<(1 + random.below(8)) {
          let index = random.below(bytes.count)
          switch random.below(3) {
          case 0: bytes[index] = UInt8(random.below(256))
          case 1: bytes.remove(at: index)
          default: bytes.insert(Array("<>\"'&[]!-?".utf8)[random.below(10)], at: index)
          }
        }
      }
      try Data(bytes).write(to: url)
      do {
        _ = try AppleHealthReader.read(
          url: url, path: "export.xml", athleteId: "a-1", chunkBytes: 1 + random.below(300))
      } catch is DatasetProblem {}
    }
  }

  @Test func customExercisesMergeOverTheCatalog() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    try Data(
      """
      exercise_id,name,pattern,primary_muscles,secondary_muscles,equipment,default_tempo,stretch_position_bonus,alternating
      belt_squat,Belt Squat,squat,quadriceps;glutes_max,adductors,machine,3-1-1,true,
      back_squat,Back Squat (high bar),squat,quadriceps,glutes_max,barbell,,,
      bad_press,Bad Press,horizontal_press,pecs_everywhere,,barbell,,,
      sled_push,Sled Push,pushing,quadriceps,,,,,
      hammer_alt,Alternating Hammer Curl,curl,brachialis,,dumbbell,,,1
      kickback,Kickback,arm_extension,triceps,,dumbbell,,,sometimes

      """.utf8
    ).write(to: root.appendingPathComponent("exercises.csv"))
    let tables = try DatasetTablesReader.read(root: root)
    let catalog = tables.catalog
    let belt = try #require(catalog.resolve("Belt Squat"))
    #expect(belt.pattern == .squat)
    #expect(belt.primaryMuscles == [.quadriceps, .glutesMax])
    #expect(belt.secondaryMuscles == [.adductors])
    #expect(belt.equipment == .machine)
    #expect(belt.category == "legs")
    #expect(belt.stretchPositionBonus && belt.isCustom)
    #expect(belt.defaultTempo == Tempo(eccentricSeconds: 3, pauseSeconds: 1, concentricSeconds: 1))
    #expect(catalog.resolve("back_squat")?.primaryMuscles == [.quadriceps])
    #expect(catalog.resolve("bench_press") != nil)
    #expect(!belt.alternating)
    #expect(try #require(catalog.resolve("hammer_alt")).alternating)
    #expect(try #require(catalog.resolve("alternating curl")).alternating)
    let problems = tables.problems.map(\.description)
    #expect(problems.count == 3)
    #expect(problems.contains { $0.hasPrefix("exercises.csv:7") && $0.contains("'alternating'") })
    #expect(problems.contains { $0.hasPrefix("exercises.csv:4") && $0.contains("pecs_everywhere") })
    #expect(problems.contains { $0.hasPrefix("exercises.csv:5") && $0.contains("'pushing'") })
  }

  /// A table over the size a recording may be is not read (its file named, the run going on
  /// without it), and a duplicate row of a streamed table still names the first one's line.
  @Test func anOversizedTableIsNotReadAndDuplicatesNameTheFirstLine() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    try Data("athlete_id,username\na-1,one\n".utf8).write(
      to: root.appendingPathComponent("athletes.csv"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("sessions"), withIntermediateDirectories: true)
    let wellness =
      "athlete_id,date,hrv_ms,sleep_hours\na-1,2026-11-02,60,7\na-1,2026-11-03,61,7\n"
      + "a-1,2026-11-02,70,8\n"
    try Data(wellness.utf8).write(to: root.appendingPathComponent("wellness.csv"))
    var tables = try DatasetTablesReader.read(root: root)
    #expect(tables.wellness.count == 2)
    #expect(
      tables.problems.contains {
        $0.path == "wellness.csv" && $0.line == 4
          && $0.reason == "duplicate row for athlete 'a-1' on 2026-11-02 (the first is on line 2)"
      }, "\(tables.problems)")
    // A sparse file: its size on disk is a few bytes.
    let nutrition = root.appendingPathComponent("nutrition.csv")
    FileManager.default.createFile(atPath: nutrition.path, contents: Data("athlete_id\n".utf8))
    let handle = try FileHandle(forWritingTo: nutrition)
    try handle.truncate(atOffset: 1_100_000_000)
    try handle.close()
    tables = try DatasetTablesReader.read(root: root)
    #expect(tables.nutrition.isEmpty && tables.wellness.count == 2)
    #expect(
      tables.problems.contains {
        $0.path == "nutrition.csv"
          && $0.reason == "table is 1.1 GB, over the 1 GB a table may be: not read"
      }, "\(tables.problems)")
  }

  /// The roster finds each athlete by id whatever the order of athletes.csv, and no other.
  @Test func rosterFindsAthletesByIdInAnyOrder() {
    let ids = (0..<500).map { "a-\(($0 * 7919) % 500)" }
    let roster = AthleteRoster(ids.map { Athlete(id: $0, username: "u\($0)") })
    #expect(roster.map(\.id) == ids.sorted())
    for id in ids { #expect(roster[id: id]?.username == "u\(id)") }
    for missing in ["", "a-", "a-500", "a-0 ", "b-1", "A-1"] {
      #expect(!roster.contains(id: missing))
    }
    #expect(AthleteRoster([]).index(of: "a-1") == nil)
  }

  /// Athletes are read back from athletes.csv when asked for, and come back as they were read
  /// the first time: a byte-order mark, CRLF lines, a quoted name over two lines, a field in
  /// Latin-1, a coach coaches.csv lacks (unlinked), a repeated id (set aside), any order.
  @Test func athletesReadBackFromTheFileAsFirstRead() throws {
    let root = try Self.dataset()
    defer { TestSupport.remove(root) }
    var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    bytes += Array(
      ("athlete_id,username,height_cm,coach_id,guild_name\r\n"
        + "a-3,\"three, \"\"the\"\"\",181.5,c-1,\"Iron\r\nWolves\"\r\n"
        + "a-1,one,,c-9,\r\n"
        + "a-3,again,tall,,\r\n"
        + "a-2,").utf8)
    bytes += [0x4A, 0xF6, 0x72, 0x67]  // "Jörg" in Latin-1
    bytes += Array(",175,c-1,\r\n".utf8)
    try Data(bytes).write(to: root.appendingPathComponent("athletes.csv"))
    try Data("coach_id,name,email\nc-1,Coach,c@example.com\n".utf8).write(
      to: root.appendingPathComponent("coaches.csv"))
    let tables = try DatasetTablesReader.read(root: root)
    #expect(tables.athletes.map(\.id) == ["a-1", "a-2", "a-3"])
    #expect(tables.athletes[id: "a-3"]?.username == "three, \"the\"")
    #expect(tables.athletes[id: "a-3"]?.heightCm == 181.5)
    #expect(tables.athletes[id: "a-3"]?.coachId == "c-1")
    #expect(tables.athletes[id: "a-3"]?.guildName == "Iron\r\nWolves")
    #expect(tables.athletes[id: "a-2"]?.username == "Jörg")
    #expect(tables.athletes[id: "a-1"]?.coachId == nil)
    #expect(tables.athletes[id: "a-1"]?.heightCm == nil)
    // The repeated row's own problem, naming no athlete, then why it is set aside.
    let lineFive = tables.problems.filter { $0.path == "athletes.csv" && $0.line == 5 }
    #expect(lineFive.map(\.athleteId) == [nil, nil])
    #expect(lineFive.last?.reason == "duplicate athlete_id 'a-3'")
    #expect(lineFive.first?.reason.contains("height_cm") == true)
    #expect(tables.problems.contains { $0.reason.contains("coach_id 'c-9' is not in coaches.csv") })
  }
}
