import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// A bar IMU's count is published only where the set's rhythm confirms it (right or unknown,
/// docs/real-data.md). The recordings are the failures found on real bar-mounted sets: a bar
/// that rolls in the hands, so that gravity moves from one axis to another during the set,
/// and reps that flow into each other without stillness between them.
@Suite struct BarImuCountTests {
  /// A set of `reps` squats of `period` seconds each, one straight after the other, between
  /// two seconds of stillness, recorded at `rateHz` by a sensor on the bar's centre (m/s²,
  /// rad/s) that rolls about the bar by `roll` radians over the set, rocks back and forth by
  /// `wobble` radians over every two reps, and turns by `curl` radians at each rep's far end
  /// and back (as a curl's bar turns with the forearms).
  static func rollingBar(
    reps: Int, period: Double, roll: Double, wobble: Double = 0, curl: Double = 0,
    biasStep: Double = 0, rateHz: Double, seed: UInt64
  ) -> String {
    var random = SeededRandom(seed: seed)
    let (rest, travel, g) = (2.0, 0.45, 9.80665)
    let active = Double(reps) * period
    let duration = 2 * rest + active
    // The bar's height: down and up once a rep, from standing, the reps one straight after
    // the other; the set eases in and out over half a second.
    func height(_ t: Double) -> Double {
      let s = t - rest
      guard s > 0, s < active else { return 0 }
      let ease = min(1, s / 0.5, (active - s) / 0.5)
      return -travel * ease * pow(sin(.pi * s / period), 2)
    }
    // The sensor's turn about the bar.
    func angle(_ t: Double) -> Double {
      let progress = min(1, max(0, (t - rest) / active))
      let inSet = t > rest && t < rest + active
      let phase = 2 * Double.pi * (t - rest) / period
      return roll * progress + (inSet ? wobble * sin(phase / 2) : 0) - curl * height(t) / travel
    }
    let step = 1 / rateHz
    var lines = ["t,ax,ay,az,gx,gy,gz"]
    for i in 0..<Int(duration * rateHz) {
      let t = Double(i) * step
      let vertical = (height(t + step) - 2 * height(t) + height(t - step)) / (step * step)
      let rate = (angle(t + step) - angle(t - step)) / (2 * step)
      let force = g + vertical + (t > rest + active / 2 ? biasStep : 0)
      let noise = (0..<6).map { _ in 0.05 * random.gaussian() }
      lines.append(
        String(
          format: "%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f", t, noise[0],
          sin(angle(t)) * force + noise[1], cos(angle(t)) * force + noise[2],
          rate + 0.01 * noise[3], 0.01 * noise[4], 0.01 * noise[5]))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func features(csv: String, exercise: String = "back_squat") throws -> SetFeatures {
    let manifest = """
      {"session_id": "b-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
       "sets": [{"set_number": 1, "exercise": "\(exercise)"}],
       "recordings": [{"kind": "imu", "path": "bar.csv", "format": "generic",
                       "placement": "barbell", "accel_unit": "m/s2", "gyro_unit": "rad/s"}]}
      """
    let session = try TestSupport.features(
      ofSession: "b-1", manifest: manifest, recordings: ["bar.csv": csv],
      tables: ["athletes.csv": "athlete_id,username\na-1,a1\n"])
    return try #require(session.sets.first)
  }

  /// Ten squats without a pause between them, the bar rolling through up to 70°: counted
  /// on the axes and magnitudes, which swing with every rep however the sensor points, and
  /// published, since the rhythm's count agrees; never one long rep.
  @Test(arguments: [(0.0, UInt64(1)), (0.6, UInt64(2)), (1.2, UInt64(3)), (0.6, UInt64(4))])
  func aRollingBarsContinuousRepsAreCounted(roll: Double, seed: UInt64) throws {
    let set = try Self.features(
      csv: Self.rollingBar(
        reps: 10, period: 3, roll: roll, wobble: seed == 4 ? 0.05 : 0, rateHz: 50, seed: seed))
    #expect(
      set.publishedRepCount == 10,
      "roll \(roll): \(set.repCountUnknown ?? ""), \(String(describing: set.countEvidence))")
    let evidence = try #require(set.countEvidence)
    #expect(evidence.periodAgrees)
    #expect(evidence.confidence >= 0.9)
    #expect(set.reps.allSatisfy { $0.endSeconds - $0.startSeconds < 6 })
  }

  /// Two sets on one bar recording (5 squats, then 8, 12 s apart), logged without their
  /// times as two sets, or as three (the recording missed one): with two, each is counted;
  /// with three, which of them the two found are cannot be told, and none is given another
  /// set's count.
  @Test func fewerSetsFoundThanLoggedAreNotGuessed() throws {
    func rows(_ csv: String, after offset: Double) -> (lines: [String], end: Double) {
      var end = offset
      let lines = csv.split(separator: "\n").dropFirst().map { line -> String in
        var fields = line.split(separator: ",").map(String.init)
        end = offset + Double(fields[0])!
        fields[0] = String(format: "%.3f", end)
        return fields.joined(separator: ",")
      }
      return (lines, end + 0.02)
    }
    let first = rows(Self.rollingBar(reps: 5, period: 3, roll: 0, rateHz: 50, seed: 8), after: 0)
    let rest = rows(
      Self.rollingBar(reps: 0, period: 3, roll: 0, rateHz: 50, seed: 9), after: first.end)
    let second = rows(
      Self.rollingBar(reps: 8, period: 3, roll: 0, rateHz: 50, seed: 10),
      after: rows(
        Self.rollingBar(reps: 0, period: 3, roll: 0, rateHz: 50, seed: 11), after: rest.end
      ).end
        + 4)
    let csv =
      (["t,ax,ay,az,gx,gy,gz"] + first.lines + rest.lines + second.lines).joined(separator: "\n")
      + "\n"
    for logged in [2, 3] {
      let sets = (1...logged).map { #"{"set_number": \#($0), "exercise": "back_squat"}"# }
      let manifest = """
        {"session_id": "b-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
         "sets": [\(sets.joined(separator: ","))],
         "recordings": [{"kind": "imu", "path": "bar.csv", "format": "generic",
                         "placement": "barbell", "accel_unit": "m/s2", "gyro_unit": "rad/s"}]}
        """
      let session = try TestSupport.features(
        ofSession: "b-1", manifest: manifest, recordings: ["bar.csv": csv],
        tables: ["athletes.csv": "athlete_id,username\na-1,a1\n"])
      if logged == 2 {
        #expect(session.sets.map(\.publishedRepCount) == [5, 8])
      } else {
        #expect(session.sets.allSatisfy { $0.publishedRepCount == nil })
        #expect(session.sets.allSatisfy { $0.repCountUnknown?.contains("cannot be told") == true })
      }
    }
  }

  /// Ten squats without a pause, 1.5 s down and 1.5 s up, whose accelerometer reads 0.04 m/s²
  /// more from halfway through the set (as a sensor's bias shifts with
  /// its temperature or a knock): levelled between the rests around the set, the velocity
  /// drifts through it, by a tent that peaks mid-set. Its phases are timed with its turns
  /// zeroed (`ImuRepMeasurer.drifts`): each middle rep's within 0.3 s of the truth, as
  /// without the shift.
  @Test(arguments: [0.0, 0.04])
  func aDriftingBarsPhasesAreTimedAtItsTurns(biasStep: Double) throws {
    let set = try Self.features(
      csv: Self.rollingBar(
        reps: 10, period: 3, roll: 0, biasStep: biasStep, rateHz: 50, seed: 12))
    #expect(set.reps.count == 10)
    for rep in set.reps.dropFirst().dropLast() {
      #expect(
        abs(rep.eccentricSeconds - 1.5) < 0.3 && abs(rep.concentricSeconds - 1.5) < 0.3,
        "rep \(rep.repNumber): \(rep.eccentricSeconds) s down, \(rep.concentricSeconds) s up")
    }
  }

  /// A rep over `samples` of a grid at `rate`, lowering through its first half.
  static func rep(_ samples: ClosedRange<Int>, rate: Double) -> RepSegmenter.Segment {
    let (start, end) = (Double(samples.lowerBound) / rate, Double(samples.upperBound) / rate)
    let middle = (start + end) / 2
    return RepSegmenter.Segment(
      eccentric: start...middle, concentric: middle...end, samples: samples)
  }

  /// What cannot be a count is never published, whatever the counter found: one rep found
  /// across a movement that repeats, a rep longer than any exercise's, no rep.
  /// The same squats (0.45 m down and up every 3 s), the bar rolling through up to 70° over
  /// the set, or turning 90° with every rep as a curl's bar does: gravity is tracked through
  /// the turns with the gyroscope, and the velocity is zero where each rep turns, so each rep
  /// travels what the bar did and rises at its speed (0.30 m/s over the half period, a little
  /// more over the stretch that moves). With gravity fixed in the sensor's frame the curl's
  /// reps rose at 0.23-0.35 m/s, and with the velocity zeroed only at the rests around the
  /// set a 70° roll made them travel metres.
  @Test(arguments: [
    (0.0, 0.0, UInt64(1)), (1.2, 0.0, UInt64(3)), (0.0, 1.6, UInt64(5)), (0.6, 1.6, UInt64(6)),
  ])
  func aTurningBarsRepsTravelAndRiseAsTheBarDid(roll: Double, curl: Double, seed: UInt64)
    throws
  {
    let set = try Self.features(
      csv: Self.rollingBar(reps: 10, period: 3, roll: roll, curl: curl, rateHz: 50, seed: seed))
    #expect(set.publishedRepCount == 10)
    let travel = try #require(set.countEvidence?.travel)
    #expect(abs(travel - 0.45) <= 0.04, "roll \(roll), curl \(curl): reps travel \(travel) m")
    // The first and last reps ease in and out of the set.
    let middle = set.reps.dropFirst().dropLast()
    #expect(middle.count == 8)
    for rep in middle {
      let velocity = try #require(rep.meanConcentricVelocity)
      #expect(
        (0.28...0.36).contains(velocity),
        "roll \(roll), curl \(curl), rep \(rep.repNumber): \(velocity) m/s")
    }
  }

