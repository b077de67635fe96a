import AuraCache
import AuraDomain
import AuraSupport
import Foundation

/// What one shard computed, written atomically as its last act: the proof that its share is in
/// the cache. `publish` plans from the manifests instead of hashing every recording again, and
/// refuses while one is missing. `<cache>/.shards/<run id>/shard-<K>-of-<N>.json`: beside the
/// entries, on the filesystem every shard and the publisher share.
package struct ShardManifest: Codable, Sendable, Equatable {
  /// `numbers` as ranges, at most `limit` of them and then how many more shards:
  /// "2, 5-9, 12" (a hundred thousand missing shards make one short line, not 660 KB).
  package static func ranges(_ numbers: [Int], limit: Int = 8) -> String {
    var runs: [(Int, Int)] = []
    for number in numbers.sorted() {
      if let last = runs.last, number == last.1 + 1 {
        runs[runs.count - 1].1 = number
      } else if runs.last?.1 != number {
        runs.append((number, number))
      }
    }
    let shown = runs.prefix(limit).map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)-\($0.1)" }
    let rest = runs.dropFirst(limit).reduce(0) { $0 + $1.1 - $1.0 + 1 }
    return shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
  }

  package var runId: String
  package var shard: Int
  package var shards: Int
  /// `Code.summary` of the code that computed it.
  package var codeVersion: String
  /// The hash of the pipeline's parameters (as the `run` table records it).
  package var parametersHash: String
  package var dataset: String
  package var host: String
  package var startedAt: String
  package var finishedAt: String
  package var sessions: [Session]

  /// One session of the share: its stage keys and what computing it gave.
  package struct Session: Codable, Sendable, Equatable {
    package var folder: String
    /// Each per-session stage's key, by the stage's name (`Stage.perSession`).
    package var keys: [String: String]
    /// The session's athlete and start, when it was scored (it is then published).
    package var athleteId: String?
    package var startTime: SessionTime?
    /// A problem with the session's data: quarantined.
    package var problem: DatasetProblem?
    /// Recordings of a scored session set aside at ingest, each with its problem.
    package var setAside: [DatasetProblem]? = nil
    /// An error that is not the data's fault: the partition failed and is retried.
    package var failure: String?
    /// The stages the shard computed rather than loaded, by name.
    package var computed: [String]
    /// CPU time this session took in the shard (loading it from the cache included).
    package var cpuSeconds: Double
  }

  /// The total CPU time of the share's sessions.
  package var cpuSeconds: Double { sessions.reduce(0) { $0 + $1.cpuSeconds } }

  /// Throws a usage error unless `runId` is a safe folder name: letters, digits, `-`, `_` and
  /// `.`, not starting with `.`, at most 100 characters.
  static func checkRunId(_ runId: String) throws {
    let allowed = runId.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_.".unicodeScalars.contains($0)
    }
    guard allowed, !runId.isEmpty, !runId.hasPrefix("."), runId.count <= 100 else {
      throw PipelineError.config(
        "--run-id \(runId): use letters, digits, '-', '_' and '.' (not first), at most 100")
    }
  }

  /// The folder of a run's manifests.
  static func folder(cache: URL, runId: String) -> URL {
    cache.appendingPathComponent(".shards").appendingPathComponent(runId)
  }

  static func url(cache: URL, runId: String, shard: Int, shards: Int) -> URL {
    folder(cache: cache, runId: runId).appendingPathComponent("shard-\(shard)-of-\(shards).json")
  }

  /// Writes the manifest in `cache` atomically (flushed before the rename).
  func write(cache: URL) throws {
    let url = Self.url(cache: cache, runId: runId, shard: shard, shards: shards)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(try encoder.encode(self), to: url, durable: true)
  }

  /// The manifests of `runId` for `shards` shards: the ones found, and the indexes missing.
  /// A file that does not decode, or is another run's or shard's, counts as missing (a torn
  /// or foreign file); one that decodes but does not hold what a shard writes (a key that is
  /// not a digest, a folder or athlete that is not an id) is refused: it was edited, and
  /// nothing in it may name a path.
  static func read(cache: URL, runId: String, shards: Int) throws -> (
    found: [ShardManifest], missing: [Int]
  ) {
    var found: [ShardManifest] = []
    var missing: [Int] = []
    for shard in 0..<shards {
      let url = url(cache: cache, runId: runId, shard: shard, shards: shards)
      guard let data = FileManager.default.contents(atPath: url.path),
        let manifest = try? JSONDecoder().decode(ShardManifest.self, from: data),
        manifest.runId == runId, manifest.shard == shard, manifest.shards == shards
      else {
        missing.append(shard)
        continue
      }
      if let problem = manifest.problem {
        throw PipelineError.fatal(
          "nothing published: \(url.path) is not a manifest a shard wrote (\(problem)); run shard \(shard) again"
        )
      }
      found.append(manifest)
    }
    return (found, missing)
  }

  /// What in the manifest no shard writes, if anything.
  var problem: String? {
    for session in sessions {
      if session.folder.isEmpty || session.folder == "." || session.folder == ".."
        || session.folder.contains("/") || session.folder.contains("\u{0}")
      {
        return "session folder \(EntityId.quoted(session.folder)) is not a folder name"
      }
      for stage in Stage.perSession {
        guard let key = session.keys[stage.rawValue] else {
          return "sessions/\(session.folder): no \(stage.rawValue) key"
        }
        guard ContentKey.isDigest(key) else {
          return "sessions/\(session.folder): key \(EntityId.quoted(key)) is not a digest"
        }
      }
      if let athlete = session.athleteId, let problem = EntityId.problem(athlete) {
        return "sessions/\(session.folder): athlete \(EntityId.quoted(athlete)) \(problem)"
      }
    }
    return nil
  }
}
