import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// What the pipeline fills in where the dataset is silent: a body scan measured on pose for an
/// athlete without a morpho.csv row, and a session's end time from its recordings.
@Suite struct PoseScanTests {
  @Test func athletesWithoutAScanGetOneMeasuredOnPose() throws {
    let (dataset, truth) = try TestSupport.generatedDataset(
      athletes: 3, sessions: 3, seed: 31, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    // Keep only a-03's scan.
    let morpho = dataset.appendingPathComponent("morpho.csv")
    let lines = try String(contentsOf: morpho, encoding: .utf8).split(separator: "\n")
    let lengths = Dictionary(
      uniqueKeysWithValues: try #require(truth.athletes).map { body in
        (
          body.athleteId,
          [body.torsoCm, body.femurCm, body.tibiaCm, body.humerusCm, body.forearmCm]
        )
      })
    try
      (lines.filter { $0.hasPrefix("athlete_id") || $0.hasPrefix("a-03") }
      .joined(separator: "\n") + "\n").write(to: morpho, atomically: true, encoding: .utf8)

    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    let scans = try store.rows(
      """
      SELECT user_profile_id, source, torso_length, femur_length, tibia_length, humerus_length,
        forearm_length FROM morpho_scan ORDER BY user_profile_id
      """)
    #expect(
      scans.map { [$0[0], $0[1]] } == [
        ["a-01", "pose"], ["a-02", "pose"], ["a-03", "morpho_csv"],
      ])
    // Torso, femur, tibia, humerus and forearm within 4 % of the generated body.
    for scan in scans where scan[1] == "pose" {
      let truth = try #require(lengths[scan[0]])
      for (measured, exact) in zip(scan[2...6].map { Double($0)! }, truth) {
        #expect(abs(measured - exact) / exact < 0.04, "\(scan[0]): \(measured) cm vs \(exact) cm")
      }
    }
    // Exercise risk now covers every athlete.
    let risked = try store.rows("SELECT DISTINCT athlete_id FROM exercise_risk ORDER BY 1")
    #expect(risked.map { $0[0] } == ["a-01", "a-02", "a-03"])

    // The generator writes no end time: it is the start plus the last recorded sample, which
    // comes 2-3 s after the last set ends.
    for session in truth.sessions {
      let times = try store.rows(
        "SELECT start_time, end_time FROM workout_session WHERE id = '\(session.sessionId)'")
      let (start, end) = (try #require(times.first?[0]), try #require(times.first?[1]))
      let seconds = try #require(ISO8601DateFormatter().date(from: end)).timeIntervalSince(
        try #require(ISO8601DateFormatter().date(from: start)))
      let lastSetEnd = try #require(session.sets.last?.endSeconds)
      #expect(seconds - lastSetEnd > 1.5 && seconds - lastSetEnd < 4, "\(session.sessionId)")
    }
  }
}
