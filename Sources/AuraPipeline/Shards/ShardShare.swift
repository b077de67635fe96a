import AuraSupport
import Foundation

/// Shard `index` of `count`: the sessions whose folder name hashes to it. The hash is of the
/// name alone (SHA-256's first 8 bytes, modulo `count`), so a session stays in its shard
/// whatever other sessions are added or removed, on every host.
package struct ShardShare: Sendable, Equatable, CustomStringConvertible {
  package let index: Int
  package let count: Int

  /// The most shards a run may have: more than any cluster's array holds (Slurm's
  /// MaxArraySize tops out at 4,000,001; a Kubernetes Indexed Job at 100,000 completions),
  /// and few enough that `publish` reads every manifest in seconds.
  package static let maximumCount = 100_000

  /// Throws a usage error unless 0 ≤ index < count ≤ `maximumCount`.
  package init(index: Int, count: Int) throws {
    guard (1...Self.maximumCount).contains(count), (0..<count).contains(index) else {
      throw PipelineError.config(
        "shard \(index)/\(count): needs 0 ≤ K < N and 1 ≤ N ≤ \(Self.maximumCount)")
    }
    self.index = index
    self.count = count
  }

  /// The whole dataset: what `auralift run` computes.
  package static let whole = try! ShardShare(index: 0, count: 1)

  /// `K/N` as `--shard` takes it.
  package init(parsing text: String) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw PipelineError.config("--shard \(text): expected K/N, e.g. 0/4")
    }
    try self.init(index: index, count: count)
  }

  /// The share the engine's environment gives this process: Slurm's array task id and count,
  /// or Kubernetes' completion index with N from `shards` or `AURALIFT_SHARDS`. Nil when
  /// neither engine set it.
  package static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, shards: Int? = nil
  ) throws -> ShardShare? {
    if let task = environment["SLURM_ARRAY_TASK_ID"] {
      guard let index = Int(task),
        let count = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init)
      else {
        throw PipelineError.config(
          "SLURM_ARRAY_TASK_ID=\(task) needs a numeric SLURM_ARRAY_TASK_COUNT (submit with --array=0-<N-1>)"
        )
      }
      // `--array=0-3` numbers tasks from 0; a resubmitted index keeps its number, and the
      // count is taken from the original array through AURALIFT_SHARDS when set.
      let total = shards ?? environment["AURALIFT_SHARDS"].flatMap(Int.init) ?? count
      return try ShardShare(index: index, count: total)
    }
    if let completion = environment["JOB_COMPLETION_INDEX"] {
      guard let index = Int(completion) else {
        throw PipelineError.config("JOB_COMPLETION_INDEX=\(completion) is not a number")
      }
      guard let count = shards ?? environment["AURALIFT_SHARDS"].flatMap(Int.init) else {
        throw PipelineError.config(
          "JOB_COMPLETION_INDEX is set but N is not: pass --shards N or set AURALIFT_SHARDS")
      }
      return try ShardShare(index: index, count: count)
    }
    return nil
  }

  /// Whether the session folder `folder` belongs to this share.
  package func contains(folder: String) -> Bool {
    count == 1 || Self.shard(of: folder, count: count) == index
  }

  /// The shard of `folder` among `count`.
  package static func shard(of folder: String, count: Int) -> Int {
    let hex = FieldHasher.hex(of: Data(folder.utf8)).prefix(16)
    return Int(UInt64(hex, radix: 16)! % UInt64(count))
  }

  package var description: String { "\(index)/\(count)" }
}
