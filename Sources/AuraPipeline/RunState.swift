import AuraDomain
import Foundation

/// What the last run left in `<out>/.state`: the key of every partition's stages
/// (`keys.tsv`), each published session's athlete (`sessions.tsv`), the key and fields of the publication `current` holds (`published-key`,
/// `published-fields`), and the partitions it quarantined or could not compute
/// (`problems.tsv`). `explain` compares against these; every file is replaced atomically.
struct RunState {
  let folder: URL

  init(out: URL) { folder = out.appendingPathComponent(".state") }

  /// A partition's stage key from the last run, by "stage<TAB>partition".
  func partitionKeys() -> [String: String] {
    var keys: [String: String] = [:]
    for line in lines("keys.tsv") {
      let parts = line.split(separator: "\t")
      guard parts.count == 3 else { continue }
      keys["\(parts[0])\t\(parts[1])"] = String(parts[2])
    }
    return keys
  }

  func savePartitionKeys(_ keys: [String: String]) throws {
    try write(
      keys.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined(), "keys.tsv")
  }

  /// A published session's scoring key, athlete and start time, by partition: what a rerun
  /// needs to group cached sessions by athlete without decoding them.
  struct SessionEntry: Sendable, Equatable {
    var scoringKey: String
    var athleteId: String
    var startTime: String
  }

  func sessionIndex() -> [String: SessionEntry] {
    var index: [String: SessionEntry] = [:]
    for line in lines("sessions.tsv") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard parts.count == 4 else { continue }
      index[String(parts[0])] = SessionEntry(
        scoringKey: String(parts[1]), athleteId: String(parts[2]), startTime: String(parts[3]))
    }
    return index
  }

  func saveSessionIndex(_ index: [String: SessionEntry]) throws {
    try write(
      index.sorted { $0.key < $1.key }.map {
        "\($0.key)\t\($0.value.scoringKey)\t\($0.value.athleteId)\t\($0.value.startTime)\n"
      }.joined(), "sessions.tsv")
  }

  var publishedKey: String? {
    (try? String(contentsOf: folder.appendingPathComponent("published-key"), encoding: .utf8))
  }

  var publishedFields: [ContentKey.Field]? {
    (try? String(contentsOf: folder.appendingPathComponent("published-fields"), encoding: .utf8))
      .map(ContentKey.fields(from:))
  }

  /// Records a publication: its fields first, then its key (what `current` now holds).
  func savePublished(key: String, fields: ContentKey) throws {
    try write(fields.serialized, "published-fields")
    try write(key, "published-key")
  }

  /// The last run's quarantined and failed partitions.
  func problems() -> (quarantined: [DatasetProblem], failed: [DatasetProblem]) {
    var quarantined: [DatasetProblem] = []
    var failed: [DatasetProblem] = []
    for line in lines("problems.tsv") {
      let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count == 4, let number = Int(parts[2]) else { continue }
      let problem = DatasetProblem(path: String(parts[1]), line: number, reason: String(parts[3]))
      if parts[0] == "failed" { failed.append(problem) } else { quarantined.append(problem) }
    }
    return (quarantined, failed)
  }

  func saveProblems(quarantined: [DatasetProblem], failed: [DatasetProblem]) throws {
    func lines(_ kind: String, _ problems: [DatasetProblem]) -> String {
      problems.map {
        "\(kind)\t\($0.path)\t\($0.line)\t\($0.reason.replacingOccurrences(of: "\n", with: " "))\n"
      }.joined()
    }
    try write(lines("quarantined", quarantined) + lines("failed", failed), "problems.tsv")
  }

  private func lines(_ name: String) -> [Substring] {
    guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n")
  }

  private func write(_ text: String, _ name: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(name))
  }
}
