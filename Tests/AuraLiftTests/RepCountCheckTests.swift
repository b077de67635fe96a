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
        #expect(rhythm.cycles == reps, "\(reps) reps at \(rateHz) Hz, jitter \(jitter)")
        #expect(abs(rhythm.period - 1.6) < 0.35)
        if jitter <= 0.1, reps >= 8 {
          #expect(rhythm.strength > 0.5, "\(reps) reps at \(rateHz) Hz")
        }
      }
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
    #expect(rhythm.cycles == 12)
    let range = 0..<values.count
    #expect(
      RepCountCheck.unknownReason(reps: 12, signals: [values], range: range, sampleRateHz: 30)
        == nil)
    #expect(
      RepCountCheck.unknownReason(reps: 13, signals: [values], range: range, sampleRateHz: 30)
        == nil)
    let wrong = RepCountCheck.unknownReason(
      reps: 6, signals: [values], range: range, sampleRateHz: 30)
    #expect(wrong?.contains("about 12 reps where 6 were found") == true)
    // Most of the set unseen: the count is unknown whatever it is.
    for i in 100..<(values.count - 100) { values[i] = .nan }
    let unseen = RepCountCheck.unknownReason(
      reps: 12, signals: [values], range: range, sampleRateHz: 30)
    #expect(unseen?.hasPrefix("the recording lost the movement") == true)
  }

  @Test func noRhythmInNoiseAndNoCheckOfOneRep() {
    var random = SeededRandom(seed: 11)
    let noise = (0..<600).map { _ in random.unit() }
    let range = 0..<noise.count
    #expect(
      RepCountCheck.unknownReason(reps: 2, signals: [noise], range: range, sampleRateHz: 30) == nil)
    var one = Array(repeating: 0.0, count: 60)
    one += (0..<60).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / 60) }
    one += Array(repeating: 0.0, count: 60)
    #expect(
      RepCountCheck.unknownReason(reps: 1, signals: [one], range: 0..<one.count, sampleRateHz: 30)
        == nil)
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
    #expect(rhythm.cycles == 5)
    let range = 0..<angle.count
    #expect(
      RepCountCheck.unknownReason(reps: 5, signals: [angle], range: range, sampleRateHz: 100) == nil
    )
    #expect(
      RepCountCheck.unknownReason(reps: 2, signals: [angle], range: range, sampleRateHz: 100) != nil
    )
  }
}
