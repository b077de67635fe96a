import AuraTestSupport
import Foundation
import Testing

@testable import AuraEvaluation
@testable import AuraFeatures
@testable import AuraSynth

/// Reps from a watch's accelerometer alone, as most wrist recordings come (no gyroscope, no
/// set bounds, rest and arm sway before and after): the forearm turns through gravity at every
/// rep, and that, not the wrist's drifting height, is what is counted.
@Suite struct WristRepCountTests {
  /// A `generic` CSV of a curl set at `rateHz`: 3 s of sway, `reps` continuous reps of about
  /// `period` seconds (each within 15 %), 3 s of sway; acceleration in g in the watch's frame.
  static func curlSet(reps: Int, period: Double, rateHz: Double, seed: UInt64) -> String {
    var random = SeededRandom(seed: seed)
    var angles: [Double] = []
    let rest = 0.2
    func sway(seconds: Double) {
      let phase = 2 * Double.pi * random.unit()
      for i in 0..<Int(seconds * rateHz) {
        angles.append(rest + 0.08 * sin(2 * Double.pi * 1.7 * Double(i) / rateHz + phase))
      }
    }
    sway(seconds: 3)
    for _ in 0..<reps {
      let count = Int((period * (1 + 0.15 * (2 * random.unit() - 1)) * rateHz).rounded())
      let travel = 2.0 + 0.3 * (2 * random.unit() - 1)
      for i in 0..<count {
        angles.append(rest + travel * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count))))
      }
    }
    sway(seconds: 3)
    var lines = ["t,ax,ay,az"]
    for (i, angle) in angles.enumerated() {
      let noise = (0..<3).map { _ in 0.03 * random.gaussian() }
      lines.append(
        String(
          format: "%.4f,%.4f,%.4f,%.4f", Double(i) / rateHz, cos(angle) + noise[0],
          sin(angle) + noise[1], 0.1 + noise[2]))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The features of a one-set session whose only recording is `csv` on the `placement`.
  static func features(csv: String, placement: String) throws -> SessionFeatures {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let session = root.appendingPathComponent("sessions/w-1")
    try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
    try Data("athlete_id,username\na-1,a1\n".utf8).write(
      to: root.appendingPathComponent("athletes.csv"))
    try Data(csv.utf8).write(to: session.appendingPathComponent("wrist.csv"))
    let manifest = """
      {"session_id": "w-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
       "sets": [{"set_number": 1, "exercise": "biceps_curl"}],
       "recordings": [{"kind": "imu", "path": "wrist.csv", "format": "generic",
                       "placement": "\(placement)", "accel_unit": "g"}]}
      """
    try Data(manifest.utf8).write(to: session.appendingPathComponent("session.json"))
    return try TestSupport.features("w-1", in: root)
  }

  @Test(arguments: [50.0, 12.5])
  func continuousCurlsOnTheWristAreCounted(rateHz: Double) throws {
    for (reps, seed) in [(6, 1), (12, 2), (20, 3)] {
      let session = try Self.features(
        csv: Self.curlSet(reps: reps, period: 2.2, rateHz: rateHz, seed: UInt64(seed)),
        placement: "wrist")
      let set = try #require(session.sets.first)
      #expect(set.repCountUnknown == nil, "\(reps) reps at \(rateHz) Hz")
      #expect(set.reps.count == reps, "\(reps) reps at \(rateHz) Hz")
      // The watch turns with the forearm: its height is no bar's, so no velocity is given,
      // and it cannot tell lowering from lifting, so no phases.
      #expect(set.reps.allSatisfy { $0.meanConcentricVelocity == nil })
      #expect(!set.phasesMeasured)
      #expect(set.velocityLossPercent == nil)
      #expect(session.warnings.contains { $0.contains("no bar velocity from an IMU on the wrist") })
    }
  }

  /// The generator's watch (`--imu-placements wrist`: strapped at a random angle, turning with
  /// the forearm) on every recorded lift, sessions of several sets, with the camera, the set
  /// bounds and the logged counts left out. A count is published only where the watch supports
  /// it, and then within one rep; at least half the sets are counted exactly. Presses and pulls,
  /// where the forearm hardly turns, are where it says it cannot count. Counted or not, nine
  /// sets in ten are placed where they were lifted (their bounds overlap the true ones with an
  /// intersection over union of 0.5 or more).
  @Test(arguments: [(UInt64(31), NoiseProfile.low), (UInt64(32), NoiseProfile.high)])
  func generatedWatchSetsAreCountedOrSaidUncountable(seed: UInt64, noise: NoiseProfile) throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 6, sessions: 5, seed: seed, noise: noise, logOnlyShare: 0,
      imuFormats: SynthConfig.allImuFormats, imuPlacements: ["wrist"])
    defer { TestSupport.remove(folder) }
    var (sets, exact, unknown, placed) = (0, 0, 0, 0)
    for sessionTruth in truth.sessions {
      let url = folder.appendingPathComponent("sessions/\(sessionTruth.sessionId)/session.json")
      var manifest = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
      let recordings = try #require(manifest["recordings"] as? [[String: Any]])
      let watch = recordings.filter { $0["kind"] as? String == "imu" }
      guard !watch.isEmpty else { continue }
      manifest["recordings"] = watch
      manifest["sets"] = try #require(manifest["sets"] as? [[String: Any]]).map { set in
        set.filter { !["start_s", "end_s", "reps"].contains($0.key) }
      }
      try JSONSerialization.data(withJSONObject: manifest).write(to: url)
      let features = try TestSupport.features(sessionTruth.sessionId, in: folder)
      for setTruth in sessionTruth.sets {
        let set = try #require(features.sets.first { $0.setNumber == setTruth.setNumber })
        sets += 1
        #expect(set.reps.allSatisfy { $0.meanConcentricVelocity == nil })
        #expect(!set.phasesMeasured)
        if let start = set.startSeconds, let end = set.endSeconds,
          FeatureEvaluator.intersectionOverUnion(
            start...end, setTruth.startSeconds...setTruth.endSeconds) >= 0.5
        {
          placed += 1
        }
        guard set.repCountUnknown == nil else {
          unknown += 1
          continue
        }
        #expect(
          abs(set.reps.count - setTruth.reps) <= 1,
          "\(sessionTruth.sessionId) set \(setTruth.setNumber): \(set.reps.count) of \(setTruth.reps)"
        )
        if set.reps.count == setTruth.reps { exact += 1 }
      }
    }
    #expect(sets >= 40)
    #expect(Double(exact) >= 0.5 * Double(sets), "\(exact) of \(sets) exact, \(unknown) unknown")
    #expect(Double(placed) >= 0.9 * Double(sets), "\(placed) of \(sets) placed")
  }

  /// On a bar the acceleration pulses twice a rep: its axes are not read as the rhythm there.
  @Test func accelerometerAxesAreReadOnlyOnALimb() {
    #expect(ImuRhythmSignals.placements == ["wrist", "forearm"])
  }
}
