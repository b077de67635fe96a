import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// A run computed by shards and published once gives what `auralift run` gives; a missing,
/// duplicated or damaged shard never publishes a wrong result. Through the CLI, as an engine
/// runs it.
@Suite struct ShardTests {
  /// `auralift <arguments>` over `dataset` into `out`; its status and output.
  static func auralift(
    _ arguments: [String], dataset: URL, out: URL, environment: [String: String] = [:]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    try TestSupport.cli(
      arguments + ["pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path],
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
  }

  static func shard(_ index: Int, of count: Int, run: String, dataset: URL, out: URL) throws
    -> Int32
  {
    try auralift(
      ["shard", "--run-id", run, "--shard", "\(index)/\(count)"], dataset: dataset, out: out
    )
    .status
  }

  /// A generated dataset and the clean single-process run of it (`out/single`).
  static func datasetAndReference(_ root: URL) throws -> (dataset: URL, reference: URL) {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 4, sessions: 5, seed: 39)
    let reference = root.appendingPathComponent("single")
    #expect(try auralift(["run"], dataset: dataset, out: reference).status == 0)
    return (dataset, reference)
  }

  /// `auralift publish` of `run` exits 0 and publishes what `reference` holds.
  static func expectPublishes(run: String, shards: Int, dataset: URL, out: URL, as reference: URL)
    throws
  {
    let published = try auralift(
      ["publish", "--run-id", run, "--shards", String(shards)], dataset: dataset, out: out)
    #expect(published.status == 0, "\(published.stderr)")
    try expectSamePublication(out, as: reference)
  }

  static func expectSamePublication(_ out: URL, as reference: URL) throws {
    #expect(try RunnerTests.publishedRows(out) == RunnerTests.publishedRows(reference))
    #expect(try CrashSafetyTests.exports(out) == CrashSafetyTests.exports(reference))
  }

  @Test func fourShardsAndAPublishGiveWhatOneRunGives() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, reference) = try Self.datasetAndReference(root)
    defer { TestSupport.remove(root, dataset) }
    let out = root.appendingPathComponent("sharded")
    // Shards 0 and 2 as Slurm starts them, 1 as Kubernetes does, 3 by flag.
    let slurm = ["SLURM_ARRAY_TASK_COUNT": "4"]
    for (index, environment) in [
      (0, slurm.merging(["SLURM_ARRAY_TASK_ID": "0"]) { $1 }),
      (1, ["JOB_COMPLETION_INDEX": "1", "AURALIFT_SHARDS": "4"]),
      (2, slurm.merging(["SLURM_ARRAY_TASK_ID": "2"]) { $1 }),
    ] {
      let shard = try Self.auralift(
        ["shard", "--run-id", "n1"], dataset: dataset, out: out, environment: environment)
      #expect(shard.status == 0, "\(shard.stderr)")
      #expect(shard.stdout.contains("shard \(index)/4 of run n1"))
    }
    #expect(try Self.shard(3, of: 4, run: "n1", dataset: dataset, out: out) == 0)
    let manifests = try (0..<4).map { index in
      try JSONDecoder().decode(
        ShardManifest.self,
        from: Data(
          contentsOf: out.appendingPathComponent(".cache/.shards/n1/shard-\(index)-of-4.json")))
    }
    // Every session in exactly one shard, and the shards' work adds up to the sessions.
    let folders = manifests.flatMap { $0.sessions.map(\.folder) }
    #expect(folders.count == Set(folders).count)
    #expect(folders.count == 20)
    #expect(manifests.allSatisfy { !$0.sessions.isEmpty && $0.cpuSeconds > 0 })

