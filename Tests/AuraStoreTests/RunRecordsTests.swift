import AuraTestSupport
import Foundation
import GRDB
import Testing

@testable import AuraStore

/// The records runs keep in `.state/records.sqlite`: a publication replaces the last one's
/// sessions and problems whole, mails and stores are kept, and an output folder an earlier
/// version wrote (its tab-separated files) is read as it was: no recomputation, no mail sent
/// twice.
@Suite struct RunRecordsTests {
  @Test func aPublicationReplacesTheLastOnesSessionsAndProblemsAndKeepsTheMails() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    let records = try RunRecords.writable(out: out)
    try records.record(
      .init(
        report: "coaches/c-1", address: "rivera@example.com", contentKey: "k1",
        sentAt: "2026-11-23T07:00:00Z"))
    try records.save(
      publication: .init(key: "p1", fields: "code\t1\n", databaseDigest: "d1"),
      sessions: [
        .init(
          partition: "sessions/s-2", keys: ["features": "f2", "scoring": "s2"], athleteId: "a-1",
          startTime: "2026-11-20T18:00:00Z", recordingsSetAside: true),
        .init(
          partition: "sessions/s-1", keys: ["features": "f1", "scoring": "s1"], athleteId: nil,
          startTime: nil, recordingsSetAside: false),
      ],
      problems: [.init(kind: .failed, path: "sessions/s-1", line: 0, reason: "crashed")])
    try records.save(
      publication: .init(key: "p2", fields: "code\t2\n", databaseDigest: nil),
      sessions: [
        .init(
          partition: "sessions/s-1", keys: ["features": "f1", "scoring": "s1b"], athleteId: "a-1",
          startTime: "2026-11-19T18:00:00Z", recordingsSetAside: false)
      ],
      problems: [])
    try records.saveStoreKey("p2", target: "postgresql://db/gym")

