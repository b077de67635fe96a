import AuraCache
import AuraDomain
import AuraScoring
import AuraStore
import AuraSupport
import Foundation

/// What the last run left in `<out>/.state` (`RunRecords`): each session's stage keys, and
/// the athlete and start of each it published; the key and fields of the publication
/// `current` holds; the partitions it quarantined or could not compute; what each store
/// committed. `explain` compares against these. Reads see nothing where the records cannot
/// be read (a run then computes everything again); writes throw.
struct RunState {
  let out: URL
  /// The records, opened once for every read this state makes.
  private let records: RunRecords?

  init(out: URL) {
    self.out = out
    records = try? RunRecords.readable(out: out)
  }

  /// One session partition as the last run left it.
  struct SessionRecord: Sendable, Equatable {
    var keys: SessionKeys
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
    for row in (try? self.records?.sessions()) ?? [] {
      // A session recorded without a key of every stage (by a build with other stages, or
      // records cut short) has no record: it is computed again.
      let keys = SessionKeys(
        Dictionary(
          uniqueKeysWithValues: row.keys.compactMap { name, key in
            Stage(rawValue: name).map { ($0, key) }
          }))
      guard keys.isComplete else { continue }
      records[row.partition] = SessionRecord(
        keys: keys,
        // A start that does not parse leaves the session unpublished: it is read back again.
        published: row.athleteId.flatMap { athleteId in
          row.startTime.flatMap(SessionTime.init).map {
            .init(
              athleteId: athleteId, startTime: $0, recordingsSetAside: row.recordingsSetAside)
          }
        })
    }
    return records
  }

  private var publication: (key: String, databaseDigest: String?)? {
    (try? records?.publicationKey()) ?? nil
  }

  var publishedKey: String? { publication?.key }

  var publishedFields: [ContentKey.Field]? {
    ((try? records?.publication()) ?? nil).map { ContentKey.fields(from: $0.fields) }
  }

  /// The content digest of the database the last publication wrote.
  var publishedDatabaseDigest: String? { publication?.databaseDigest }

  /// Records a publication with the sessions and problems it was made from, in one
  /// transaction.
  func savePublication(
    key: String, fields: ContentKey, databaseDigest: String?,
    sessions: some Sequence<(partition: String, record: SessionRecord)>,
    quarantined: [DatasetProblem], failed: [DatasetProblem]
  ) throws {
    func problems(_ kind: RunRecords.Problem.Kind, _ problems: [DatasetProblem])
      -> [RunRecords.Problem]
    {
      problems.map {
        .init(
          kind: kind, path: $0.path, line: $0.line, reason: $0.reason,
          detail: Self.detail($0))
      }
    }
    try RunRecords.writable(out: out).save(
      publication: .init(key: key, fields: fields.serialized, databaseDigest: databaseDigest),
      // Made one at a time as they are written: a run records every session.
      sessions: sessions.lazy.map { partition, record in
        RunRecords.Session(
          partition: partition,
          keys: Dictionary(
            uniqueKeysWithValues: Stage.perSession.map { ($0.rawValue, record.keys[$0]) }),
          athleteId: record.published?.athleteId, startTime: record.published?.startTime.text,
          recordingsSetAside: record.published?.recordingsSetAside == true)
      }, problems: problems(.quarantined, quarantined) + problems(.failed, failed))
  }

  /// The publication key the store `target` (its description) last committed, if any.
  func storeKey(_ target: String) -> String? { (try? records?.storeKey(target)) ?? nil }

  /// Records that the store `target` committed the publication `key`.
  func saveStoreKey(_ key: String, target: String) throws {
    try RunRecords.writable(out: out).saveStoreKey(key, target: target)
  }

  /// A problem's every field as the records keep it: JSON, keys sorted.
  static func detail(_ problem: DatasetProblem) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(problem)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The last run's quarantined and failed partitions.
  func problems() -> (quarantined: [DatasetProblem], failed: [DatasetProblem]) {
    var quarantined: [DatasetProblem] = []
    var failed: [DatasetProblem] = []
    for row in (try? records?.problems()) ?? [] {
      let problem =
        row.detail.flatMap { try? JSONDecoder().decode(DatasetProblem.self, from: Data($0.utf8)) }
        ?? DatasetProblem(path: row.path, line: row.line, reason: row.reason)
      if row.kind == .failed { failed.append(problem) } else { quarantined.append(problem) }
    }
    return (quarantined, failed)
  }
}

extension RunState.SessionRecord.Published {
  init(_ scored: ScoredSession) {
    self.init(
      athleteId: scored.athleteId, startTime: scored.startTime,
      recordingsSetAside: !scored.setAside.isEmpty)
  }
}
