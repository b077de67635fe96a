import AuraCache
import AuraDomain
import AuraScoring
import AuraSupport
import Foundation

/// What the last run left in `<out>/.state`: each session's stage keys, and the athlete and
/// start of each it published (`sessions.tsv`); the key and fields of the publication
/// `current` holds (`published-key`, `published-fields`); and the partitions it quarantined or
/// could not compute (`problems.tsv`). `explain` compares against these; every file is
/// replaced atomically.
struct RunState {
  let folder: URL

  init(out: URL) { folder = OutputLayout(out).state }

  /// One session partition as the last run left it.
  struct SessionRecord: Sendable, Equatable {
    var featureKey: String
    var scoringKey: String
    /// Set when the session was published: what a rerun needs to group cached sessions by
    /// athlete without decoding them.
    var published: Published?

    struct Published: Sendable, Equatable {
      var athleteId: String
      var startTime: SessionTime
      /// Whether a recording of it was set aside: a rerun then reads the scored session back
      /// for the problems, which this record does not hold.
      var recordingsSetAside = false
    }
  }

  /// The last run's sessions, by partition (`sessions/<folder>`).
  func sessions() -> [String: SessionRecord] {
    var records: [String: SessionRecord] = [:]
    for row in TSVTable.read(url("sessions.tsv"), columns: 6) {
      records[row[0]] = SessionRecord(
        featureKey: row[1], scoringKey: row[2],
        // A start that does not parse leaves the session unpublished: it is read back again.
        published: row[3].isEmpty
          ? nil
          : SessionTime(row[4]).map {
            .init(athleteId: row[3], startTime: $0, recordingsSetAside: row[5] == "set-aside")
          })
    }
    return records
  }

  func saveSessions(_ records: [String: SessionRecord]) throws {
    try TSVTable.write(
      records.sorted { $0.key < $1.key }.map { partition, record in
        [
          partition, record.featureKey, record.scoringKey, record.published?.athleteId ?? "",
          record.published?.startTime.text ?? "",
          record.published?.recordingsSetAside == true ? "set-aside" : "",
        ]
      }, to: url("sessions.tsv"))
  }

  var publishedKey: String? { try? String(contentsOf: url("published-key"), encoding: .utf8) }

  var publishedFields: [ContentKey.Field]? {
    (try? String(contentsOf: url("published-fields"), encoding: .utf8))
      .map(ContentKey.fields(from:))
  }

  /// The content digest of the database the last publication wrote.
  var publishedDatabaseDigest: String? {
    try? String(contentsOf: url("published-database"), encoding: .utf8)
  }

  /// Records a publication: its fields and its database's digest first, then its key (what
  /// `current` now holds).
  func savePublished(key: String, fields: ContentKey, databaseDigest: String?) throws {
    try AtomicFile.write(Data(fields.serialized.utf8), to: url("published-fields"))
    try AtomicFile.write(Data((databaseDigest ?? "").utf8), to: url("published-database"))
    try AtomicFile.write(Data(key.utf8), to: url("published-key"))
  }

  /// The publication key the store `target` (its description) last committed, if any.
  func storeKey(_ target: String) -> String? {
    TSVTable.read(url("stores.tsv"), columns: 2).first { $0[0] == target }?[1]
  }

  /// Records that the store `target` committed the publication `key`.
  func saveStoreKey(_ key: String, target: String) throws {
    var rows = TSVTable.read(url("stores.tsv"), columns: 2).filter { $0[0] != target }
    rows.append([target, key])
    try TSVTable.write(rows.sorted { $0[0] < $1[0] }, to: url("stores.tsv"))
  }

  /// The last run's quarantined and failed partitions.
  func problems() -> (quarantined: [DatasetProblem], failed: [DatasetProblem]) {
    var quarantined: [DatasetProblem] = []
    var failed: [DatasetProblem] = []
    for row in TSVTable.read(url("problems.tsv"), columns: 4) {
      guard let line = Int(row[2]) else { continue }
      let problem = DatasetProblem(path: row[1], line: line, reason: row[3])
      if row[0] == "failed" { failed.append(problem) } else { quarantined.append(problem) }
    }
    return (quarantined, failed)
  }

  func saveProblems(quarantined: [DatasetProblem], failed: [DatasetProblem]) throws {
    func rows(_ kind: String, _ problems: [DatasetProblem]) -> [[String]] {
      problems.map { [kind, $0.path, String($0.line), $0.reason] }
    }
    try TSVTable.write(
      rows("quarantined", quarantined) + rows("failed", failed), to: url("problems.tsv"))
  }

  private func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}

extension RunState.SessionRecord.Published {
  init(_ scored: ScoredSession) {
    self.init(
      athleteId: scored.athleteId, startTime: scored.startTime,
      recordingsSetAside: !scored.setAside.isEmpty)
  }
}