    try Self.expectPublishes(run: "n1", shards: 4, dataset: dataset, out: out, as: reference)
    // Publishing again, or running, finds nothing to do.
    #expect(
      try Self.auralift(["publish", "--run-id", "n1", "--shards", "4"], dataset: dataset, out: out)
        .stdout.contains("up to date"))
    #expect(try Self.auralift(["run"], dataset: dataset, out: out).stdout.contains("up to date"))
  }

  @Test func aMissingShardIsNamedAndItsRerunPublishesTheSame() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, reference) = try Self.datasetAndReference(root)
    defer { TestSupport.remove(root, dataset) }
    let out = root.appendingPathComponent("sharded")
    for index in [0, 1, 3] {
      #expect(try Self.shard(index, of: 4, run: "n2", dataset: dataset, out: out) == 0)
    }
    // A duplicate of a shard, as an engine's retry overlapping the first attempt.
    #expect(try Self.shard(1, of: 4, run: "n2", dataset: dataset, out: out) == 0)
    let refused = try Self.auralift(
      ["publish", "--run-id", "n2", "--shards", "4"], dataset: dataset, out: out)
    #expect(refused.status == 75)
    #expect(refused.stderr.contains("lacks the manifest of shard 2 of 4"))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("current").path))
    // A hundred thousand shards, none with a manifest (those above are of 4): one short line.
    let many = try Self.auralift(
      ["publish", "--run-id", "n2", "--shards", "100000"], dataset: dataset, out: out)
    #expect(many.status == 75)
    #expect(
      many.stderr.contains("lacks the manifest of shards 0-99999 of 100000"), "\(many.stderr)")
    #expect(many.stderr.utf8.count < 1000)

    #expect(try Self.shard(2, of: 4, run: "n2", dataset: dataset, out: out) == 0)
    try Self.expectPublishes(run: "n2", shards: 4, dataset: dataset, out: out, as: reference)
  }

  @Test func missingShardsAreRanges() {
    #expect(ShardManifest.ranges([2]) == "2")
    #expect(ShardManifest.ranges([9, 1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-9")
    #expect(
      ShardManifest.ranges(Array(stride(from: 0, to: 40, by: 2)), limit: 3) == "0, 2, 4 and 17 more"
    )
  }

  @Test func aDamagedEntryIsRecomputedByItsShardNeverPublished() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, reference) = try Self.datasetAndReference(root)
    defer { TestSupport.remove(root, dataset) }
    let out = root.appendingPathComponent("sharded")
    for index in 0..<2 {
      #expect(try Self.shard(index, of: 2, run: "n3", dataset: dataset, out: out) == 0)
    }
    // Truncate one scored session's entry, as a torn write on a shared filesystem would.
    let manifest = try JSONDecoder().decode(
      ShardManifest.self,
      from: Data(contentsOf: out.appendingPathComponent(".cache/.shards/n3/shard-1-of-2.json")))
    let session = try #require(manifest.sessions.first { $0.athleteId != nil })
    let entry = out.appendingPathComponent(
      ".cache/scoring/\(session.keys["scoring"]!.prefix(2))/\(session.keys["scoring"]!).v2.bin")
    let bytes = try Data(contentsOf: entry)
    try bytes.prefix(bytes.count / 2).write(to: entry)

    let refused = try Self.auralift(
      ["publish", "--run-id", "n3", "--shards", "2"], dataset: dataset, out: out)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("sessions/\(session.folder)"))
    #expect(refused.stderr.contains("run its shard again"))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("current").path))

    #expect(try Self.shard(1, of: 2, run: "n3", dataset: dataset, out: out) == 0)
    #expect(try Data(contentsOf: entry).count == bytes.count)
    try Self.expectPublishes(run: "n3", shards: 2, dataset: dataset, out: out, as: reference)
  }

  @Test func aSessionAddedAfterTheShardsRanStopsThePublication() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, _) = try Self.datasetAndReference(root)
    defer { TestSupport.remove(root, dataset) }
    let out = root.appendingPathComponent("sharded")
    for index in 0..<2 {
      #expect(try Self.shard(index, of: 2, run: "n4", dataset: dataset, out: out) == 0)
    }
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions").path
    ).sorted()
    _ = try RunnerTests.copySession(folders[0], as: "s-late", in: dataset)
    let refused = try Self.auralift(
      ["publish", "--run-id", "n4", "--shards", "2"], dataset: dataset, out: out)
    #expect(refused.status == 2)
    let shard = ShardShare.shard(of: "s-late", count: 2)
    #expect(refused.stderr.contains("sessions/s-late (shard \(shard))"), "\(refused.stderr)")
    #expect(refused.stderr.contains("run shard \(shard) again"))
  }

  /// The manifest of shard 0 of `run` in `out`'s cache, as JSON to edit, and its file.
  static func manifest(run: String, shards: Int, out: URL) throws -> (URL, [String: Any]) {
    let file = out.appendingPathComponent(".cache/.shards/\(run)/shard-0-of-\(shards).json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    return (file, json)
  }

  /// A manifest is data: a key that would be a path, or an athlete edited into it, never
  /// decides what is published; a session edited after its shard ran is not published stale.
  @Test func editedManifestsAndSessionsAreRefusedNotPublished() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, _) = try Self.datasetAndReference(root)
    defer { TestSupport.remove(root, dataset) }
    let out = root.appendingPathComponent("sharded")
    #expect(try Self.shard(0, of: 1, run: "e1", dataset: dataset, out: out) == 0)
    let (file, original) = try Self.manifest(run: "e1", shards: 1, out: out)
    func publish() throws -> (status: Int32, stdout: String, stderr: String) {
      try Self.auralift(["publish", "--run-id", "e1", "--shards", "1"], dataset: dataset, out: out)
    }
    func edit(_ change: (inout [String: Any]) -> Void) throws {
      var sessions = original["sessions"] as! [[String: Any]]
      change(&sessions[0])
      var json = original
      json["sessions"] = sessions
      try JSONSerialization.data(withJSONObject: json).write(to: file)
    }
    func scoringKey(_ key: String) -> (inout [String: Any]) -> Void {
      { session in
        var keys = session["keys"] as! [String: String]
        keys["scoring"] = key
        session["keys"] = keys
      }
    }
    try edit(scoringKey("../../../../tmp/x"))
    var refused = try publish()
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("is not a manifest a shard wrote"), "\(refused.stderr)")
    #expect(refused.stderr.contains("is not a digest"))
    // Another session's key, a digest: compared with what the files give, and refused.
    let other = ((original["sessions"] as! [[String: Any]])[1]["keys"] as! [String: String])[
      "scoring"]!
    try edit(scoringKey(other))
    refused = try publish()
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("differ from what the shards computed"), "\(refused.stderr)")
    // Whose session it is comes from the session, not from the manifest.
    let athletes = Set(
      (original["sessions"] as! [[String: Any]]).compactMap { $0["athleteId"] as? String })
    let first = (original["sessions"] as! [[String: Any]])[0]["athleteId"] as! String
    let stranger = try #require(athletes.sorted().first { $0 != first })
    try edit { $0["athleteId"] = stranger }
    refused = try publish()
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("is \(first)'s session, not \(stranger)'s"), "\(refused.stderr)")
    // The manifest as written, but a session's load edited since: refused, naming its shard.
    try JSONSerialization.data(withJSONObject: original).write(to: file)
    let folder = (original["sessions"] as! [[String: Any]])[0]["folder"] as! String
    let session = dataset.appendingPathComponent("sessions/\(folder)/session.json")
    var manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: session)) as? [String: Any])
    var sets = try #require(manifest["sets"] as? [[String: Any]])
    sets[0]["load_kg"] = ((sets[0]["load_kg"] as? Double) ?? 20) + 100
    manifest["sets"] = sets
    try JSONSerialization.data(withJSONObject: manifest).write(to: session)
    refused = try publish()
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("sessions/\(folder) differ from what the shards computed"))
    #expect(refused.stderr.contains("run shard 0 again"))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("current").path))
  }

  @Test func publishWaitsForTheLockAndShardsForNone() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let out = root.appendingPathComponent("sharded")
    let dataset = TestSupport.sampleDataset
    let held = try RunLock(out: out, owner: .current(startedAt: "now"), wait: 0)
    // A shard takes no lock: it computes while a publisher holds the output.
    #expect(try Self.shard(0, of: 1, run: "n5", dataset: dataset, out: out) == 0)
    let blocked = try Self.auralift(
      ["publish", "--run-id", "n5", "--shards", "1"], dataset: dataset, out: out)
    #expect(blocked.status == 75)
    held.release()
    #expect(
      try Self.auralift(["publish", "--run-id", "n5", "--shards", "1"], dataset: dataset, out: out)
        .status == 0)
  }

  @Test func usageErrorsFailForGood() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = TestSupport.sampleDataset
    for arguments in [
      ["shard", "--run-id", "../up", "--shard", "0/2"],
      ["shard", "--run-id", "r", "--shard", "2/2"],
      ["shard", "--run-id", "r", "--shard", "x"], ["shard", "--run-id", "r"],
      ["publish", "--run-id", "r", "--shards", "0"],
      ["publish", "--run-id", "r", "--shards", "100000000"],
      ["shard", "--run-id", "r", "--shard", "0/100000000"],
    ] {
      let run = try Self.auralift(arguments, dataset: dataset, out: root)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
    }
    let kubernetes = try Self.auralift(
      ["shard", "--run-id", "r"], dataset: dataset, out: root,
      environment: ["JOB_COMPLETION_INDEX": "0", "AURALIFT_SHARDS": ""])
    #expect(kubernetes.status == 64)
    #expect(kubernetes.stderr.contains("AURALIFT_SHARDS"))
  }
}
