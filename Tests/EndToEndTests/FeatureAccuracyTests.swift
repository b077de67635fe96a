import AuraDomain
import AuraEvaluation
import AuraIngest
import AuraSupport
import AuraTestSupport
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
    // Counted from the bar IMU alone too: its recordings, whose reps may jolt the bar at a
    // steady pace, are not taken for ones that lost packets of samples.
    #expect(try #require(report.imuOnlyTotal.exactRate) >= 0.995)
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

  /// A watch instead of a bar IMU: the evaluator reports it apart ("@wrist") and claims no bar
  /// velocity from it. How its reps are counted: WristRepCountTests.
  @Test func wristImuIsReportedApartWithoutVelocity() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 3, seed: 31, noise: .low, logOnlyShare: 0,
      imuFormats: SynthConfig.allImuFormats, imuPlacements: ["wrist"])
    defer { TestSupport.remove(folder) }
    let report = try Self.evaluate(folder, truth: truth)
    let imu = report.groups.filter { $0.key.source.hasPrefix("imu") }
    #expect(!imu.isEmpty)
    #expect(imu.keys.allSatisfy { $0.source.hasSuffix("@wrist") })
    #expect(imu.values.allSatisfy { $0.meanVelocityMAE == nil && $0.velocityLossMAE == nil })
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
