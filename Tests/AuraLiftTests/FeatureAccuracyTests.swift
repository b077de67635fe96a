import AuraDomain
import AuraEvaluation
import AuraIngest
import AuraSupport
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// Features measured on generated recordings against the generator's exact truth, with the
/// evaluator that `auralift eval` prints.
@Suite struct FeatureAccuracyTests {
  static func evaluate(_ folder: URL, truth: DatasetTruth) throws -> AccuracyReport {
    try FeatureEvaluator(
      root: folder, tables: try DatasetTablesReader.read(root: folder), truth: truth,
      parameters: TestSupport.parameters
    ).evaluate(workers: 2)
  }

  /// Every recorded exercise, every pose format: exact rep counts, ROM, tempo, velocity and
  /// velocity loss within the low-noise targets, sets found again with their bounds
  /// removed.
  @Test func lowNoiseRecordingsMatchTruth() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 5, sessions: 4, seed: 21, noise: .low, logOnlyShare: 0,
      poseFormats: SynthConfig.allPoseFormats, imuFormats: SynthConfig.allImuFormats)
    defer { TestSupport.remove(folder) }
    let report = try Self.evaluate(folder, truth: truth)
    let pose = report.poseTotal
    print(report.markdown)
    #expect(Set(report.groups.keys.map(\.exercise)).count == 5)
    #expect(pose.sets > 30)
    #expect(pose.exactRate == 1)
    #expect(try #require(pose.romMAE) <= 1.5)
    #expect(try #require(pose.tempoMAE) <= 0.1)
    #expect(try #require(pose.setDetectionF1) >= 0.98)
    #expect(try #require(pose.meanVelocityMAE) <= 0.02)
    #expect(try #require(report.imuTotal.meanVelocityMAE) <= 0.007)
    #expect(try #require(pose.velocityLossMAE) <= 1.5)
    // Paused reps (a dwell of 0.8-1.6 s at the turning point) keep their pause; one-rep sets
    // are counted like any other.
    let paused = report.reps.filter { $0.truth.pauseSeconds > 0.8 }
    #expect(paused.count > 10)
    let pauseError =
      paused.map { abs($0.measured.pauseSeconds - $0.truth.pauseSeconds) }.reduce(0, +)
      / Double(paused.count)
    #expect(pauseError < 0.15)
    #expect(truth.sessions.flatMap(\.sets).contains { $0.reps == 1 })
  }

  /// The other three exercise profiles (a bent-over row pulled with the elbows, push-ups whose
  /// shoulders carry the load, lunges kept upright): every rep counted, ROM and tempo within
  /// the low-noise targets for each, the row's bar IMU too.
  @Test func rowPushUpAndLungeProfilesMatchTruth() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 3, sessions: 3, seed: 43, noise: .low, logOnlyShare: 0,
      poseFormats: SynthConfig.allPoseFormats,
      exercises: ["barbell_row", "push_up", "lunge"])
    defer { TestSupport.remove(folder) }
    let report = try Self.evaluate(folder, truth: truth)
    print(report.markdown)
    for exercise in ["barbell_row", "push_up", "lunge"] {
      let tally = report.groups.filter {
        $0.key.exercise == exercise && $0.key.source.hasPrefix("pose")
      }
      .values.reduce(into: AccuracyTally()) { $0.merge($1) }
      #expect(tally.sets >= 3, "\(exercise)")
      #expect(tally.exactRate == 1, "\(exercise)")
      #expect(try #require(tally.romMAE) <= 1.5, "\(exercise)")
      #expect(try #require(tally.tempoMAE) <= 0.1, "\(exercise)")
    }
    #expect(report.imuOnlyTotal.exactRate == 1)
  }

  /// A session with a bar IMU and no camera: reps counted and timed on the load's own height,
  /// velocity from the IMU, no joint angles (so form is not judged on depth). Issue 4's
  /// targets are measured on larger sets in `make bench`; these bound what a small one reaches.
  @Test func imuWithoutCameraCountsAndTimesReps() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 5, sessions: 5, seed: 23, noise: .low, logOnlyShare: 0,
      imuFormats: SynthConfig.allImuFormats)
    defer { TestSupport.remove(folder) }
    let report = try Self.evaluate(folder, truth: truth)
    let imuOnly = report.imuOnlyTotal
    #expect(imuOnly.sets > 10)
    #expect(try #require(imuOnly.exactRate) >= 0.9)
    #expect(try #require(imuOnly.meanVelocityMAE) < 0.07)
    #expect(try #require(imuOnly.tempoMAE) < 0.25)
    #expect(try #require(imuOnly.setDetectionF1) >= 0.9)
    // Through the extractor: the sets say where their numbers come from, and carry no ROM.
    let settings = try SessionReader.Settings(TestSupport.parameters)
    let withImu = try truth.sessions.lazy.map {
      try SessionReader.read(
        folder: $0.sessionId, datasetRoot: folder, catalog: .builtIn, settings: settings)
    }.first { $0.imu != nil }
    var session = try #require(withImu)
    session.pose = nil
    let features = try SessionFeatureExtractor(
      settings: try .init(TestSupport.parameters), catalog: .builtIn
    ).extract(session, body: BodyDimensions(heightCm: nil))
    let measured = features.sets.filter { !$0.reps.isEmpty }
    #expect(!measured.isEmpty && measured.allSatisfy { $0.source == .imu })
    #expect(measured.flatMap(\.reps).allSatisfy { $0.romDegrees == nil && $0.imuVelocity != nil })
  }

  /// The same movement filmed as 2-D keypoints (vision19) and as 3-D world markers (TRC):
  /// the same reps, the same ranges of motion, and concentric phases that agree on average
  /// within the fit's noise (each source's boundaries err by about 0.05 s).
  @Test func twoDimensionalAndThreeDimensionalSourcesAgree() throws {
    let (flat, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 33, logOnlyShare: 0, poseFormats: ["vision19"])
    let (deep, deepTruth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 33, logOnlyShare: 0, poseFormats: ["trc"])
    defer { TestSupport.remove(flat, deep) }
    #expect(truth.sessions.map(\.sessionId) == deepTruth.sessions.map(\.sessionId))
    var phaseDifferences: [Double] = []
    var romDifferences: [Double] = []
    for session in truth.sessions {
      let a = try TestSupport.features(session.sessionId, in: flat)
      let b = try TestSupport.features(session.sessionId, in: deep)
      #expect(b.poseScale?.method == "world_metres")
      for (setA, setB) in zip(a.sets, b.sets) {
        #expect(setA.reps.count == setB.reps.count)
        for (repA, repB) in zip(setA.reps, setB.reps) {
          let (romA, romB) = (try #require(repA.romDegrees), try #require(repB.romDegrees))
          romDifferences.append(abs(romA - romB))
          phaseDifferences.append(abs(repA.concentricSeconds - repB.concentricSeconds))
        }
      }
    }
    // Each source errs by about 0.6° on average (`make bench`), independently.
    #expect(romDifferences.reduce(0, +) / Double(romDifferences.count) < 1)
    #expect(romDifferences.max()! < 2.5)
    #expect(phaseDifferences.count > 20)
    #expect(phaseDifferences.reduce(0, +) / Double(phaseDifferences.count) < 0.08)
    #expect(phaseDifferences.max()! < 0.3)
  }

  /// An athlete facing left gives the same angles, tempo and velocities as facing right (the
  /// phase fit is a search that stops within 0.1 ms, so a mirrored rounding error can move its
  /// end by that much).
  @Test func mirroredAthleteGivesTheSameFeatures() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 41, logOnlyShare: 0, poseFormats: ["vision19"])
    defer { TestSupport.remove(folder) }
    for session in truth.sessions {
      let original = try TestSupport.features(session.sessionId, in: folder)
      try TestSupport.mirrorPoseCSV(
        folder.appendingPathComponent("sessions/\(session.sessionId)/pose.csv"))
      let mirrored = try TestSupport.features(session.sessionId, in: folder)
      #expect(original.sets.map(\.reps.count) == mirrored.sets.map(\.reps.count))
      for (a, b) in zip(original.sets.flatMap(\.reps), mirrored.sets.flatMap(\.reps)) {
        #expect(abs(try #require(a.romDegrees) - (try #require(b.romDegrees))) < 1e-6)
        #expect(abs((a.maxTrunkLeanDegrees ?? 0) - (b.maxTrunkLeanDegrees ?? 0)) < 1e-6)
        #expect(abs(a.eccentricSeconds - b.eccentricSeconds) < 1e-3)
        #expect(abs((a.meanConcentricVelocity ?? 0) - (b.meanConcentricVelocity ?? 0)) < 2e-3)
      }
    }
  }

  /// A set that ends on a failed attempt (the load leaves the floor, stalls partway and is
  /// lowered) counts only the completed reps, and a set of partial reps (shallow squats and
  /// presses, pulls short of lockout) counts every one with its shorter range.
  @Test func failedAttemptsAndPartialRepsAreCountedAsPerformed() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 4, sessions: 3, seed: 52, logOnlyShare: 0)
    defer { TestSupport.remove(folder) }
    var failed = 0
    var partial = 0
    for session in truth.sessions {
      let features = try TestSupport.features(session.sessionId, in: folder)
      for (set, measured) in zip(session.sets, features.sets)
      where set.failed == true || set.formLabel == "bad" {
        #expect(measured.reps.count == set.reps, "\(session.sessionId) set \(set.setNumber)")
        // The dataset's labels travel with the set.
        #expect(measured.failed == set.failed && measured.formLabel == set.formLabel)
        if set.failed == true { failed += 1 }
        if set.formLabel == "bad" {
          partial += 1
          let rom = measured.reps.compactMap(\.romDegrees)
          let truthRom = set.repList.map(\.romDegrees)
          #expect(rom.count == truthRom.count)
          for (a, b) in zip(rom, truthRom) { #expect(abs(a - b) < 3) }
        }
      }
    }
    #expect(failed > 0 && partial > 0)
  }

  /// A knee hidden for 1.5 s in the middle of a squat set: the gap is not bridged, the reps are
  /// still counted on the bar, and the reps that lost the knee say how much was filled in.
  @Test func longDropoutStaysAGap() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 1, seed: 5, logOnlyShare: 0, poseFormats: ["vision19"])
    defer { TestSupport.remove(folder) }
    let session = try #require(truth.sessions.first)
    #expect(session.sets[0].exercise == "back_squat")
    let rep = session.sets[0].repList[session.sets[0].reps / 2]
    let hidden = rep.startSeconds...(rep.startSeconds + 1.5)
    try TestSupport.hideJoints(
      ["left_knee", "right_knee"], during: hidden,
      in: folder.appendingPathComponent("sessions/\(session.sessionId)/pose.csv"))
    let features = try TestSupport.features(session.sessionId, in: folder)
    #expect(features.sets[0].reps.count == session.sets[0].reps)
    let long = SignalFilter.fillShortGaps([1, .nan, .nan, .nan, .nan, 6], maxGap: 3)
    #expect(long.values[2].isNaN)
    #expect(!long.filled.contains(true))
  }

  /// The boundary fit recovers the start and end of a known movement to a hundredth of a second.
  @Test func phaseBoundariesOfAKnownMovement() throws {
    // A 1.2 s minimum-jerk rise from 2.0 s, sampled at 60 Hz, then a 1 s pause at the top.
    let times = (0..<360).map { Double($0) / 60 }
    let y = times.map { t -> Double in
      let tau = min(max((t - 2) / 1.2, 0), 1)
      return tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
    }
    let phase = try #require(
      PhaseBoundary.fit(
        y, times: times, inside: 156, lower: 0, upper: 359, from: 0, to: 1,
        smoothest: MotionLaw.any)?.range)
    #expect(abs(phase.lowerBound - 2.0) < 0.01)
    #expect(abs(phase.upperBound - 3.2) < 0.01)
  }

  /// A load lifted by one segment turning about a joint (height 0.45 m · cos of its angle from
  /// the vertical, 10° at the top, 72° at the bottom), the angle following a harmonic descent
  /// over 1.6 s and a minimum-jerk rise over 0.8 s, three reps at 100 Hz with 0.5 mm of noise.
  /// The height flattens at the top, so a straight law, even the smoothest, misplaces a
  /// boundary by more than 0.15 s (0.28 s measured); the set's shared lever (found at 67.5° and
  /// 7.5°) recovers every boundary to 0.04 s (0.032 s measured).
  @Test func phasesOfALoadOnALeverAreTimedFromItsHeight() throws {
    let (top, bottom) = (10.0, 72.0)
    let descent = MotionLaw(smoothness: 0)
    let rise = MotionLaw(smoothness: 1)
    var random = SeededRandom(seed: 3)
    // Each rep: rest 1 s, down over 1.6 s, pause 0.3 s, up over 0.8 s; then rest 1 s.
    let starts = [1.0, 4.7, 8.4]
    let times = (0..<1250).map { Double($0) / 100 }
    func angle(_ t: Double) -> Double {
      guard let start = starts.last(where: { $0 <= t }) else { return top }
      let down = descent((t - start) / 1.6)
      let up = rise((t - start - 1.9) / 0.8)
      return top + (bottom - top) * (down - up)
    }
    let height = times.map { 0.45 * cos(angle($0) * .pi / 180) + 0.0005 * random.gaussian() }
    let (high, low) = (0.45 * cos(top * .pi / 180), 0.45 * cos(bottom * .pi / 180))
    let phases = starts.flatMap { start in
      [
        (
          samples: PhaseBoundary.samples(
            height, times: times, inside: Int((start + 0.8) * 100), lower: Int(start * 100) - 30,
            upper: Int((start + 1.75) * 100), from: high, to: low),
          rising: false, truth: start...(start + 1.6)
        ),
        (
          samples: PhaseBoundary.samples(
            height, times: times, inside: Int((start + 2.3) * 100),
            lower: Int((start + 1.75) * 100), upper: Int((start + 2.7) * 100) + 30, from: low,
            to: high),
          rising: true, truth: (start + 1.9)...(start + 2.7)
        ),
      ]
    }
    let lever = try #require(LeverGeometry.fitting(phases.map { ($0.samples, $0.rising) }))
    var straightWorst = 0.0
    for phase in phases {
      let samples = try #require(phase.samples)
      let bend = phase.rising ? lever : lever.reversed
      let fitted = try #require(
        PhaseBoundary.fit(samples, smoothest: MotionLaw.human, lever: bend)?.fit.range)
      #expect(abs(fitted.lowerBound - phase.truth.lowerBound) < 0.04)
      #expect(abs(fitted.upperBound - phase.truth.upperBound) < 0.04)
      let straight = try #require(
        PhaseBoundary.fit(samples, smoothest: MotionLaw.any, lever: nil)?.fit.range)
      straightWorst = max(
        straightWorst, abs(straight.lowerBound - phase.truth.lowerBound),
        abs(straight.upperBound - phase.truth.upperBound))
    }
    #expect(straightWorst > 0.15)
  }

  /// A bar IMU's height whose rest level creeps up 6 cm a rep (a slow 0.1 m/s descent partly
  /// taken for rest loses that much of it), five 0.2 m squats at 100 Hz: counted on its
  /// swings, five reps; against fixed marks (30 % and 70 % of the set's travel) the later
  /// reps never come back past the upper mark. And a deadlift's four 0.5 m pulls and a failed
  /// attempt that stalls 0.22 m up: four reps.
  @Test func aDriftingHeightIsCountedOnItsSwings() throws {
    var random = SeededRandom(seed: 5)
    let times = (0..<2600).map { Double($0) / 100 }
    // Squats: from 1 s, each rep 0.8 s at rest, 2 s down, 0.3 s pause, 0.4 s up.
    let squat = easedSteps(
      (0..<5).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.5
        return [(-0.2, start, 2), (0.26, start + 2.3, 0.4)]
      }, at: times, random: &random)
    // Deadlifts: from 1 s, each pull 0.8 s up, 0.3 s hold, 1.2 s down, 1 s rest; then the
    // failed attempt: 1 s up to 0.22 m, 0.6 s stalled, 0.8 s down.
    let deadlift = easedSteps(
      (0..<4).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.3
        return [(0.5, start, 0.8), (-0.5, start + 1.1, 1.2)]
      } + [(0.22, 15, 1), (-0.22, 16.6, 0.8)], at: times, random: &random)
    func count(_ values: [Double], drifts: Bool, order: PhaseOrder) -> Int {
      segmentHeight(values, times: times, drifts: drifts, order: order).count
    }
    #expect(count(squat, drifts: true, order: .eccentricFirst) == 5)
    #expect(count(squat, drifts: false, order: .eccentricFirst) < 5)
    #expect(count(deadlift, drifts: true, order: .concentricFirst) == 4)
  }

  /// A slow first descent taken for rest (the height stays at its rest level until the first
  /// rep's bottom, and the set ends a travel higher) still makes a rep, judged on its rising
  /// leg, with its eccentric marked flattened; so does a deadlift's last lowering. The
  /// flattened eccentric then gets the median of the set's other eccentrics, ending at the
  /// turning point.
  @Test func aFlattenedLegStillMakesItsRep() throws {
    var random = SeededRandom(seed: 7)
    let times = (0..<2000).map { Double($0) / 100 }
    // Squats from 1 s, each rep 2 s down, 0.3 s pause, 0.4 s up, 0.8 s at rest; the first
    // descent never shows.
    let squat = easedSteps(
      (0..<5).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.5
        return (rep > 0 ? [(-0.2, start, 2)] : []) + [(0.2, start + 2.3, 0.4)]
      }, at: times, random: &random)
    // Deadlifts from 1 s, each pull 0.8 s up, 0.3 s hold, 1.2 s down, 1 s rest; the last
    // lowering never shows.
    let deadlift = easedSteps(
      (0..<4).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.3
        return [(0.5, start, 0.8)] + (rep < 3 ? [(-0.5, start + 1.1, 1.2)] : [])
      }, at: times, random: &random)
    func segments(_ values: [Double], order: PhaseOrder) -> [RepSegmenter.Segment] {
      segmentHeight(values, times: times, drifts: true, order: order)
    }
    let squats = segments(squat, order: .eccentricFirst)
    #expect(squats.map(\.flattened) == [.eccentric, nil, nil, nil, nil])
    let pulls = segments(deadlift, order: .concentricFirst)
    #expect(pulls.map(\.flattened) == [nil, nil, nil, .eccentric])
    // The squats' own eccentrics are timed within 0.1 s of their 2 s.
    for squat in squats.dropFirst() {
      #expect(abs(squat.eccentric.upperBound - squat.eccentric.lowerBound - 2) < 0.1)
    }
    let imputed = ImuRepMeasurer.imputingFlattenedPhases(squats)[0].eccentric
    var others = squats.dropFirst().map { $0.eccentric.upperBound - $0.eccentric.lowerBound }
    #expect(imputed.upperBound == squats[0].eccentric.upperBound)
    #expect(
      imputed.upperBound - imputed.lowerBound == OrderStatistic.select(&others, rank: 2))
  }

  @Test func runsOfAMaskAreFoundToTheEnds() {
    #expect(SignalFilter.runs([]) == [])
    #expect(SignalFilter.runs([false, true, true, false, true]) == [1..<3, 4..<5])
    #expect(SignalFilter.runs([true, true, false, false]) == [0..<2])
  }

  /// Selection gives the same order statistic as sorting, with duplicates and at every size.
  @Test func selectionMatchesSorting() {
    var random = SeededRandom(seed: 13)
    for size in [1, 2, 7, 16, 17, 18, 100, 1001] {
      for _ in 0..<20 {
        let values = (0..<size).map { _ in
          Double(random.integer(0...(size / 2)))
        }
        let sorted = values.sorted()
        for rank in Set([0, size / 2, (size - 1) * 9 / 10, size - 1]) {
          var scratch = values
          #expect(
            OrderStatistic.select(&scratch, rank: rank) == sorted[rank],
            "seed 13, size \(size), rank \(rank)")
        }
      }
    }
  }

  /// Long series are selected among the values a sample brackets: the same order statistics
  /// and noise deviations as sorting gives, whether the sample brackets the rank (noise, a
  /// movement) or misses it (a sorted ramp sampled at its start of every stride, ties).
  @Test func longSeriesSelectionMatchesSorting() {
    var random = SeededRandom(seed: 5)
    for size in [2048, 2049, 5000, 20_001] {
      let series: [[Double]] = [
        (0..<size).map { _ in random.gaussian() },
        (0..<size).map { sin(Double($0) / 40) + 0.01 * random.gaussian() },
        (0..<size).map { Double($0 / 3) },
        (0..<size).map { Double($0 % 5) },
      ]
      for values in series {
        let sorted = values.sorted()
        for rank in Set([0, size / 2, (size - 1) * 9 / 10, size - 1]) {
          var scratch = values
          #expect(
            OrderStatistic.select(&scratch, rank: rank) == sorted[rank],
            "seed 13, size \(size), rank \(rank)")
        }
        let second = (1..<(size - 1)).map { (i: Int) -> Double in
          let difference: Double = values[i + 1] - 2 * values[i] + values[i - 1]
          return abs(difference)
        }.sorted()
        let half = second.count / 2
        let middle = second.count % 2 == 1 ? second[half] : (second[half - 1] + second[half]) / 2
        #expect(SignalFilter.noiseDeviation(values) == 1.4826 * middle / 6.0.squareRoot())
      }
    }
  }

  /// The Hampel filter removes tracking spikes from a noisy movement and nothing else.
  @Test func outlierRejectionRemovesSpikesOnly() {
    var random = SeededRandom(seed: 9)
    var values = (0..<600).map { i in
      300 * sin(Double(i) / 60 * 2 * .pi / 3) + 1.5 * random.gaussian()
    }
    let spikes = [100, 250, 401]
    for i in spikes { values[i] += 60 }
    let noise = SignalFilter.noiseDeviation(values)
    #expect(abs(noise - 1.5) < 0.3)
    let (clean, rejected) = SignalFilter.rejectOutliers(values, noise: noise)
    #expect(rejected.indices.filter { rejected[$0] } == spikes)
    #expect(spikes.allSatisfy { clean[$0].isNaN })
    // Beside a dropped frame a window is short and checked on its own: the same spikes go.
    for i in spikes { values[i + 2] = .nan }
    let (_, nearGaps) = SignalFilter.rejectOutliers(values, noise: noise)
    #expect(nearGaps.indices.filter { nearGaps[$0] } == spikes)
  }

  /// A set the manifest leaves out is still seen: its reps, outside every listed set's bounds,
  /// become a warning, and the listed sets keep their reps.
  @Test func movementOutsideTheBoundsIsReported() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 1, seed: 5, logOnlyShare: 0, poseFormats: ["vision19"])
    defer { TestSupport.remove(folder) }
    let session = try #require(truth.sessions.first)
    let manifestURL = folder.appendingPathComponent("sessions/\(session.sessionId)/session.json")
    var manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
    var sets = try #require(manifest["sets"] as? [[String: Any]])
    sets.removeLast()
    manifest["sets"] = sets
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
    let features = try TestSupport.features(session.sessionId, in: folder)
    let dropped = session.sets.last!
    #expect(features.sets.map(\.reps.count) == session.sets.dropLast().map(\.reps))
    #expect(
      features.warnings.contains {
        $0.hasPrefix("movement of \(dropped.reps) reps")
          && $0.hasSuffix("outside every set's bounds")
      })
  }
}

/// A half-cosine step of the load's height: metres, start and duration in seconds.
private typealias Step = (meters: Double, start: Double, duration: Double)

/// The sum of `steps` at `times`, each from 0 to its metres over its duration, plus 1 mm of
/// Gaussian noise.
private func easedSteps(_ steps: [Step], at times: [Double], random: inout SeededRandom)
  -> [Double]
{
  times.map { t in
    steps.reduce(0) { height, step in
      let share = min(max((t - step.start) / step.duration, 0), 1)
      return height + step.meters * (0.5 - 0.5 * cos(Double.pi * share))
    } + 0.001 * random.gaussian()
  }
}

/// The reps the segmenter finds in a height signal over all of `times`, its noise given as
/// 1 mm, with at least 5 cm of travel and 0.5 s a rep.
private func segmentHeight(_ values: [Double], times: [Double], drifts: Bool, order: PhaseOrder)
  -> [RepSegmenter.Segment]
{
  RepSegmenter(settings: .init(minimumTravel: 0.05, minimumRepSeconds: 0.5)).segment(
    height: RepSegmenter.Signal(values: values, noise: 0.001, drifts: drifts), times: times,
    range: 0..<times.count, order: order)
}