    let read = try RunRecords.readable(out: out)
    #expect(try read.publication() == .init(key: "p2", fields: "code\t2\n", databaseDigest: nil))
    #expect(try read.sessions().map { $0.keys["scoring"] } == ["s1b"])
    #expect(try read.problems().isEmpty)
    #expect(try read.storeKey("postgresql://db/gym") == "p2")
    #expect(try read.storeKey("postgresql://db/other") == nil)
    #expect(try read.deliveries().map(\.contentKey) == ["k1"])
  }

  @Test func anEarlierVersionsFilesAreReadWithoutWritingThenMovedIn() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    let state = out.appendingPathComponent(".state")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let files = [
      // s-000001 twice, as an interrupted earlier version could leave it: the last line wins.
      "sessions.tsv":
        "sessions/s-000001\tf0\ts0\t\t\t\nsessions/s-000001\tf1\ts1\ta-01\t2026-11-02T07:30:00Z\t\nsessions/s-000002\tf2\ts2\t\t\t\nsessions/s-000003\tf3\ts3\ta-02\t2026-11-03T18:05:00Z\tset-aside\n",
      "published-key": "9f2c",
      "published-fields": "code\tfeatures 7\nsession sessions/s-000001\tf1\n",
      "published-database": "",
      "problems.tsv":
        "quarantined\tsessions/s-000002/pose.csv\t14\tknee_angle: not a number\nfailed\tsessions/s-000004\t0\tthe process died\n",
      "stores.tsv": "postgresql://db/gym\t8e1a\n",
      "deliveries.tsv":
        "report\taddress\tcontent_key\tsent_at\ncoaches/c-1\trivera@example.com\tk1\t2026-11-23T07:00:00Z\nathletes/a-01\tana@example.com\tk2\t2026-11-23T07:00:01Z\n",
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: state.appendingPathComponent(name))
    }
    func check(_ records: RunRecords) throws {
      let sessions = try records.sessions()
      #expect(
        sessions.map(\.partition) == [
          "sessions/s-000001", "sessions/s-000002", "sessions/s-000003",
        ])
      #expect(sessions[0].athleteId == "a-01" && sessions[0].startTime == "2026-11-02T07:30:00Z")
      #expect(sessions[0].keys == ["features": "f1", "scoring": "s1"])
      #expect(sessions[1].athleteId == nil && sessions[1].startTime == nil)
      #expect(sessions[2].recordingsSetAside && !sessions[0].recordingsSetAside)
      #expect(
        try records.publication()
          == .init(
            key: "9f2c", fields: "code\tfeatures 7\nsession sessions/s-000001\tf1\n",
            databaseDigest: nil))
      #expect(
        try records.problems() == [
          .init(
            kind: .quarantined, path: "sessions/s-000002/pose.csv", line: 14,
            reason: "knee_angle: not a number"),
          .init(kind: .failed, path: "sessions/s-000004", line: 0, reason: "the process died"),
        ])
      #expect(try records.storeKey("postgresql://db/gym") == "8e1a")
      #expect(try records.deliveries().map(\.address) == ["rivera@example.com", "ana@example.com"])
    }

    // `explain` and `status` read them as they are, and write nothing.
    try check(RunRecords.readable(out: out))
    #expect(!FileManager.default.fileExists(atPath: RunRecords.file(out: out).path))
    #expect(
      FileManager.default.fileExists(atPath: state.appendingPathComponent("sessions.tsv").path))

    // The next run moves them into records.sqlite.
    _ = try RunRecords.writable(out: out)
    let left = try FileManager.default.contentsOfDirectory(atPath: state.path)
    #expect(left == ["records.sqlite"])
    try check(RunRecords.readable(out: out))
  }

  /// `status` reading while a run commits waits for the commit instead of failing (or
  /// reading nothing, which `explain` would take for a first run).
  @Test func aReaderWaitsForACommitInsteadOfFailing() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    try RunRecords.writable(out: out).saveStoreKey("9f2c", target: "postgresql://db/gym")
    let holder = try DatabaseQueue(path: RunRecords.file(out: out).path)
    let locked = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      try? holder.writeWithoutTransaction { db in
        try db.execute(sql: "BEGIN EXCLUSIVE")
        locked.signal()
        Thread.sleep(forTimeInterval: 0.5)
        try db.execute(sql: "COMMIT")
      }
      done.signal()
    }.start()
    locked.wait()
    #expect(try RunRecords.readable(out: out).storeKey("postgresql://db/gym") == "9f2c")
    done.wait()
  }

  /// Records the version before left (each session's two stage keys as columns of its own) are
  /// read as they are, and moved to a key a stage when a run next writes: the output folder is
  /// not computed again for it.
  @Test func theLastVersionsSessionKeysAreReadThenMovedToAKeyAStage() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    let state = out.appendingPathComponent(".state")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: state.appendingPathComponent("records.sqlite").path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('records 1'), ('records 2');
          CREATE TABLE session (
            partition TEXT PRIMARY KEY, feature_key TEXT NOT NULL, scoring_key TEXT NOT NULL,
            athlete_id TEXT, start_time TEXT, recordings_set_aside INTEGER NOT NULL);
          CREATE TABLE publication (
            id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL, fields TEXT NOT NULL,
            database_digest TEXT);
          CREATE TABLE problem (
            kind TEXT NOT NULL CHECK (kind IN ('quarantined', 'failed')), path TEXT NOT NULL,
            line INTEGER NOT NULL, reason TEXT NOT NULL, detail TEXT);
          CREATE TABLE store (target TEXT PRIMARY KEY, key TEXT NOT NULL);
          CREATE TABLE delivery (
            report TEXT NOT NULL, address TEXT NOT NULL, content_key TEXT NOT NULL,
            sent_at TEXT NOT NULL);
          INSERT INTO session VALUES ('sessions/s-1', 'f1', 's1', 'a-1', '2026-11-20T18:00:00Z', 0);
          INSERT INTO session VALUES ('sessions/s-2', 'f2', 's2', NULL, NULL, 1);
          """)
    }
    try queue.close()
    let expected = [
      RunRecords.Session(
        partition: "sessions/s-1", keys: ["features": "f1", "scoring": "s1"], athleteId: "a-1",
        startTime: "2026-11-20T18:00:00Z", recordingsSetAside: false),
      RunRecords.Session(
        partition: "sessions/s-2", keys: ["features": "f2", "scoring": "s2"], athleteId: nil,
        startTime: nil, recordingsSetAside: true),
    ]
    #expect(try RunRecords.readable(out: out).sessions() == expected)
    // Opened to write, the records migrate: the same sessions, each key a row of its own.
    let writable = try RunRecords.writable(out: out)
    #expect(try writable.sessions() == expected)
    let moved = try DatabaseQueue(path: state.appendingPathComponent("records.sqlite").path)
    let columns = try moved.read { db in try db.columns(in: "session").map(\.name) }
    #expect(!columns.contains("feature_key") && !columns.contains("scoring_key"))
    #expect(
      try moved.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session_key") } == 4)
    // A stage the version before had no column for is kept like the others.
    try writable.save(
      publication: nil,
      sessions: [
        .init(
          partition: "sessions/s-1", keys: ["features": "f3", "scoring": "s3", "quality": "q3"],
          athleteId: nil, startTime: nil, recordingsSetAside: false)
      ], problems: [])
    #expect(
      try RunRecords.readable(out: out).sessions().map(\.keys) == [
        ["features": "f3", "scoring": "s3", "quality": "q3"]
      ])
  }
}
