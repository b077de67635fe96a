import AuraPipeline
import Testing

/// Sessions are assigned to shards by their own name: stable, spread, and the same whatever
/// other sessions there are.
@Suite struct ShardShareTests {
  @Test func everySessionIsInExactlyOneShard() throws {
    let folders = (1...1000).map { "s-\($0)" }
    let shares = try (0..<7).map { try ShardShare(index: $0, count: 7) }
    for folder in folders {
      #expect(shares.filter { $0.contains(folder: folder) }.count == 1)
    }
    // Spread: each of 7 shards holds 1000/7 ≈ 143 sessions, give or take a binomial's 3 sigma.
    for share in shares {
      let held = folders.filter(share.contains).count
      #expect((143 - 33...143 + 33).contains(held), "shard \(share): \(held)")
    }
  }

  /// The shard of a name is the first 8 bytes of its SHA-256 modulo N (the values below are
  /// Python's `int(sha256(name).hexdigest()[:16], 16) % 4`): the same on every host and in
  /// every release, so a deployment's sessions never move between shards.
  @Test func assignmentIsTheNamesHashModuloN() {
    let folders = ["s-000001", "s-000002", "s-000003", "s-000004", "s-000005"]
    #expect(folders.map { ShardShare.shard(of: $0, count: 4) } == [0, 1, 0, 2, 1])
    #expect(ShardShare.whole.contains(folder: "anything"))
  }

  @Test func theEngineEnvironmentGivesTheShare() throws {
    #expect(
      try ShardShare.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"])
        == ShardShare(index: 2, count: 4))
    // A resubmitted index alone (`--array=2`): N from AURALIFT_SHARDS, not the new array's count.
    #expect(
      try ShardShare.fromEnvironment([
        "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "1", "AURALIFT_SHARDS": "4",
      ]) == ShardShare(index: 2, count: 4))
    #expect(
      try ShardShare.fromEnvironment(["JOB_COMPLETION_INDEX": "3"], shards: 8)
        == ShardShare(index: 3, count: 8))
    #expect(try ShardShare.fromEnvironment([:]) == nil)
    #expect(throws: PipelineError.self) {
      try ShardShare.fromEnvironment(["JOB_COMPLETION_INDEX": "3"])
    }
    #expect(throws: PipelineError.self) { try ShardShare(parsing: "4/4") }
    #expect(try ShardShare(parsing: "3/4") == ShardShare(index: 3, count: 4))
  }
}
