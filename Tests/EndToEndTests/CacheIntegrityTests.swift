import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// What a run builds on is checked before it is used: cache entries against their checksums,
/// the last release against the digest recorded when it was published.
@Suite(.serialized) struct CacheIntegrityTests {
  /// What a publication holds, for comparing two: every set's numbers and every athlete's
  /// totals.
  static func published(_ out: URL) throws -> [[String]] {
    let store = try StoreReader(
      databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
    return try store.rows(
      "SELECT session_id, set_number, reps, xp_earned, average_concentric_velocity, form_score FROM workout_set ORDER BY session_id, set_number"
    ) + store.rows("SELECT id, total_xp, current_lp FROM user_profile ORDER BY id")
  }

  /// Every cache entry of `stage` under `out`.
  static func entries(_ stage: String, in out: URL) throws -> [URL] {
    let folder = out.appendingPathComponent(".cache/\(stage)")
    return try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".bin")
    }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Flips one bit of the byte `fromEnd` bytes before the end of `file`.
  static func flipByte(_ file: URL, fromEnd: Int) throws {
    var data = try Data(contentsOf: file)
    data[data.count - fromEnd] ^= 0x20
    try data.write(to: file)
  }

  /// Damaged cache entries (a flipped byte in a features or scoring entry, a truncated one)
  /// are misses: their sessions are computed again and the publication is a clean run's.
  @Test func damagedCacheEntriesAreComputedAgain() throws {
    let root = try TestSupport.temporaryFolder("cache")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()

    // A scoring change: scoring entries are written anew, features entries read back.
    let features = try Self.entries("features", in: out)
    #expect(features.count == 18)
    for file in features.prefix(3) { try Self.flipByte(file, fromEnd: 40) }
    var config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    try config.override("scoring.xp.per_rep=11")
    let rescored = try Runner(config: config).run()
    #expect(rescored.exitCode == 0)
    #expect(rescored.featuresComputed.count == 3)

    // An aggregation change: scored sessions (those of the current scoring) are read back at
    // publication.
    let scoring = try Self.entries("scoring", in: out).filter {
      String(decoding: try Data(contentsOf: $0).prefix(4096), as: UTF8.self)
        .contains("param scoring.xp.per_rep\t11\n")
    }
    #expect(scoring.count == 18)
    let originals = try scoring.prefix(3).map { try Data(contentsOf: $0) }
    #expect(originals.allSatisfy { !$0.isEmpty })
    for file in scoring.prefix(2) { try Self.flipByte(file, fromEnd: 100) }
    let truncated = scoring[2]
    let data = try Data(contentsOf: truncated)
    try data.prefix(data.count / 2).write(to: truncated)
    try config.override("aggregation.roster.low_readiness=55")
    let reaggregated = try Runner(config: config).run()
    #expect(reaggregated.exitCode == 0)
    // Every damaged entry was replaced by a whole one: as long as it was before the damage.
    for (file, original) in zip(scoring.prefix(3), originals) {
      let entry = try Data(contentsOf: file)
      #expect(entry.count == original.count, "\(file.lastPathComponent)")
    }
    let clean = root.appendingPathComponent("clean")
    var cleanConfig = config
    cleanConfig.out = clean.path
    _ = try Runner(config: cleanConfig).run()
    #expect(try Self.published(out) == Self.published(clean))
    // And a rerun trusts them again.
    #expect(try Runner(config: config).run().upToDate)
  }

  /// The last release is a base only while it is what was published: one a reader edited,
  /// or one the disk damaged, is published again from scratch, even for an unchanged dataset.
  @Test func editedOrDamagedReleaseIsPublishedFromScratch() throws {
    let root = try TestSupport.temporaryFolder("release")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    let clean = try Self.published(out)
    let database = out.appendingPathComponent("current/auralift.sqlite")

    // A reader's edit.
    let queue = try DatabaseQueue(path: database.path)
    try queue.write { try $0.execute(sql: "UPDATE user_profile SET total_xp = 1") }
    try queue.close()
    #expect(try Self.published(out) != clean)
    let afterEdit = try Runner(config: config).run()
    #expect(!afterEdit.upToDate)
    #expect(try Self.published(out) == clean)
    #expect(try Runner(config: config).run().upToDate)

    // Damage in the middle of the file.
    let release = database.resolvingSymlinksInPath()
    var bytes = try Data(contentsOf: release)
    for i in (bytes.count / 2)..<(bytes.count / 2 + 4096) { bytes[i] = 0xA5 }
    try bytes.write(to: release)
    let afterDamage = try Runner(config: config).run()
    #expect(afterDamage.exitCode == 0 && !afterDamage.upToDate)
    #expect(try Self.published(out) == clean)

    // A new session then builds on the intact release again, keeping the other rows.
    _ = try RunnerTests.copySession("s-000001", as: "s-000001-b", in: dataset)
    let added = try Runner(config: config).run()
    #expect(added.rowsKept > 0)
  }
}
