import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// Per-athlete tables set aside on disk give each athlete's rows back in file order, whether
/// the file was grouped by athlete or by day.
@Suite struct RowsByAthleteTests {
  /// A week of wellness days for three athletes, written by day (athletes interleaved, as a
  /// platform's daily export is) and by athlete, read the same.
  @Test func athletesRowsComeBackInFileOrderWhateverTheFileOrder() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    try Data("athlete_id,username\na-3,c\na-1,a\na-2,b\n".utf8)
      .write(to: root.appendingPathComponent("athletes.csv"))
    let days = (1...7).map { String(format: "2026-11-%02d", $0) }
    let athletes = ["a-3", "a-1", "a-2"]
    func row(_ athlete: String, _ day: Int) -> String {
      "\(athlete),\(days[day]),\(40 + day + 10 * athletes.firstIndex(of: athlete)!)"
    }
    let byDay = (0..<7).flatMap { day in athletes.map { row($0, day) } }
    let byAthlete = athletes.flatMap { athlete in (0..<7).map { row(athlete, $0) } }
    var read: [[String: [WellnessDay]]] = []
    for rows in [byDay, byAthlete] {
      try Data((["athlete_id,date,hrv_ms"] + rows).joined(separator: "\n").utf8)
        .write(to: root.appendingPathComponent("wellness.csv"))
      let tables = try DatasetTablesReader.read(root: root)
      let wellness = tables.wellnessByAthlete
      #expect(Array(wellness.athleteIds) == ["a-1", "a-2", "a-3"])
      #expect(wellness.count == 21 && wellness.isOnDisk)
      #expect(wellness.rows(of: "a-9").isEmpty && tables.nutritionByAthlete.isEmpty)
      read.append(Dictionary(uniqueKeysWithValues: athletes.map { ($0, wellness.rows(of: $0)) }))
    }
    for athlete in athletes {
      let hrv = (0..<7).map { Double(40 + $0 + 10 * athletes.firstIndex(of: athlete)!) }
      #expect(read[0][athlete]?.map(\.date) == days)
      #expect(read[0][athlete]?.map(\.hrvMilliseconds) == hrv)
      #expect(read[0][athlete] == read[1][athlete])
    }
  }

  /// A row comes back field for field, every number bit for bit (a NaN, an infinity, -0),
  /// and an absent value absent. The samples set every field, so a field added to a row and
  /// not to its scratch form fails here.
  @Test func everyFieldOfARowComesBack() {
    func roundTrip<Row: ScratchRow & Equatable>(_ rows: [Row]) -> [Row] {
      for row in rows {
        let unset = Mirror(reflecting: row).children.filter {
          let field = Mirror(reflecting: $0.value)
          return field.displayStyle == .optional && field.children.isEmpty
        }
        #expect(unset.isEmpty, "\(row) leaves \(unset.map(\.label))")
      }
      return RowsByAthlete(rows).rows(of: "a-1")
    }
    let wellness = [
      WellnessDay(
        athleteId: "a-1", date: "2026-11-02", hrvMilliseconds: -0.0, hrvMetric: .sdnn,
        sleepHours: 7.25, sleepQuality: .nan, restingHeartRateBpm: .infinity, activeKcal: 1e-300,
        cyclePhase: "lutéal"),
      WellnessDay(
        athleteId: "a-1", date: "2026-11-03", hrvMilliseconds: 61, hrvMetric: .rmssd,
        sleepHours: 8, sleepQuality: 70, restingHeartRateBpm: 50, activeKcal: 300,
        cyclePhase: ""),
    ]
    let back = roundTrip(wellness)
    #expect(back.count == 2 && back[0].sleepQuality!.isNaN)
    #expect(back[0].hrvMilliseconds!.sign == .minus && back[0].cyclePhase == "lutéal")
    var withoutNaN = back
    withoutNaN[0].sleepQuality = wellness[0].sleepQuality
    #expect(withoutNaN.map(\.date) == wellness.map(\.date) && back[1] == wellness[1])
    #expect(Array(withoutNaN.dropFirst()) == Array(wellness.dropFirst()))
    let nutrition = NutritionDay(
      athleteId: "a-1", date: "2026-11-02", targetKcal: 2500, kcal: 2400.5, proteinGrams: 180,
      carbsGrams: 250, fatGrams: 80, waterLiters: 2.5, creatineGrams: 5, wheyGrams: 30)
    #expect(roundTrip([nutrition]) == [nutrition])
    let scan = MorphoRecord(
      athleteId: "a-1", date: "2026-11-02", torsoCm: 60, femurCm: 45, tibiaCm: 40,
      humerusCm: 33, forearmCm: 27, shoulderWidthCm: 41, hipWidthCm: 35, armSpanCm: 178)
    #expect(roundTrip([scan]) == [scan])
    var bare = nutrition
    bare.kcal = nil
    bare.wheyGrams = nil
    #expect(RowsByAthlete([bare]).rows(of: "a-1") == [bare])
  }
}
