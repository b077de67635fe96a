import AuraTestSupport
import Foundation
import Testing

@testable import AuraEvaluation
@testable import AuraFeatures
@testable import AuraSynth

/// The generator's bar as the real bar recordings go (`SynthConfig.barFailures`): the bar
/// rolls up to 70° through a set (a curl's turns 90° with every rep), its reps run into each
/// other without stillness, and a small swing takes it off the rack or floor first.
@Suite struct GeneratedBarFailuresTests {
  /// Each set of the generated sessions that hold a bar IMU, with its features, read with
  /// the camera (`pose: true`) or from the IMU alone, its bounds and logged count left out.
  static func sets(seed: UInt64, pose: Bool) throws -> [(truth: SetTruth, features: SetFeatures)] {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 5, sessions: 4, seed: seed, logOnlyShare: 0,
      imuFormats: ["generic", "metawear", "xio", "sensorlogger"], barFailures: true)
    defer { TestSupport.remove(folder) }
    var result: [(truth: SetTruth, features: SetFeatures)] = []
    for sessionTruth in truth.sessions {
      let url = folder.appendingPathComponent("sessions/\(sessionTruth.sessionId)/session.json")
      let manifest = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
      let recordings = try #require(manifest["recordings"] as? [[String: Any]])
      guard recordings.contains(where: { $0["kind"] as? String == "imu" }) else { continue }
      if !pose {
        try TestSupport.keepImuOnly(
          sessionTruth.sessionId, in: folder, removingSetFields: ["start_s", "end_s", "reps"])
      }
      let features = try TestSupport.features(sessionTruth.sessionId, in: folder)
      for setTruth in sessionTruth.sets {
        let set = try #require(features.sets.first { $0.setNumber == setTruth.setNumber })
        result.append((setTruth, set))
      }
    }
    return result
  }

  /// What the sets' counts and IMU velocities came to: sets, counts published, of them
  /// wrong, and the mean absolute error of the reps' IMU velocities against the moving mean
  /// of the true ones (m/s), over the sets whose reps were all found.
  static func tally(_ sets: [(truth: SetTruth, features: SetFeatures)]) -> (
    sets: Int, published: Int, wrong: Int, velocityError: Double
  ) {
    var errors: [Double] = []
    var (published, wrong) = (0, 0)
    for (truth, set) in sets {
      if let count = set.publishedRepCount {
        published += 1
        if count != truth.reps { wrong += 1 }
      }
      guard set.reps.count == truth.repList.count else { continue }
      for (rep, repTruth) in zip(set.reps, truth.repList) {
        if let velocity = rep.imuVelocity?.mean {
          errors.append(abs(velocity - repTruth.movingMeanConcentricVelocity))
        }
      }
    }
    return (sets.count, published, wrong, errors.reduce(0, +) / Double(max(1, errors.count)))
  }

  /// Filmed as well, the sets are counted on the camera, every one published and right, and
  /// the bar's velocities come from the IMU with gravity tracked through the roll (read with
  /// gravity fixed they were off by metres a second).
  @Test func aRollingBarWithACameraKeepsItsCountsAndVelocities() throws {
    let result = Self.tally(try Self.sets(seed: 41, pose: true))
    #expect(result.sets >= 20)
    #expect(result.published == result.sets && result.wrong == 0)
    #expect(result.velocityError <= 0.05, "IMU velocity error \(result.velocityError) m/s")
  }

  /// From the IMU alone, its sets found in the recording, a rolling bar's counts meet the
  /// contract's targets (right or unknown, docs/real-data.md) over three generated datasets:
  /// among the counts published, 90 % exact and 95 % within one, on 75 % of the sets. Each
  /// failure found once is held off here: a missed set taking another's count, an axis that
  /// pulses twice a rep outcounting the height.
  @Test func aRollingBarAloneIsRightOrUnknown() throws {
    var (sets, published, exact, withinOne) = (0, 0, 0, 0)
    for seed: UInt64 in [41, 43, 47] {
      for (truth, set) in try Self.sets(seed: seed, pose: false) {
        sets += 1
        guard let count = set.publishedRepCount else { continue }
        published += 1
        if count == truth.reps { exact += 1 }
        if abs(count - truth.reps) <= 1 { withinOne += 1 }
      }
    }
    #expect(sets >= 50)
    #expect(Double(exact) >= 0.9 * Double(published), "\(exact) of \(published) exact")
    #expect(Double(withinOne) >= 0.95 * Double(published), "\(withinOne) of \(published)")
    #expect(Double(published) >= 0.75 * Double(sets), "\(published) of \(sets) published")
  }
}
