import AuraSupport
import Foundation
import GRDB

/// What runs remember between them, in one SQLite file (`<out>/.state/records.sqlite`): each
/// session's stage keys, the publication `current` holds, the partitions the last run set
/// aside or could not compute, what each PostgreSQL store committed, and every weekly mail
/// handed over. A publication's record (its key, sessions and problems) is written in one
/// transaction, so a run killed while recording it leaves the last one whole.
///
/// Only the run holding the output's lock writes (`writable`); `explain`, `status` and the
/// cache's collection read without it (`readable`).
package struct RunRecords: Sendable {
  private let queue: DatabaseQueue

  /// The file of `out`'s records.
  package static func file(out: URL) -> URL { OutputLayout(out).record("records.sqlite") }

  /// The records of `out`, to write: created, and filled from an earlier version's files,
  /// the first time.
  package static func writable(out: URL) throws -> RunRecords {
    let file = file(out: out)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let records = RunRecords(
      queue: try DatabaseQueue(path: file.path, configuration: configuration(readOnly: false)))
    let legacy = LegacyRecords(state: OutputLayout(out).state)
    try records.migrate(legacy: legacy)
    legacy.remove()
    return records
  }

  /// Makes the records ready for a run that holds the output's lock, before it publishes
  /// anything: a file SQLite cannot read (not a database, or damaged) is moved aside, named
  /// `records.sqlite.unreadable-<time>`, and its path returned, so that the run starts from
  /// empty records (it recomputes or reads from the cache what it cannot match, and
  /// republishes) instead of failing every night; then the records must take a write, so that
  /// a read-only file, or one another writer holds, stops the run before `current` moves.
  package static func prepare(out: URL, now: Date = Date()) throws -> URL? {
    let file = file(out: out)
    var movedTo: URL? = nil
    if FileManager.default.fileExists(atPath: file.path), let problem = unreadable(file) {
      let stamp = ISO8601DateFormatter().string(from: now).filter { $0.isNumber || $0 == "T" }
      let aside = file.deletingLastPathComponent().appendingPathComponent(
        "records.sqlite.unreadable-\(stamp)")
      do {
        try FileManager.default.moveItem(at: file, to: aside)
        for suffix in ["-wal", "-shm", "-journal"] {
          try? FileManager.default.removeItem(atPath: file.path + suffix)
        }
      } catch {
        throw RecordsUnusable(
          description:
            "\(file.path) cannot be read (\(problem)) nor moved aside: \(ErrorMessage.describe(error))"
        )
      }
      movedTo = aside
    }
    do {
      let records = try writable(out: out)
      try records.queue.inDatabase { db in
        try db.execute(sql: "BEGIN IMMEDIATE")
        try db.execute(sql: "ROLLBACK")
      }
    } catch {
      throw RecordsUnusable(
        description:
          "\(file.path) cannot be written (\(Self.reason(error))): the run's records would be lost, so nothing is published"
      )
    }
    return movedTo
  }

  /// Why SQLite cannot read `file` as records, if it cannot.
  package static func unreadable(_ file: URL) -> String? {
    do {
      let queue = try DatabaseQueue(path: file.path, configuration: configuration(readOnly: true))
      let verdict = try queue.read { db in
        try String.fetchOne(db, sql: "PRAGMA quick_check(1)")
      }
      return verdict == "ok" ? nil : "damaged: \(verdict ?? "no verdict")"
    } catch let error as DatabaseError
      where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
    {
      return Self.reason(error)
    } catch {
      // Locked or unreadable for another reason (permissions): not the file's own fault.
      return nil
    }
  }

  private static func reason(_ error: any Error) -> String {
    (error as? DatabaseError)?.message ?? ErrorMessage.describe(error)
  }

  /// The records cannot serve a run.
  package struct RecordsUnusable: Error, CustomStringConvertible {
    package let description: String
  }

  /// The records of `out`, to read, writing nothing: the file read-only; where there is none
  /// yet, an earlier version's files read into memory; none when neither is there.
  package static func readable(out: URL) throws -> RunRecords {
    let file = file(out: out)
    if FileManager.default.fileExists(atPath: file.path) {
      return RunRecords(
        queue: try DatabaseQueue(path: file.path, configuration: configuration(readOnly: true)))
    }
    let records = RunRecords(queue: try DatabaseQueue())
    try records.migrate(legacy: LegacyRecords(state: OutputLayout(out).state))
    return records
  }

  /// A reader (`status`, `explain`) may open the file while a run commits to it, and
  /// `deliver` while a run records its mails: each waits for the other's lock, up to 10 s,
  /// rather than read nothing or fail.
  private static func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(10)
    return configuration
  }

  /// Creates the tables; the first time, fills them from `legacy` in the same transaction.
  private func migrate(legacy: LegacyRecords) throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("records 1") { db in
      try db.execute(
        sql: """
          CREATE TABLE session (
            partition TEXT PRIMARY KEY, feature_key TEXT NOT NULL, scoring_key TEXT NOT NULL,
            athlete_id TEXT, start_time TEXT, recordings_set_aside INTEGER NOT NULL);
          CREATE TABLE publication (
            id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL, fields TEXT NOT NULL,
            database_digest TEXT);
          CREATE TABLE problem (
            kind TEXT NOT NULL CHECK (kind IN ('quarantined', 'failed')), path TEXT NOT NULL,
            line INTEGER NOT NULL, reason TEXT NOT NULL);
          CREATE TABLE store (target TEXT PRIMARY KEY, key TEXT NOT NULL);
          CREATE TABLE delivery (
            report TEXT NOT NULL, address TEXT NOT NULL, content_key TEXT NOT NULL,
            sent_at TEXT NOT NULL);
          """)
      try legacy.copy(into: db)
    }
    // A problem's every field (its athlete, the rows it stands for), so that a rerun reports
    // the same problems, grouped by the same causes, as the run that found them.
    migrator.registerMigration("records 2") { db in
      try db.execute(sql: "ALTER TABLE problem ADD COLUMN detail TEXT")
    }
    // A session's key at each of its stages, one row a stage: a new per-session stage needs no
    // column of its own. The two stages there were move over.
    migrator.registerMigration("records 3") { db in
      try db.execute(
        sql: """
          CREATE TABLE session_key (
            partition TEXT NOT NULL, stage TEXT NOT NULL, key TEXT NOT NULL,
            PRIMARY KEY (partition, stage));
          INSERT INTO session_key SELECT partition, 'features', feature_key FROM session;
          INSERT INTO session_key SELECT partition, 'scoring', scoring_key FROM session;
          ALTER TABLE session DROP COLUMN feature_key;
          ALTER TABLE session DROP COLUMN scoring_key;
          """)
    }
    try migrator.migrate(queue)
  }

  // MARK: Sessions and the publication

  /// One session partition as the last run left it.
  package struct Session: Sendable, Equatable {
    package var partition: String
    /// The session's key at each of its stages, by the stage's name.
    package var keys: [String: String]
    /// The athlete and start of a published session (nil when it was not published).
    package var athleteId: String?
    package var startTime: String?
    package var recordingsSetAside: Bool

    package init(
      partition: String, keys: [String: String], athleteId: String?, startTime: String?,
      recordingsSetAside: Bool
    ) {
      self.partition = partition
      self.keys = keys
      self.athleteId = athleteId
      self.startTime = startTime
      self.recordingsSetAside = recordingsSetAside
    }
  }

  /// The publication `current` holds: its key, the fields the key was made of, and the
  /// content digest of the database it wrote.
  package struct Publication: Sendable, Equatable {
    package var key: String
    package var fields: String
    package var databaseDigest: String?

    package init(key: String, fields: String, databaseDigest: String?) {
      self.key = key
      self.fields = fields
      self.databaseDigest = databaseDigest
    }
  }

  /// A partition the last run set aside (`quarantined`) or could not compute (`failed`).
  package struct Problem: Sendable, Equatable {
    package enum Kind: String, Sendable { case quarantined, failed }
    package var kind: Kind
    package var path: String
    package var line: Int
    package var reason: String
    /// The whole problem as its writer encoded it (JSON), where it has more than these fields.
    package var detail: String?

    package init(kind: Kind, path: String, line: Int, reason: String, detail: String? = nil) {
      self.kind = kind
      self.path = path
      self.line = line
      self.reason = reason
      self.detail = detail
    }
  }

  package func sessions() throws -> [Session] {
    try queue.read { db in
      // Records an earlier version left, read without migrating, hold two stages' columns.
      let keyed = try db.tableExists("session_key")
      var keys: [String: [String: String]] = [:]
      if keyed {
        for row in try Row.fetchAll(db, sql: "SELECT * FROM session_key") {
          keys[row["partition"], default: [:]][row["stage"]] = row["key"]
        }
      }
      return try Row.fetchAll(db, sql: "SELECT * FROM session ORDER BY partition").map {
        Session(
          partition: $0["partition"],
          keys: keyed
            ? keys[$0["partition"]] ?? [:]
            : ["features": $0["feature_key"], "scoring": $0["scoring_key"]],
          athleteId: $0["athlete_id"], startTime: $0["start_time"],
          recordingsSetAside: $0["recordings_set_aside"])
      }
    }
  }

  package func publication() throws -> Publication? {
    try queue.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM publication").map {
        Publication(key: $0["key"], fields: $0["fields"], databaseDigest: $0["database_digest"])
      }
    }
  }

  /// The last publication's key and database digest, without its fields (a line per
  /// session: only `explain` reads them).
  package func publicationKey() throws -> (key: String, databaseDigest: String?)? {
    try queue.read { db in
      try Row.fetchOne(db, sql: "SELECT key, database_digest FROM publication").map {
        (key: $0["key"], databaseDigest: $0["database_digest"])
      }
    }
  }

  package func problems() throws -> [Problem] {
    try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM problem ORDER BY rowid").compactMap { row in
        (row["kind"] as String?).flatMap(Problem.Kind.init(rawValue:)).map {
          Problem(
            kind: $0, path: row["path"], line: row["line"], reason: row["reason"],
            detail: row.hasColumn("detail") ? row["detail"] : nil)
        }
      }
    }
  }

  /// Records a run's publication with the sessions and problems it was made from, in one
  /// transaction: they replace the last run's.
  package func save(
    publication: Publication?, sessions: some Sequence<Session>, problems: [Problem]
  ) throws {
    try queue.write { db in try Self.save(publication, sessions, problems, in: db) }
  }

  private static func save(
    _ publication: Publication?, _ sessions: some Sequence<Session>, _ problems: [Problem],
    in db: Database
  ) throws {
    if let publication {
      try db.execute(
        sql: "INSERT OR REPLACE INTO publication VALUES (1, ?, ?, ?)",
        arguments: [publication.key, publication.fields, publication.databaseDigest])
    }
    try db.execute(sql: "DELETE FROM session")
    // Legacy records are copied in before the keys have a table of their own.
    guard try db.tableExists("session_key") else {
      let session = try db.makeStatement(sql: "INSERT INTO session VALUES (?, ?, ?, ?, ?, ?)")
      for row in sessions {
        try session.execute(arguments: [
          row.partition, row.keys["features"], row.keys["scoring"], row.athleteId,
          row.startTime, row.recordingsSetAside,
        ])
      }
      try save(problems, in: db)
      return
    }
    try db.execute(sql: "DELETE FROM session_key")
    let session = try db.makeStatement(
      sql: "INSERT INTO session (partition, athlete_id, start_time, recordings_set_aside) "
        + "VALUES (?, ?, ?, ?)")
    let key = try db.makeStatement(sql: "INSERT INTO session_key VALUES (?, ?, ?)")
    for row in sessions {
      try session.execute(arguments: [
        row.partition, row.athleteId, row.startTime, row.recordingsSetAside,
      ])
      for (stage, value) in row.keys.sorted(by: { $0.key < $1.key }) {
        try key.execute(arguments: [row.partition, stage, value])
      }
    }
    try save(problems, in: db)
  }

  private static func save(_ problems: [Problem], in db: Database) throws {
    try db.execute(sql: "DELETE FROM problem")
    // Legacy records are copied in before the table has its detail column.
    let detailed = try db.columns(in: "problem").contains { $0.name == "detail" }
    let problem = try db.makeStatement(
      sql: detailed
        ? "INSERT INTO problem (kind, path, line, reason, detail) VALUES (?, ?, ?, ?, ?)"
        : "INSERT INTO problem (kind, path, line, reason) VALUES (?, ?, ?, ?)")
    for row in problems {
      var arguments: StatementArguments = [row.kind.rawValue, row.path, row.line, row.reason]
      if detailed { arguments += [row.detail] }
      try problem.execute(arguments: arguments)
    }
  }

  // MARK: Stores

  /// The publication key the store `target` (its description) last committed, if any.
  package func storeKey(_ target: String) throws -> String? {
    try queue.read { db in
      try String.fetchOne(db, sql: "SELECT key FROM store WHERE target = ?", arguments: [target])
    }
  }

  /// Records that the store `target` committed the publication `key`.
  package func saveStoreKey(_ key: String, target: String) throws {
    try queue.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO store VALUES (?, ?)", arguments: [target, key])
    }
  }

  // MARK: Mails

  /// A weekly mail handed over: its report, address, the report's content key, and when
  /// (ISO 8601).
  package struct Delivery: Sendable, Equatable {
    package var report: String
    package var address: String
    package var contentKey: String
    package var sentAt: String

    package init(report: String, address: String, contentKey: String, sentAt: String) {
      self.report = report
      self.address = address
      self.contentKey = contentKey
      self.sentAt = sentAt
    }
  }

  package func deliveries() throws -> [Delivery] {
    try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM delivery ORDER BY rowid").map {
        Delivery(
          report: $0["report"], address: $0["address"], contentKey: $0["content_key"],
          sentAt: $0["sent_at"])
      }
    }
  }

  /// Records a mail handed over, committed before it returns.
  package func record(_ delivery: Delivery) throws {
    try queue.write { db in try Self.insert([delivery], in: db) }
  }

  fileprivate static func insert(_ deliveries: [Delivery], in db: Database) throws {
    let statement = try db.makeStatement(sql: "INSERT INTO delivery VALUES (?, ?, ?, ?)")
    for row in deliveries {
      try statement.execute(arguments: [row.report, row.address, row.contentKey, row.sentAt])
    }
  }

  fileprivate static func fill(
    publication: Publication?, sessions: [Session], problems: [Problem], stores: [[String]],
    deliveries: [Delivery], in db: Database
  ) throws {
    try save(publication, sessions, problems, in: db)
    for row in stores {
      try db.execute(
        sql: "INSERT OR REPLACE INTO store VALUES (?, ?)", arguments: [row[0], row[1]])
    }
    try insert(deliveries, in: db)
  }
}

