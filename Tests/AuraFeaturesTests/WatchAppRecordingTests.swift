import AuraTestSupport
import Foundation
import Testing

@testable import AuraSynth

/// A watch app records a visit to each station, not the set alone: the walk up, picking the
/// load up, the set's posture and putting the load down lie around the reps, as in the Apple
/// Watch recordings of whole sets (docs/real-data.md). The generator makes them on request.
@Suite struct WatchAppRecordingTests {
  /// The widest swing of any accelerometer axis (g) of each set's lead-in: from the end of
  /// the set before (or the recording's start) to its first rep, in generated sessions whose
  /// watch records as a watch app does or not.
  static func leadInSwings(watchApp: Bool) throws -> [Double] {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 4, sessions: 4, seed: 41, logOnlyShare: 0, imuPlacements: ["wrist"],
      watchApp: watchApp)
    defer { TestSupport.remove(folder) }
    var swings: [Double] = []
    for session in truth.sessions {
      let url = folder.appendingPathComponent("sessions/\(session.sessionId)/wrist.csv")
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      let rows = text.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",").prefix(4).compactMap { Double($0) }
      }
      var from = 0.0
      for set in session.sets {
        let lead = rows.filter { $0[0] >= from && $0[0] < set.startSeconds }
        swings.append(
          (1...3).map { axis in
            let values = lead.map { $0[axis] }
            return (values.max() ?? 0) - (values.min() ?? 0)
          }.max() ?? 0)
        from = set.endSeconds
      }
    }
    return swings
  }

  /// With `--watch-app` the watch moves before nearly every set, while the lift is held
  /// still; without it the wrist rests between sets, and only the sensor's noise shows.
  @Test func aWatchAppRecordsTheWristMovingBeforeEachSet() throws {
    let app = try Self.leadInSwings(watchApp: true)
    let plain = try Self.leadInSwings(watchApp: false)
    #expect(app.count >= 15)
    #expect(Double(app.count { $0 > 0.2 }) >= 0.9 * Double(app.count), "\(app)")
    #expect(plain.allSatisfy { $0 < 0.1 }, "\(plain)")
  }

  /// The generator's watch on every recorded lift, recorded as a watch app records. The walk
  /// up to a set swings the arm as regularly as reps: found by its steps (`WalkingSteps`), it
  /// is not taken for the set, and seven published counts in ten are within one rep, seven
  /// sets in ten placed where they were lifted. Far from the plain recordings (every count
  /// within one, nine sets in ten placed), as on the real Apple Watch sets: the set-up and the
  /// put-down still read as reps, or hide the set where the forearm hardly turns.
  @Test(arguments: [(UInt64(31), NoiseProfile.low), (UInt64(32), NoiseProfile.high)])
  func aWalkUpToTheSetIsNotTakenForIt(seed: UInt64, noise: NoiseProfile) throws {
    let sets = try WristRepCountTests.generatedWatchSets(seed: seed, noise: noise, watchApp: true)
    let counted = sets.filter { $0.counted != nil }
    let close = counted.count { abs($0.counted! - $0.truth) <= 1 }
    let placed = sets.count(where: \.placed)
    #expect(sets.count >= 30)
    #expect(Double(close) >= 0.7 * Double(counted.count), "\(close) of \(counted.count) close")
    #expect(Double(placed) >= 0.7 * Double(sets.count), "\(placed) of \(sets.count) placed")
  }

  /// A watch app on a busy link (`lostPackets`) loses the time of its lost packets and the
  /// reps in it: no set's count is published, though it may still be placed.
  @Test func aWatchAppThatLostPacketsPublishesNoCount() throws {
    let sets = try WristRepCountTests.generatedWatchSets(
      seed: 33, noise: .low, watchApp: true, lostPackets: true)
    #expect(sets.count > 20)
    #expect(sets.allSatisfy { $0.counted == nil }, "\(sets.filter { $0.counted != nil })")
  }
}
