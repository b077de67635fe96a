import AuraCache
import AuraStore
import AuraSupport
import Foundation

/// `auralift cache status` and `cache gc`: what the cache under `<out>/.cache` holds, and
/// removing what the latest run does not use.
///
/// An entry is "in use" when the latest run's session keys (`RunRecords`) or the
/// current release's athlete-week and history partitions (`partitions.tsv`) name it. A
/// collection takes the output's lock, so it never removes an entry a running run is about to
/// read or has just written.
package struct CacheHousekeeping {
  let out: URL

  package init(out: URL) { self.out = URL(fileURLWithPath: out.path).standardizedFileURL }

  /// One stage's entries.
  package struct StageUsage: Sendable, Equatable {
    package var stage: String
    package var entries: Int
    package var bytes: Int64
    package var entriesInUse: Int
    package var bytesInUse: Int64
  }

  private var cache: ArtifactCache { ArtifactCache(root: OutputLayout(out).cache) }

  /// Entries and bytes per stage, and how many of them the latest run uses.
  package func status() throws -> [StageUsage] {
    let inUse = keysInUse()
    var usage: [String: StageUsage] = [:]
    for entry in try cache.entries() {
      var stage =
        usage[entry.stage]
        ?? StageUsage(
          stage: entry.stage, entries: 0, bytes: 0, entriesInUse: 0, bytesInUse: 0)
      stage.entries += 1
      stage.bytes += entry.bytes
      if inUse.contains(entry.id) {
        stage.entriesInUse += 1
        stage.bytesInUse += entry.bytes
      }
      usage[entry.stage] = stage
    }
    return usage.values.sorted { $0.stage < $1.stage }
  }

  /// Removes every entry the latest run does not use; with `maxBytes`, keeps the newest
  /// unused entries as long as the whole cache stays within it. Returns the entries and bytes
  /// removed.
  package func collect(maxBytes: Int64? = nil, waitForLock: TimeInterval = 0) throws -> (
    entries: Int, bytes: Int64
  ) {
    let lock = try RunLock(
      out: out, owner: .current(startedAt: Runner.timestamp()), wait: waitForLock)
    defer { lock.release() }
    return try collectHeld(maxBytes: maxBytes)
  }

  /// `collect` by a run that holds the output's lock already.
  func collectHeld(maxBytes: Int64?) throws -> (entries: Int, bytes: Int64) {
    try requireRecords()
    let inUse = keysInUse()
    let all = try cache.entries()
    var budget =
      (maxBytes ?? 0) - all.filter { inUse.contains($0.id) }.reduce(0) { $0 + $1.bytes }
    var removed = (entries: 0, bytes: Int64(0))
    let unused = all.filter { !inUse.contains($0.id) }.sorted { $0.modified > $1.modified }
    for entry in unused {
      if maxBytes != nil, entry.bytes <= budget {
        budget -= entry.bytes
        continue
      }
      budget = 0  // newest first: once one does not fit, older ones go too
      try? FileManager.default.removeItem(at: entry.file)
      removed.entries += 1
      removed.bytes += entry.bytes
    }
    return removed
  }

  /// Collecting deletes whatever the records do not name: where a release is published but
  /// its records cannot be read, nothing is collected.
  private func requireRecords() throws {
    guard FileManager.default.fileExists(atPath: OutputLayout(out).current.path) else { return }
    let file = RunRecords.file(out: out)
    let reason: String
    if !FileManager.default.fileExists(atPath: file.path) {
      reason = "is missing"
    } else {
      do {
        _ = try RunRecords.readable(out: out).sessions()
        return
      } catch { reason = "cannot be read (\(ErrorMessage.describe(error)))" }
    }
    throw PipelineError.fatal(
      "nothing collected: \(file.path) \(reason), so which entries the last run uses is unknown; the next run rebuilds the records"
    )
  }

  /// "stage/key" of every entry the latest run uses.
  private func keysInUse() -> Set<String> {
    Set(
      RunState(out: out).sessions().values.flatMap { record in
        Stage.perSession.map { "\($0.folder)/\(record.keys[$0])" }
      }
        + PublishedPartitions.current(out: out).values.flatMap { partitions in
          partitions.map { partition, key in
            partition == PublishedPartitions.history
              ? "\(Stage.athleteHistory.folder)/\(key)"
              : "\(Stage.athleteWeek.folder)/\(key)"
          }
        })
  }
}
