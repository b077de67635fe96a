import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import Foundation
import Testing

@testable import AuraSynth

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

  @Test func epleyAtTenReps() {
    // V-10: 100 kg × 10 → 133.33 kg.
    #expect(abs(StrengthFormulas.epley(loadKg: 100, reps: 10) - 133.33) < 0.01)
  }

  @Test func wilksMatchesOpenPowerliftingTests() {
    // V-11: men 100 kg / 1000 → 608.58907; women 60 kg / 500 → 557.4434.
    #expect(
      abs(StrengthFormulas.wilks(totalKg: 1000, bodyweightKg: 100, female: false) - 608.58907)
        < 0.001)
    #expect(
      abs(StrengthFormulas.wilks(totalKg: 500, bodyweightKg: 60, female: true) - 557.4434) < 0.001)
  }

  @Test func ipfGoodliftMatchesPublishedExamples() {
    // V-14: men equipped SBD 92.04 kg / 1035 → 112.85; women classic bench 70.5 / 122.5 → 96.78;
    // men classic 93 / 700 → 91.57; women classic 63 / 450 → 98.45; nothing below 35 kg.
    func gl(_ total: Double, _ weight: Double, female: Bool, bench: Bool = false, equipped: Bool)
      -> Double
    {
      StrengthFormulas.ipfGoodlift(
        totalKg: total, bodyweightKg: weight, female: female,
        event: bench ? .benchOnly : .threeLift, equipped: equipped)
    }
    #expect(abs(gl(1035, 92.04, female: false, equipped: true) - 112.85) < 0.01)
    #expect(abs(gl(122.5, 70.5, female: true, bench: true, equipped: false) - 96.78) < 0.01)
    #expect(abs(gl(700, 93, female: false, equipped: false) - 91.57) < 0.01)
    #expect(abs(gl(450, 63, female: true, equipped: false) - 98.45) < 0.01)
    #expect(gl(300, 34, female: true, equipped: false) == 0)
  }

  @Test func rtsChartAndItsInverse() throws {
    // V-7: 100 kg × 5 @ RPE 8 → 123.3 kg; V-8: 140 kg × 3 @ RPE 9 → 156.95 kg.
    let v7 = try #require(RPEChart.estimatedOneRepMax(loadKg: 100, reps: 5, rpe: 8))
    #expect(abs(v7 - 123.3) < 0.1)
    let v8 = try #require(RPEChart.estimatedOneRepMax(loadKg: 140, reps: 3, rpe: 9))
    #expect(abs(v8 - 156.95) < 0.01)
    // 8 reps @ RPE 9 is the 9-reps-@-10 cell (.762); the inverse gives the RPE back.
    #expect(RPEChart.fractionOfMax(reps: 8, rpe: 9) == 0.762)
    #expect(abs(try #require(RPEChart.rpe(reps: 5, fractionOfMax: 0.811)) - 8) < 1e-9)
    // 0.8925 lies 1/30 of a half-rep above the .892 cell (4 effective reps): 3 reps @ 9.017.
    #expect(abs(try #require(RPEChart.rpe(reps: 3, fractionOfMax: 0.8925)) - 9.0167) < 0.001)
    // Beyond the chart: no answer rather than an extrapolation.
    #expect(RPEChart.fractionOfMax(reps: 12, rpe: 7) == nil)
    #expect(RPEChart.rpe(reps: 5, fractionOfMax: 0.5) == nil)
  }

  @Test func loadVelocityProfileMatchesTheSyntheticLifter() throws {
    // V-3: 60/80/100/120 kg at 1.1304/0.9444/0.7584/0.5724 m/s, MVT 0.30 → 149.29 kg, LD0 181.5.
    let rule = LoadVelocityProfile.Rule(minimumLoads: 3, minimumSpan: 0.2, minimumRSquared: 0.8)
    let points = [(60.0, 1.1304), (80, 0.9444), (100, 0.7584), (120, 0.5724), (60, 1.0)]
    let profile = try #require(
      LoadVelocityProfile.fit(points.map { (loadKg: $0.0, velocity: $0.1) }, rule: rule))
    #expect(abs(profile.load(atVelocity: 0.30) - 149.29) < 0.1)
    #expect(abs(profile.intercept - 181.545) < 0.01)
    #expect(profile.loads == 4)
    // The minimum-data rule: two loads, or loads too close together, make no profile.
    #expect(
      LoadVelocityProfile.fit(
        [(loadKg: 60, velocity: 1.1), (loadKg: 80, velocity: 0.9)], rule: rule)
        == nil)
    #expect(
      LoadVelocityProfile.fit(
        [
          (loadKg: 100, velocity: 0.8), (loadKg: 102.5, velocity: 0.78),
          (loadKg: 105, velocity: 0.75),
        ],
        rule: rule) == nil)
  }

  @Test func banisterAndWorkloadRatios() throws {
    // V-17: fitness 100, fatigue 60, load 50, τ 42/7, k 1/2 → 147.647, 102.013, −56.378.
    let day = TrainingLoad.Banister().step(fitness: 100, fatigue: 60, load: 50)
    #expect(abs(day.fitness - 147.647) < 0.001)
    #expect(abs(day.fatigue - 102.013) < 0.001)
    #expect(abs(day.performance - -56.378) < 0.05)
    // V-19: 28 days at 100 then 7 at 200 → EWMA 1.339.
    let loads = Array(repeating: 100.0, count: 28) + Array(repeating: 200.0, count: 7)
    #expect(abs(try #require(TrainingLoad.ewmaRatio(dailyLoads: loads)) - 1.339) < 0.001)
    var ewma = TrainingLoad.WorkloadEWMA()
    #expect(ewma.ratio == nil)
    ewma.add(0)
    #expect(ewma.ratio == nil)  // no chronic load yet
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

  /// In 2-D the interior angle is the signed planar angle's magnitude bit for bit, which
  /// lets one atan2 give both: random joints at keypoint scales (metres and pixels), and
  /// straight, folded and right angles.
  @Test func interiorAngleIsTheSignedAngleMagnitudeIn2D() {
    var random = SeededRandom(seed: 41)
    var joints: [((Double, Double), (Double, Double), (Double, Double))] = [
      ((0, 0), (0.4, 0), (0.8, 0)), ((0, 0), (0.4, 0), (0, 1e-9)), ((0, 0), (0.4, 0), (0.4, 0.4)),
    ]
    for scale in [1.0, 1920] {
      for _ in 0..<5000 {
        func point() -> (Double, Double) {
          (scale * random.uniform(-1...1), scale * random.uniform(-1...1))
        }
        joints.append((point(), point(), point()))
      }
    }
    for (a, b, c) in joints {
      let interior = JointAngles.interior(a: (a.0, a.1, 0), vertex: (b.0, b.1, 0), c: (c.0, c.1, 0))
      #expect(abs(JointAngles.signedPlanar(a: a, vertex: b, c: c)) == interior)
    }
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