  /// A bar that lifts nothing where a set was logged gives no count, with its reason (the
  /// logged count stands), never a published 0 or the sensor's noise taken for reps.
  @Test func aBarThatShowsNoRepGivesNoCount() throws {
    let set = try Self.features(
      csv: Self.rollingBar(reps: 0, period: 3, roll: 0, rateHz: 50, seed: 7))
    #expect(set.publishedRepCount == nil)
    #expect(set.repCountUnknown?.isEmpty == false)
  }

  @Test func implausibleCountsAreUnknown() throws {
    let rate = 50.0
    let swings = (0..<1500).map { sin(2 * Double.pi * Double($0) / rate / 3) }
    let oneLongRep = RepCountEvidence.gather(
      reps: [Self.rep(100...1400, rate: rate)], span: 0..<1500, signals: [swings],
      reading: .loadImu, boundsFound: true, sampleRateHz: rate)
    #expect(oneLongRep.implausibility?.contains("one rep was found") == true)
    // Within bounds an app's buttons gave, one rep may be a single, the set-up and the rack
    // moving around it.
    let single = RepCountEvidence.gather(
      reps: [Self.rep(600...800, rate: rate)], span: 0..<1500, signals: [swings],
      reading: .loadImu, boundsFound: false, sampleRateHz: rate)
    #expect(single.implausibility == nil)
    var thirteenSeconds = RepCountEvidence(reps: 2)
    thirteenSeconds.longestRep = 13
    #expect(thirteenSeconds.implausibility?.contains("a rep of 13 s") == true)
    #expect(RepCountEvidence(reps: 0).implausibility == "no reps found")
    let tenReps = RepCountEvidence.gather(
      reps: (0..<10).map { Self.rep((75 + $0 * 150)...(75 + ($0 + 1) * 150), rate: rate) },
      span: 0..<1650,
      signals: [swings + Array(repeating: 0, count: 150)], reading: .loadImu, boundsFound: true,
      sampleRateHz: rate)
    #expect(tenReps.implausibility == nil)
    #expect(tenReps.periodAgrees, "\(tenReps)")
  }

  /// The confidence is the calibration's: a bar set whose rhythm agrees is published at the
  /// pipeline's 0.9; one whose rhythm disagrees, or a camera's set found in its recording, is
  /// not.
  @Test func confidenceFollowsTheCalibration() {
    let agreeing = RepCountCalibration.confidence(
      sensor: .loadImu, boundsFound: true, periodAgrees: true)
    #expect(agreeing > 0.9)
    #expect(
      RepCountCalibration.confidence(sensor: .loadImu, boundsFound: true, periodAgrees: false)
        < 0.9)
    #expect(
      RepCountCalibration.confidence(sensor: .camera, boundsFound: true, periodAgrees: true)
        < 0.9)
  }
}
