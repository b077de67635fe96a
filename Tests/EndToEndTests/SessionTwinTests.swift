import AuraPipeline
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// A copied upload counts once: a session folder copied under a new id, recorded or logged,
/// is set aside naming its twin, and the athlete's LP is that of the clean gym.
@Suite struct SessionTwinTests {
  /// Copies session folder `folder` of `dataset` to `copy`, with its session_id changed.
  static func copy(_ folder: String, to copy: String, in dataset: URL) throws {
    let sessions = dataset.appendingPathComponent("sessions")
    try FileManager.default.copyItem(
      at: sessions.appendingPathComponent(folder), to: sessions.appendingPathComponent(copy))
    let manifest = sessions.appendingPathComponent("\(copy)/session.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try text.replacingOccurrences(of: "\"\(folder)\"", with: "\"\(copy)\"")
      .write(to: manifest, atomically: true, encoding: .utf8)
  }

  /// Each athlete's LP.
  static func leaguePoints(_ out: URL) throws -> [String: Int] {
    let queue = try DatabaseQueue(path: out.appendingPathComponent("current/auralift.sqlite").path)
    return try queue.read { db in
      var points: [String: Int] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, current_lp FROM user_profile") {
        points[row["id"]] = row["current_lp"]
      }
      return points
    }
  }

  @Test func aRecordedAndALoggedSessionCopiedUnderNewIdsCountOnce() throws {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 4, seed: 13, logOnlyShare: 0.5)
    let clean = try TestSupport.temporaryFolder("clean")
    let out = try TestSupport.temporaryFolder("copied")
    defer { TestSupport.remove(dataset, clean, out) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: clean)).run()
    // One recorded and one logbook session, by their manifests.
    var recorded: String? = nil
    var logged: String? = nil
    let sessions = dataset.appendingPathComponent("sessions")
    for folder in try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted() {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: sessions.appendingPathComponent(folder).path)
      if files.count > 1 { recorded = recorded ?? folder } else { logged = logged ?? folder }
    }
    let original = (try #require(recorded), try #require(logged))
    try Self.copy(original.0, to: "upload-2", in: dataset)
    try Self.copy(original.1, to: "upload-3", in: dataset)

    let summary = try Runner(
      config: try TestSupport.pipelineConfig(dataset: dataset, out: out)
    ).run()
    let problems = summary.quarantined.map(\.description)
    #expect(
      problems.contains {
        $0.hasPrefix(
          "sessions/upload-2/session.json: a copy of sessions/\(original.0) (its recordings are those of it)"
        )
      }, "\(problems)")
    #expect(
      problems.contains {
        $0.hasPrefix(
          "sessions/upload-3/session.json: a copy of sessions/\(original.1) (its start and logged sets are those of it)"
        )
      }, "\(problems)")
    #expect(try Self.leaguePoints(out) == Self.leaguePoints(clean))
    // validate names both copies without publishing.
    let validate = try TestSupport.cli(["validate", dataset.path])
    #expect(validate.status == 3)
    for (copy, twin) in [("upload-2", original.0), ("upload-3", original.1)] {
      #expect(
        validate.stdout.contains("sessions/\(copy)/session.json: a copy of sessions/\(twin) ("),
        "\(validate.stdout)")
    }
  }
}
