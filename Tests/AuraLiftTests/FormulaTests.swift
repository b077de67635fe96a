import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import Foundation
import Testing

/// Formulas against the published or hand-computed values of SCIENCE.md.
@Suite struct FormulaTests {
  @Test func epleyMatchesPublishedExample() {
    // V-9: 100 kg × 5 → Epley 116.67 kg.
    #expect(abs(StrengthFormulas.epley(loadKg: 100, reps: 5) - 116.67) < 0.01)
  }

  @Test func dotsMatchesReferenceValues() {
    // V-13: men 100 kg / 1000 → 615.52; women 60 kg / 500 → 554.27; men 80 kg / 600 → 413.73.
    #expect(
      abs(StrengthFormulas.dots(totalKg: 1000, bodyweightKg: 100, female: false) - 615.52) < 0.01)
    #expect(
      abs(StrengthFormulas.dots(totalKg: 500, bodyweightKg: 60, female: true) - 554.27) < 0.01)
    #expect(
      abs(StrengthFormulas.dots(totalKg: 600, bodyweightKg: 80, female: false) - 413.73) < 0.01)
  }

  @Test func interiorAngleMatchesHandComputedCase() {
    // V-22: hip (0,0), knee (0.4,0), ankle (0.4,0.4) → 90°; hip at (0,0.05) → 82.87°.
    #expect(
      abs(JointAngles.interior(a: (0, 0, 0), vertex: (0.4, 0, 0), c: (0.4, 0.4, 0)) - 90) < 0.01)
    #expect(
      abs(JointAngles.interior(a: (0, 0.05, 0), vertex: (0.4, 0, 0), c: (0.4, 0.4, 0)) - 82.87)
        < 0.01)
    // Mirror-invariant: the same joint seen facing the other way.
    #expect(
      abs(JointAngles.interior(a: (0, 0.05, 0), vertex: (-0.4, 0, 0), c: (-0.4, 0.4, 0)) - 82.87)
        < 0.01)
    // 3-D: the same joint turned 40° about the vertical axis keeps its angle.
    let turn = 40 * Double.pi / 180
    func turned(_ x: Double, _ y: Double) -> (Double, Double, Double) {
      (x * cos(turn), y, x * sin(turn))
    }
    #expect(
      abs(
        JointAngles.interior(a: turned(0, 0.05), vertex: turned(0.4, 0), c: turned(0.4, 0.4))
          - 82.87) < 0.01)
    // A signed angle passing through ±180° stays continuous once unwrapped.
    #expect(JointAngles.unwrap([170, 179, -178, -170]) == [170, 179, 182, 190])
  }

  @Test func velocityLossIsFromTheFastestRep() throws {
    // V-5: MPV 0.80, 0.78, 0.74, 0.70, 0.65, 0.62 → 22.5 % at the last rep.
    let loss = try #require(
      SessionFeatureExtractor.velocityLoss([0.80, 0.78, 0.74, 0.70, 0.65, 0.62]))
    #expect(abs(loss - 22.5) < 1e-9)
    #expect(SessionFeatureExtractor.velocityLoss([0.5]) == nil)
  }

  @Test func tierFollowsThresholds() {
    let thresholds = [100, 200, 300, 400, 500, 650, 800, 1000]
    #expect(RankTier.tier(forLeaguePoints: 0, thresholds: thresholds) == .iron)
    #expect(RankTier.tier(forLeaguePoints: 199, thresholds: thresholds) == .bronze)
    #expect(RankTier.tier(forLeaguePoints: 1000, thresholds: thresholds) == .challenger)
  }

  @Test func isoWeeksAndMondays() throws {
    let day = try #require(ISODates.day("2026-11-04"))
    #expect(ISODates.isoWeek(day: day) == "2026-W45")
    #expect(ISODates.string(day: ISODates.mondayOfWeek(day: day)) == "2026-11-02")
    #expect(ISODates.day("2026-02-30") == nil)
  }
}

/// The CSV edge cases real exports contain.
@Suite struct CSVReaderTests {
  func rows(_ text: String) throws -> [[String]] {
    var out: [[String]] = []
    try CSVReader.forEachRow(in: Data(text.utf8), path: "x.csv") { row in
      out.append((0..<row.count).map { row.string($0) })
    }
    return out
  }

  @Test func handlesBomCrlfQuotesAndTrailingColumns() throws {
    let parsed = try rows("\u{FEFF}a,b,c\r\n1,\"x, \"\"y\"\"\",3,\r\n")
    #expect(parsed == [["a", "b", "c"], ["1", "x, \"y\"", "3", ""]])
  }

  @Test func reportsTheLineOfAProblem() throws {
    let data = Data("t,ax\n0.0,1\n0.1,oops\n".utf8)
    #expect(throws: DatasetProblem.self) {
      try CSVReader.forEachRow(in: data, path: "bar.csv") { row in
        if row.line > 1, case .invalid = row.number(1) {
          throw DatasetProblem(path: "bar.csv", line: row.line, reason: "bad")
        }
      }
    }
    var lines: [Int] = []
    try CSVReader.forEachRow(in: Data("a\n\n1\n2\n".utf8), path: "y.csv") { lines.append($0.line) }
    #expect(lines == [1, 3, 4])
  }

  @Test func refusesOverlongLines() {
    let long = String(repeating: "9", count: 2_000)
    #expect(throws: DatasetProblem.self) {
      try CSVReader.forEachRow(in: Data("a\n\(long)\n".utf8), path: "z.csv", maxLineBytes: 1_000) {
        _ in
      }
    }
  }
}
