import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// The rhythm counter and the check it makes of rep counts, on real squats and on generated
/// sets with what real recordings do: reps that flow into each other, uneven pace, gaps and
/// low rates.
@Suite struct RepCountCheckTests {
  /// Continuous reps with no stillness between them: each rep's period varies by up to
  /// `jitter` of `period`, sampled at `rateHz`, a second of rest either side, plus noise.
  static func continuousSet(
    reps: Int, period: Double, jitter: Double, rateHz: Double, noise: Double,
    random: inout SeededRandom
  ) -> [Double] {
    var values: [Double] = Array(repeating: 0, count: Int(rateHz))
    for _ in 0..<reps {
      let length = period * (1 + jitter * (2 * random.unit() - 1))
      let count = Int((length * rateHz).rounded())
      for i in 0..<count {
        values.append(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count)))
      }
    }
    values += Array(repeating: 0, count: Int(rateHz))
    return values.map { $0 + noise * (2 * random.unit() - 1) }
  }

  /// Reps paced unevenly (each within 20 % of the typical period) are counted exactly; the
  /// rhythm is clear (autocorrelation over 0.5) in sets of 8 or more whose pace varies by up to
  /// 10 % (a short set is mostly its edges).
  @Test(arguments: [30.0, 12.5])
  func rhythmCountsContinuousUnevenReps(rateHz: Double) throws {
    var random = SeededRandom(seed: 36)
    for jitter in [0.1, 0.2] {
      for reps in [3, 8, 15, 40] {
        let values = Self.continuousSet(
          reps: reps, period: 1.6, jitter: jitter, rateHz: rateHz, noise: 0.05, random: &random)
        let rhythm = try #require(
          RepRhythm(values, range: 0..<values.count, sampleRateHz: rateHz, periods: 0.5...8))
        #expect(rhythm.count == reps, "\(reps) reps at \(rateHz) Hz, jitter \(jitter)")
        #expect(abs(rhythm.period - 1.6) < 0.35)
        if jitter <= 0.1, reps >= 8 {
          #expect(rhythm.strength > 0.5, "\(reps) reps at \(rateHz) Hz")
        }
      }
    }
  }

  /// The autocorrelation's lagged products, four lags at a time, are the sums a loop per lag
  /// makes, to the bit: over two signals of a set in turn, for lag ranges that leave one, two
  /// or three lags after the last four.
  @Test func laggedProductsAreEachLagsOwnSumToTheBit() {
    var random = SeededRandom(seed: 7)
    let signals = (0..<2).map { _ in
      Self.continuousSet(
        reps: 8, period: 1.6, jitter: 0.2, rateHz: 30, noise: 0.05, random: &random)
    }
    let n = signals[0].count
    for lags in [1...4, 5...13, 7...16, 3...30, 40...(n / 2)] {
      let products = RepRhythm.laggedProducts(signals, count: n, lags: lags)
      let expected = lags.map { lag in
        var sum = 0.0
        for x in signals {
          for i in 0..<(n - lag) { sum += x[i] * x[i + lag] }
        }
        return sum
      }
      #expect(products.map(\.bitPattern) == expected.map(\.bitPattern), "lags \(lags)")
    }
  }

  @Test func gapsAreBridgedAndMostlyUnseenSetsAreUnknown() throws {
    var random = SeededRandom(seed: 7)
    var values = Self.continuousSet(
      reps: 12, period: 2, jitter: 0.1, rateHz: 30, noise: 0.03, random: &random)
    // Two short dropouts (a fifth of a rep each) leave the count and the check unchanged.
    for i in 200..<212 { values[i] = .nan }
    for i in 500..<512 { values[i] = .nan }
    let rhythm = try #require(
      RepRhythm(values, range: 0..<values.count, sampleRateHz: 30, periods: 0.5...8))
    #expect(rhythm.count == 12)
    let range = 0..<values.count
    #expect(Self.verdict(reps: 12, [values], range) == .supported)
    #expect(Self.verdict(reps: 13, [values], range) == .supported)
    // Six reps found one by one where the rhythm shows twelve: its twelve are the reps.
    guard case .rhythm(let cycles, let signal) = Self.verdict(reps: 6, [values], range) else {
      Issue.record("a clear rhythm did not replace a count it contradicts")
      return
    }
    #expect(
      signal.count == values.count
        && zip(signal, values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    // The body's signals are read only where the set's own show no rhythm, and then with the
    // stricter threshold.
    var noise = SeededRandom(seed: 3)
    let still = values.map { _ in 0.01 * noise.unit() }
    var asked = 0
    let fromBody = RepCountCheck.check(
      reps: 6, own: [still],
      body: {
        asked += 1
        return [values]
      }, order: .concentricFirst,
      range: range, sampleRateHz: 30
    ).verdict
    guard case .rhythm(let bodyCycles, _) = fromBody else {
      Issue.record("the body's clear rhythm was not read")
      return
    }
    // Noise says nothing of which way the load goes: the reps turn at tops or at bottoms.
    #expect(asked == 1 && (12...13).contains(bodyCycles.turns.count))
    _ =
      RepCountCheck.check(
        reps: 6, own: [values],
        body: {
          asked += 1
          return []
        }, order: .concentricFirst,
        range: range, sampleRateHz: 30
      ).verdict
    #expect(asked == 1)
    #expect(cycles.turns.count == 12)
    // Most of the set unseen: the count is unknown whatever it is.
    for i in 100..<(values.count - 100) { values[i] = .nan }
    guard case .unknown(let reason) = Self.verdict(reps: 12, [values], range) else {
      Issue.record("a mostly unseen set kept its count")
      return
    }
    #expect(reason.hasPrefix("the recording lost the movement"))
  }

  /// A clear rhythm of 6 cycles recovers reps where fewer were found one by one, but takes
  /// none away where more were: a rhythm may lock onto a slower sway or a multiple of the rep,
  /// while each rep found one by one moved through the set's travel.
  @Test func aSlowerRhythmTakesNoRepsAway() throws {
    var random = SeededRandom(seed: 21)
    let values = Self.continuousSet(
      reps: 6, period: 4, jitter: 0.05, rateHz: 30, noise: 0.03, random: &random)
    let range = 0..<values.count
    guard case .rhythm(let cycles, _) = Self.verdict(reps: 3, [values], range) else {
      Issue.record("3 reps found one by one were not made up to the rhythm's 6")
      return
    }
    #expect(cycles.turns.count == 6)
    #expect(Self.verdict(reps: 12, [values], range) == .supported)
  }

  /// The check of a lift-first exercise whose timing signal is the first of `signals`.
  static func verdict(reps: Int, _ signals: [[Double]], _ range: Range<Int>, rateHz: Double = 30)
    -> RepCountCheck.Verdict
  {
    RepCountCheck.check(
      reps: reps, own: signals, order: .concentricFirst, range: range, sampleRateHz: rateHz
    ).verdict
  }

  /// Reps cut from the rhythm of continuous reps follow one another, each turning once at the
  /// top of its cycle, its lifting phase before its lowering one.
  @Test func rhythmRepsFollowTheCycles() throws {
    var random = SeededRandom(seed: 5)
    let values = Self.continuousSet(
      reps: 9, period: 1.4, jitter: 0.15, rateHz: 30, noise: 0.04, random: &random)
    let range = 0..<values.count
    let rhythm = try #require(
      RepRhythm(values, range: range, sampleRateHz: 30, periods: RepCountCheck.Reading.load.periods)
    )
    let times = values.indices.map { Double($0) / 30 }
    let cycles = RhythmReps(
      rhythm, signal: values, side: .byTiming, timing: values, order: .concentricFirst,
      range: range)
    #expect(cycles.turnsAtTops)
    let reps = cycles.segments(
      signal: values, order: .concentricFirst, times: times, sampleRateHz: 30, range: range)
    #expect(reps.count == 9)
    for (rep, next) in zip(reps, reps.dropFirst()) {
      #expect(rep.samples.upperBound <= next.samples.lowerBound)
    }
    for rep in reps {
      #expect(rep.concentric.upperBound == rep.eccentric.lowerBound)
      let top = values[rep.samples].max()!
      #expect(top > 0.8, "a rep spans a cycle's top")
      #expect(rep.concentric.upperBound - rep.concentric.lowerBound < 1.4)
    }
    // A lower-first exercise whose load rests at the top and dips: read on a signal that
    // falls as the load rises, its reps turn at the signal's tops.
    let load = values.map { 1 - $0 }
    let lowering = RhythmReps(
      rhythm, signal: values, side: .byTiming, timing: load, order: .eccentricFirst,
      range: range)
    #expect(lowering.turnsAtTops)
    #expect(lowering.turns.count == 9)
  }

  /// Without a timing signal (an accelerometer axis, whose sign says nothing of the load's
  /// way), the reps turn at the fewer extremes: the rest sits at the other one, either way up.
  @Test func unorientedRhythmTurnsAtTheFewerExtremes() throws {
    var random = SeededRandom(seed: 9)
    let values = Self.continuousSet(
      reps: 11, period: 1.8, jitter: 0.1, rateHz: 25, noise: 0.04, random: &random)
    let range = 0..<values.count
    for (signal, restsLow) in [(values, true), (values.map { -$0 }, false)] {
      let rhythm = try #require(
        RepRhythm(
          signal, range: range, sampleRateHz: 25, periods: RepCountCheck.Reading.load.periods))
      for order in [PhaseOrder.concentricFirst, .eccentricFirst] {
        let cycles = RhythmReps(
          rhythm, signal: signal, side: .fewerExtremes, timing: signal, order: order,
          range: range)
        #expect(cycles.turns.count == 11)
        #expect(cycles.turnsAtTops == restsLow)
      }
    }
  }

  /// One arm of alternating curls: a brief swing every 4.5 s, resting through the other arm's
  /// rep between, recorded from the first swing to the last. The rests between are one fewer
  /// than the swings, so the fewer extremes would count them; the swings are where the signal
  /// skews, either way up.
  @Test func oneSideOfAnAlternatingSetTurnsAtItsBriefExcursions() throws {
    let rate = 25.0
    var random = SeededRandom(seed: 12)
    var values: [Double] = []
    for swing in 0..<6 {
      let lift = Int((1.6 + 0.2 * random.unit()) * rate)
      for i in 0..<lift { values.append(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(lift))) }
      if swing < 5 { values += (0..<Int(2.9 * rate)).map { _ in 0.02 * random.gaussian() } }
    }
    let range = 0..<values.count
    for (signal, swingsUp) in [(values, true), (values.map { -$0 }, false)] {
      let rhythm = try #require(
        RepRhythm(
          signal, range: range, sampleRateHz: rate,
          periods: RepCountCheck.Reading.oneSide.periods))
      let brief = RhythmReps(
        rhythm, signal: signal, side: .briefExcursions, timing: signal, order: .concentricFirst,
        range: range)
      #expect(brief.turnsAtTops == swingsUp)
      #expect(brief.turns.count == 6)
      let fewer = RhythmReps(
        rhythm, signal: signal, side: .fewerExtremes, timing: signal, order: .concentricFirst,
        range: range)
      #expect(fewer.turns.count == 5)
    }
  }

  /// A watch's axis through an assisted pull-up set as the Apple Watch sets record it: the arm
  /// hanging (−6.5 m/s²), reaching up to the bar, 10 reps that dip from where it rests on the
  /// bar (−1.5) by 1.3 and back, every 4.5 s or so, and the arm lowered to hang again. About
  /// their moving mean, the reach and the lowering swing as a rep's dip does, and the fewer
  /// extremes would count 11; on the axis as recorded, they lie far below every dip. The same
  /// reps recorded from the first to the last, as muvr's files are, are counted alike.
  @Test func aLimbsSetUpAndPutDownAreNotReps() throws {
    let rate = 50.0
    var random = SeededRandom(seed: 21)
    func ramp(from a: Double, to b: Double, seconds: Double) -> [Double] {
      let count = Int(seconds * rate)
      return (0..<count).map { i in
        a + (b - a) * (0.5 - 0.5 * cos(Double.pi * Double(i) / Double(count)))
      }
    }
    var reps: [Double] = []
    for _ in 0..<10 {
      let count = Int((4.5 * (1 + 0.1 * (2 * random.unit() - 1)) * rate).rounded())
      reps += (0..<count).map { i in
        -1.5 - 1.3 * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count)))
      }
    }
    let hanging = Array(repeating: -6.5, count: Int(6 * rate))
    let whole =
      hanging + ramp(from: -6.5, to: -1.5, seconds: 1.5) + reps
      + ramp(from: -1.5, to: -6.5, seconds: 1.5) + hanging
    for values in [whole, reps] {
      let signal = values.map { $0 + 0.05 * random.gaussian() }
      let verdict = RepCountCheck.check(
        reps: 0, own: [signal], reading: .limb, order: .concentricFirst,
        range: 0..<signal.count, sampleRateHz: rate
      ).verdict
      guard case .rhythm(let cycles, _) = verdict else {
        Issue.record("no rhythm read in \(signal.count) samples: \(verdict)")
        continue
      }
      #expect(cycles.turns.count == 10, "\(signal.count) samples")
    }
  }

  /// A bar's height through ten continuous squats, integrated with no rest to level it by, as
  /// the real bar sets' is: it bows by four times a rep's travel over the set, so that the
  /// first and last reps' bottoms lie far below every other. They are reps all the same: read
  /// as a limb's set-up and put-down, the set would count 9.
  @Test func aLoadsDriftingHeightKeepsItsFirstAndLastReps() throws {
    let rate = 38.0
    var random = SeededRandom(seed: 23)
    var values: [Double] = []
    for _ in 0..<10 {
      let count = Int((2.8 * (1 + 0.08 * (2 * random.unit() - 1)) * rate).rounded())
      values += (0..<count).map { i in
        -0.5 * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count)))
      }
    }
    let n = Double(values.count)
    let signal = values.enumerated().map { i, height in
      let x = 2 * Double(i) / n - 1
      return height + 2 * x * x + 0.01 * random.gaussian()
    }
    for (reading, reps) in [(RepCountCheck.Reading.loadImu, 10), (.limb, 9)] {
      guard
        case .rhythm(let cycles, _) = RepCountCheck.check(
          reps: 1, own: [signal], reading: reading, order: .eccentricFirst,
          range: 0..<signal.count, sampleRateHz: rate
        ).verdict
      else {
        Issue.record("no rhythm read as \(reading.sensor)")
        continue
      }
      #expect(cycles.turns.count == reps, "\(reading.sensor)")
    }
  }

  /// Three signals of one bar through ten continuous reps: the clearest (a height whose last
  /// two reps are lost in its drift) swings past its mark on eight, two noisier ones (axes)
  /// on all ten. On a load the count two of the three give stands, and the evidence says so;
  /// a limb's axes keep the clearest's.
  @Test func aLoadsSignalsOutvoteTheClearestOne() throws {
    let rate = 20.0
    var random = SeededRandom(seed: 58)
    let cycle = Int(2.5 * rate)
    let reps = (0..<(10 * cycle)).map { i in
      (i / cycle >= 8 ? 0.1 : 1) * sin(2 * Double.pi * Double(i) / Double(cycle))
    }
    let clearest = reps.map { $0 + 0.02 * random.gaussian() }
    let axes = (0..<2).map { _ in
      (0..<reps.count).map { i in sin(2 * Double.pi * Double(i) / Double(cycle)) }
        .map { $0 + 0.5 * random.gaussian() }
    }
    for (reading, count) in [(RepCountCheck.Reading.loadImu, 10), (.limb, 8)] {
      let check = RepCountCheck.check(
        reps: 0, own: [clearest] + axes, reading: reading, order: .eccentricFirst,
        range: 0..<reps.count, sampleRateHz: rate)
      #expect(check.signalCounts.sorted() == [8, 10, 10], "\(reading.sensor)")
      guard case .rhythm(let cycles, _) = check.verdict else {
        Issue.record("no rhythm read as \(reading.sensor): \(check.verdict)")
        continue
      }
      #expect(cycles.turns.count == count, "\(reading.sensor)")
    }
  }

  /// A wrist's accelerometer during dips (as in muvr's triceps-dip sets): each rep a main
  /// swing and, between reps, a second one four tenths its height. Averaged over a quarter
  /// period before its swings are read, a rep is counted once.
  @Test(arguments: [3, 4, 5, 6, 7] as [UInt64])
  func aBumpBetweenRepsIsNotARep(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let rate = 15.0
    var values = Array(repeating: 0.0, count: Int(rate))
    for _ in 0..<15 {
      let count = Int((1.3 * (1 + 0.1 * (2 * random.unit() - 1)) * rate).rounded())
      for i in 0..<count {
        let phase = Double(i) / Double(count)
        values.append(
          phase < 0.55
            ? 0.5 - 0.5 * cos(2 * Double.pi * phase / 0.55)
            : 0.4 * (0.5 - 0.5 * cos(2 * Double.pi * (phase - 0.55) / 0.45)))
      }
    }
    values += Array(repeating: 0.0, count: Int(rate))
    values = values.map { $0 + 0.03 * (2 * random.unit() - 1) }
    let rhythm = try #require(
      RepRhythm(values, range: 0..<values.count, sampleRateHz: rate, periods: 0.5...8))
    #expect(rhythm.count == 15)
  }

  /// Fast bodyweight reps, one every half second with no pause (sit-ups, jumping jacks), that
  /// the one-by-one counter mostly misses: the rhythm's period is within the range looked at,
  /// and its cycles are the reps.
  @Test func fastContinuousRepsAreCountedByTheRhythm() throws {
    var random = SeededRandom(seed: 40)
    let values = Self.continuousSet(
      reps: 40, period: 0.5, jitter: 0.1, rateHz: 30, noise: 0.04, random: &random)
    guard case .rhythm(let cycles, _) = Self.verdict(reps: 4, [values], 0..<values.count) else {
      Issue.record("40 reps every half second not read from their rhythm")
      return
    }
    #expect(abs(cycles.rhythm.period - 0.5) < 0.07)
    #expect(cycles.turns.count == 40)
  }

  @Test func noRhythmInNoiseAndNoCheckOfOneRep() {
    var random = SeededRandom(seed: 11)
    let noise = (0..<600).map { _ in random.unit() }
    let range = 0..<noise.count
    #expect(Self.verdict(reps: 2, [noise], range) == .supported)
    var one = Array(repeating: 0.0, count: 60)
    one += (0..<60).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / 60) }
    one += Array(repeating: 0.0, count: 60)
    #expect(Self.verdict(reps: 1, [one], 0..<one.count) == .supported)
  }

  /// OpenCap's five bodyweight squats (knee angle from video and motion capture, 100 Hz), as
  /// their authors describe the recording.
  @Test(.enabled(if: TestSupport.hasRealData, "../shared/realdata is absent"))
  func openCapSquatsHoldFiveReps() throws {
    let url = TestSupport.realData.appendingPathComponent(
      "opencap-squat/squats1_videoAndMocap.mot")
    let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
    let header = try #require(lines.firstIndex { $0.hasPrefix("time") })
    let columns = lines[header].split(separator: "\t").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let knee = try #require(columns.firstIndex(of: "knee_angle_r"))
    let rows = lines[(header + 1)...].map {
      $0.split(whereSeparator: { $0 == "\t" || $0 == " " }).compactMap { Double($0) }
    }
    let angle = rows.filter { $0.count == columns.count }.map { $0[knee] }
    #expect(angle.count == 801)
    let rhythm = try #require(
      RepRhythm(angle, range: 0..<angle.count, sampleRateHz: 100, periods: 0.5...8))
    #expect(rhythm.count == 5)
    let range = 0..<angle.count
    // Knee flexion rises as the body goes down: the timing signal, rising with the load, is
    // its negation, and a squat lowers first.
    let timing = angle.map { -$0 }
    func verdict(_ reps: Int) -> RepCountCheck.Verdict {
      RepCountCheck.check(
        reps: reps, own: [timing, angle], order: .eccentricFirst, range: range,
        sampleRateHz: 100
      ).verdict
    }
    #expect(verdict(5) == .supported)
    guard case .rhythm(let cycles, _) = verdict(2) else {
      Issue.record("two squats found where five are plain")
      return
    }
    #expect(cycles.turns.count == 5)
  }
}