/// The tab-separated and text files earlier versions kept in `.state` instead of
/// `records.sqlite`: read once, when the records are first created, so that an upgraded
/// nightly run neither recomputes what it had nor mails a week again.
private struct LegacyRecords: Sendable {
  let state: URL

  static let files = [
    "sessions.tsv", "published-key", "published-fields", "published-database", "problems.tsv",
    "stores.tsv", "deliveries.tsv",
  ]

  /// Removes the files, once their records are in `records.sqlite`.
  func remove() {
    for name in Self.files { try? FileManager.default.removeItem(at: url(name)) }
  }

  func copy(into db: Database) throws {
    // A partition listed twice (a file an interrupted version left) keeps its last line.
    var lastLine: [String: Int] = [:]
    let lines = TSVTable.read(url("sessions.tsv"), columns: 6)
    for (index, line) in lines.enumerated() { lastLine[line[0]] = index }
    let sessions = lines.enumerated().filter { lastLine[$0.element[0]] == $0.offset }.map(\.element)
      .map {
        RunRecords.Session(
          partition: $0[0], keys: ["features": $0[1], "scoring": $0[2]],
          athleteId: $0[3].isEmpty ? nil : $0[3], startTime: $0[3].isEmpty ? nil : $0[4],
          recordingsSetAside: $0[5] == "set-aside")
      }
    let publication = text("published-key").map {
      RunRecords.Publication(
        key: $0, fields: text("published-fields") ?? "",
        databaseDigest: text("published-database").flatMap { $0.isEmpty ? nil : $0 })
    }
    let problems = TSVTable.read(url("problems.tsv"), columns: 4).compactMap { row in
      Int(row[2]).map {
        RunRecords.Problem(
          kind: row[0] == "failed" ? .failed : .quarantined, path: row[1], line: $0,
          reason: row[3])
      }
    }
    let deliveries = TSVTable.read(url("deliveries.tsv"), columns: 4).dropFirst().map {
      RunRecords.Delivery(report: $0[0], address: $0[1], contentKey: $0[2], sentAt: $0[3])
    }
    try RunRecords.fill(
      publication: publication, sessions: sessions, problems: problems,
      stores: TSVTable.read(url("stores.tsv"), columns: 2), deliveries: Array(deliveries), in: db)
  }

  private func url(_ name: String) -> URL { state.appendingPathComponent(name) }
  private func text(_ name: String) -> String? {
    try? String(contentsOf: url(name), encoding: .utf8)
  }
}
