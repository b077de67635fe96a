import AuraTestSupport
import Foundation
import Testing

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
      // The watch turns with the forearm: its height is no bar's, so no velocity is given.
      #expect(set.reps.allSatisfy { $0.meanConcentricVelocity == nil })
      #expect(set.velocityLossPercent == nil)
      #expect(session.warnings.contains { $0.contains("no bar velocity from an IMU on the wrist") })
    }
  }

  /// On a bar the acceleration pulses twice a rep: its axes are not read as the rhythm there.
  @Test func accelerometerAxesAreReadOnlyOnALimb() {
    #expect(ImuRhythmSignals.placements == ["wrist", "forearm"])
  }
}
