import Foundation

/// `auralift cache status` and `cache gc`: what the cache under `<out>/.cache` holds, and
/// removing what the latest run does not use.
///
/// An entry is "in use" when the latest run's partition keys (`.state/keys.tsv`) name it. A
/// collection takes the output's lock, so it never removes an entry a running run is about to
/// read or has just written.
public struct CacheHousekeeping {
  let out: URL

  public init(out: URL) { self.out = URL(fileURLWithPath: out.path).standardizedFileURL }

  /// One stage's entries.
  public struct StageUsage: Sendable, Equatable {
    public var stage: String
    public var entries: Int
    public var bytes: Int64
    public var entriesInUse: Int
    public var bytesInUse: Int64
  }

  private struct Entry {
    var stage: String
    var key: String
    var files: [URL]
    var bytes: Int64
    var modified: Date
  }

  /// Entries and bytes per stage, and how many of them the latest run uses.
  public func status() throws -> [StageUsage] {
    let inUse = keysInUse()
    var usage: [String: StageUsage] = [:]
    for entry in try entries() {
      var stage =
        usage[entry.stage]
        ?? StageUsage(
          stage: entry.stage, entries: 0, bytes: 0, entriesInUse: 0, bytesInUse: 0)
      stage.entries += 1
      stage.bytes += entry.bytes
      if inUse.contains("\(entry.stage)/\(entry.key)") {
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
  public func collect(maxBytes: Int64? = nil, waitForLock: TimeInterval = 0) throws -> (
    entries: Int, bytes: Int64
  ) {
    let lock = try RunLock(
      out: out, owner: .current(startedAt: Runner.timestamp()), wait: waitForLock)
    defer { lock.release() }
    let inUse = keysInUse()
    let all = try entries()
    var budget =
      (maxBytes ?? 0)
      - all.filter { inUse.contains("\($0.stage)/\($0.key)") }
      .reduce(0) { $0 + $1.bytes }
    var removed = (entries: 0, bytes: Int64(0))
    let unused = all.filter { !inUse.contains("\($0.stage)/\($0.key)") }
      .sorted { $0.modified > $1.modified }
    for entry in unused {
      if maxBytes != nil, entry.bytes <= budget {
        budget -= entry.bytes
        continue
      }
      budget = 0  // newest first: once one does not fit, older ones go too
      for file in entry.files { try? FileManager.default.removeItem(at: file) }
      removed.entries += 1
      removed.bytes += entry.bytes
    }
    return removed
  }

  /// "stage/key" of every entry the latest run uses.
  private func keysInUse() -> Set<String> {
    Set(
      RunState(out: out).partitionKeys().map {
        "\($0.key.split(separator: "\t")[0])/\($0.value)"
      })
  }

  /// Every cache entry: its result file and the fields beside it. A temporary file a killed
  /// run left (hidden, `.<name>.<pid>.tmp`) is an entry of its own that nothing uses.
  private func entries() throws -> [Entry] {
    let root = out.appendingPathComponent(".cache")
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: root.path) else { return [] }
    var found: [String: Entry] = [:]
    for stage in try fileManager.contentsOfDirectory(atPath: root.path).sorted() {
      let stageFolder = root.appendingPathComponent(stage)
      for shard in (try? fileManager.contentsOfDirectory(atPath: stageFolder.path)) ?? [] {
        let shardFolder = stageFolder.appendingPathComponent(shard)
        for name in (try? fileManager.contentsOfDirectory(atPath: shardFolder.path)) ?? [] {
          let file = shardFolder.appendingPathComponent(name)
          let key = name.hasPrefix(".") ? name : String(name.split(separator: ".")[0])
          let attributes = try? fileManager.attributesOfItem(atPath: file.path)
          let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
          let modified = attributes?[.modificationDate] as? Date ?? .distantPast
          var entry =
            found[stage + "/" + key]
            ?? Entry(
              stage: stage, key: key, files: [], bytes: 0, modified: .distantPast)
          entry.files.append(file)
          entry.bytes += size
          entry.modified = max(entry.modified, modified)
          found[stage + "/" + key] = entry
        }
      }
    }
    return Array(found.values)
  }
}
