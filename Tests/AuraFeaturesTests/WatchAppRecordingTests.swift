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
}
