import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// Publication into a real PostgreSQL 15 (started by the test on loopback): the same rows as
/// the SQLite release, one transaction, only changes written, faults with their exit codes.
@Suite(.serialized) struct PostgresStoreTests {
  static let server: Result<PostgresServer, any Error> = Result { try PostgresServer() }

  /// `auralift run` of `dataset` into `out` and the store `url`, the password in PGPASSWORD.
  static func run(
    _ dataset: URL, out: URL, store: String, extra: [String] = [],
    environment: [String: String]? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    try TestSupport.cli(
      [
        "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--store",
        store,
      ] + extra, environment: environment ?? server.get().environment)
  }

  /// Every row of `table` in the SQLite release, each field as COPY text.
  static func sqliteRows(_ out: URL, _ table: PublishedTable) throws -> [[String]] {
    let diff = try ReleaseDiff(
      database: out.appendingPathComponent("current/auralift.sqlite").path, previous: nil)
    let chunks = try diff.allRows(of: table)
    var rows: [[String]] = []
    while let chunk = try chunks.next() {
      for line in String(decoding: chunk, as: UTF8.self).split(separator: "\n") {
        rows.append(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
      }
    }
    return rows
  }

  /// Every row of `table` in the store's schema, each field as COPY text.
  static func postgresRows(_ table: PublishedTable, schema: String = "auralift") throws
    -> [[String]]
  {
    try server.get().psql("COPY (SELECT * FROM \(schema).\(table.name)) TO STDOUT")
      .split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
  }

  /// Two tables' rows equal as multisets, numbers compared as doubles (to the last bit).
  static func same(_ a: [[String]], _ b: [[String]]) -> Bool {
    func normal(_ rows: [[String]]) -> [String] {
      rows.map { row in
        row.map { field in Double(field).map { String($0.bitPattern) } ?? field }
          .joined(separator: "\t")
      }.sorted()
    }
    return normal(a) == normal(b)
  }

  static func expectSameTables(_ out: URL, schema: String = "auralift") throws {
    for table in PublishedTable.all {
      let sqlite = try sqliteRows(out, table)
      let postgres = try postgresRows(table, schema: schema)
      #expect(
        same(sqlite, postgres),
        "\(table.name): \(sqlite.count) rows in SQLite, \(postgres.count) in PostgreSQL")
    }
  }

  @Test func theStoreHoldsTheSQLiteReleaseRowForRow() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let published = try Self.run(dataset, out: out, store: server.url(schema: "same_rows"))
    #expect(published.status == 0, "\(published.stderr)")
    #expect(published.stdout.contains("postgresql: postgresql://postgres@127.0.0.1"))
    try Self.expectSameTables(out, schema: "same_rows")
    // The model's relations are declared, deferred to the commit, as in SQLite.
    let keys = try server.psql(
      """
      SELECT c.conrelid::regclass::text || '.' || a.attname FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.condeferred AND c.connamespace = 'same_rows'::regnamespace
      """)
    #expect(
      Set(keys.split(separator: "\n").map(String.init))
        == Set(
          PublishedTable.all.flatMap(\.foreignKeys).map { "same_rows.\($0.table).\($0.column)" }))
    // A notification for every coach and athlete, each linking their report, unread.
    let notifications = try server.psql(
      "SELECT recipient_type, count(*) FROM same_rows.notification WHERE NOT read_status GROUP BY 1 ORDER BY 1"
    )
    #expect(notifications == "athlete\t3\ncoach\t2\n")
    // Nothing to do next time: neither the SQLite release nor the store is written again.
    let again = try Self.run(dataset, out: out, store: server.url(schema: "same_rows"))
    #expect(again.stdout.contains("up to date") && !again.stdout.contains("postgresql:"))
  }

  /// A new session: the store writes only its athlete's rows from its week on and the roster
  /// tables; every other row keeps its identity (the same row version, `xmin`).
  @Test func aNewSessionRewritesOnlyWhatItChanged() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "incremental")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    func versions() throws -> [String: String] {
      Dictionary(
        uniqueKeysWithValues: try server.psql(
          "SELECT s.id, s.user_profile_id, s.xmin FROM incremental.workout_session s"
        ).split(separator: "\n").map { line in
          let fields = line.split(separator: "\t").map(String.init)
          return (fields[0] + " " + fields[1], fields[2])
        })
    }
    let before = try versions()
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions").path
    ).sorted()
    _ = try RunnerTests.copySession(folders.last!, as: "s-new", in: dataset)
    let added = try Self.run(dataset, out: out, store: url)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("changes only"), "\(added.stdout)")
    try Self.expectSameTables(out, schema: "incremental")
    let after = try versions()
    let athlete = try #require(after.keys.first { $0.hasPrefix("s-new ") }).split(separator: " ")[1]
    let others = before.filter { !$0.key.hasSuffix(" \(athlete)") }
    #expect(!others.isEmpty)
    for (session, version) in others {
      #expect(after[session] == version, "\(session) was rewritten")
    }
  }

  /// A reader polling while a publication rewrites every row sees the old state or the new,
  /// never a mix.
  @Test func aReaderSeesOnlyCompleteStates() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 4, sessions: 6, seed: 43)
    defer { TestSupport.remove(dataset) }
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "readers")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    let probe =
      "SELECT (SELECT count(*) FROM readers.workout_set) || ' ' || (SELECT coalesce(sum(form_score), 0) FROM readers.workout_set) || ' ' || (SELECT run_id FROM readers.run)"
    let old = try server.psql(probe)
    let seen = Observed()
    let stop = Observed()
    let poller = Thread {
      while stop.values.isEmpty {
        if let state = try? server.psql(probe) { seen.add(state) }
      }
    }
    poller.start()
    // Another form weighting: every set's score, every row of workout_set, changes.
    let changed = try Self.run(
      dataset, out: out, store: url, extra: ["--set", "scoring.form.depth_weight=0.5"])
    Thread.sleep(forTimeInterval: 0.3)
    stop.add("stop")
    while !poller.isFinished { Thread.sleep(forTimeInterval: 0.05) }
    #expect(changed.status == 0, "\(changed.stderr)")
    let new = try server.psql(probe)
    #expect(old != new)
    #expect(seen.values.count > 2)
    #expect(Set(seen.values).isSubset(of: [old, new]), "\(Set(seen.values))")
  }

  /// The server killed while the publication's transaction is open: exit 69, nothing
  /// visible changed; once it is back, the next run publishes, nothing lost.
  @Test func aServerKilledMidPublicationChangesNothing() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "killed")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    let before = try server.psql("SELECT run_id FROM killed.run")
    _ = try RunnerTests.copySession("s-000001", as: "s-late", in: dataset)
    // Hold the publisher's lock so that it waits inside its transaction, then kill the server.
    let holder = try server.session()
    holder.input.write(
      Data("BEGIN; SELECT pg_advisory_xact_lock(hashtext('auralift:killed'));\n".utf8))
    Thread.sleep(forTimeInterval: 0.5)
    let publisher = Process()
    publisher.executableURL = TestSupport.binary
    publisher.arguments = [
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--store", url,
      "--quiet",
    ]
    publisher.currentDirectoryURL = TestSupport.repositoryRoot
    publisher.environment = server.environment
    publisher.standardOutput = FileHandle.nullDevice
    publisher.standardError = FileHandle.nullDevice
    try publisher.run()
    var waiting = false
    for _ in 0..<100 where !waiting {
      Thread.sleep(forTimeInterval: 0.1)
      waiting =
        (try? server.psql(
          "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%advisory%'"
        ))?.hasPrefix("1") == true
    }
    #expect(waiting, "the publisher never reached the lock")
    server.kill()
    publisher.waitUntilExit()
    holder.process.terminate()
    #expect(publisher.terminationStatus == 69)
    try server.start()
    #expect(try server.psql("SELECT run_id FROM killed.run") == before)
    #expect(
      try server.psql("SELECT count(*) FROM killed.workout_session WHERE id = 's-late'") == "0\n")
    let next = try Self.run(dataset, out: out, store: url)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("postgresql:"))
    try Self.expectSameTables(out, schema: "killed")
  }

  /// A schema an earlier auralift created (version 1: no foreign keys, no record columns, no
  /// count confidence or interval, a roster of the last 7 days, no provenance in `run`) is upgraded in the publication's transaction and then holds what a new
  /// one holds.
  @Test func aSchemaOfAnEarlierVersionIsUpgraded() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "upgraded")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    let current = try server.psql("SELECT max(version) FROM upgraded.auralift_schema_version")
    func foreignKeys() throws -> String {
      try server.psql(
        "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND connamespace = 'upgraded'::regnamespace"
      )
    }
    let keys = try foreignKeys()
    #expect(keys == "\(PublishedTable.all.flatMap(\.foreignKeys).count)\n")
    try server.psql(
      """
      DO $$ DECLARE c record; BEGIN
        FOR c IN SELECT conrelid::regclass AS t, conname FROM pg_constraint
          WHERE contype = 'f' AND connamespace = 'upgraded'::regnamespace
        LOOP EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.t, c.conname); END LOOP;
      END $$;
      ALTER TABLE upgraded.personal_record DROP COLUMN previous_value, DROP COLUMN notable;
      ALTER TABLE upgraded.workout_set DROP COLUMN reps_confidence, DROP COLUMN entry_check,
        DROP COLUMN reps_low, DROP COLUMN reps_high;
      DROP TABLE upgraded.departed_athlete;
      ALTER TABLE upgraded.run DROP COLUMN code_commit, DROP COLUMN code_modified,
        DROP COLUMN dataset_digest;
      ALTER TABLE upgraded.coach_roster DROP COLUMN iso_week;
      ALTER TABLE upgraded.coach_roster RENAME COLUMN sessions_this_week TO sessions_last_7_days;
      ALTER TABLE upgraded.coach_roster RENAME COLUMN lp_change_this_week TO lp_change_7_days;
      ALTER TABLE upgraded.coach_roster RENAME COLUMN new_records_this_week TO new_records_7_days;
      DELETE FROM upgraded.auralift_schema_version;
      INSERT INTO upgraded.auralift_schema_version VALUES (1);
      """)
    _ = try RunnerTests.copySession("s-000001", as: "s-upgrade", in: dataset)
    let next = try Self.run(dataset, out: out, store: url)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("(schema upgraded): rewritten"), "\(next.stdout)")
    #expect(
      try server.psql("SELECT max(version) FROM upgraded.auralift_schema_version") == current)
    #expect(try foreignKeys() == keys)
    try Self.expectSameTables(out, schema: "upgraded")
  }

  /// Rows someone else changed, removed or added in the store are found at the next
  /// publication, which writes every table whole; a trigger that refuses auralift's writes or
  /// a key dropped from a table is "changed outside auralift" (65), which a scheduler does
  /// not retry, never "unavailable" (69).
  @Test func rowsChangedOutsideAreReplacedAndSchemaChangesRefused() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "drift")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    try server.psql(
      """
      UPDATE drift.user_profile SET username = 'TAMPERED' WHERE id = 'a-01';
      UPDATE drift.workout_set SET weight_kg = 999 WHERE ctid = (SELECT min(ctid) FROM drift.workout_set);
      DELETE FROM drift.rep WHERE ctid IN (SELECT ctid FROM drift.rep LIMIT 16);
      """)
    _ = try RunnerTests.copySession("s-000001", as: "s-after", in: dataset)
    let repaired = try Self.run(dataset, out: out, store: url)
    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(repaired.stdout.contains("(schema drift): rewritten"), "\(repaired.stdout)")
    #expect(repaired.stderr.contains("were changed outside auralift"), "\(repaired.stderr)")
    #expect(repaired.stderr.contains("tables="), "\(repaired.stderr)")
    #expect(repaired.stderr.contains("rep") && repaired.stderr.contains("user_profile"))
    try Self.expectSameTables(out, schema: "drift")
    // Left alone, the next publication writes changes only again.
    _ = try RunnerTests.copySession("s-000002", as: "s-later", in: dataset)
    let quiet = try Self.run(dataset, out: out, store: url)
    #expect(quiet.stdout.contains("changes only"), "\(quiet.stdout)\n\(quiet.stderr)")
    try Self.expectSameTables(out, schema: "drift")

    try server.psql(
      """
      CREATE FUNCTION drift.refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'sessions are read-only here'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE INSERT ON drift.workout_session
        FOR EACH ROW EXECUTE FUNCTION drift.refuse();
      """)
    _ = try RunnerTests.copySession("s-000003", as: "s-trigger", in: dataset)
    let triggered = try Self.run(dataset, out: out, store: url)
    #expect(triggered.status == 65, "\(triggered.stderr)")
    #expect(triggered.stderr.contains("sessions are read-only here"), "\(triggered.stderr)")
    #expect(triggered.stderr.contains("changed outside auralift"))
    // A trigger that changes rows as they are written: found against what was sent, the
    // publication rolled back, not recorded as auralift's.
    try server.psql(
      """
      DROP TRIGGER refuse ON drift.workout_session;
      CREATE FUNCTION drift.zero() RETURNS trigger AS $$
        BEGIN NEW.weight_kg := 0; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER zero BEFORE INSERT ON drift.workout_set
        FOR EACH ROW EXECUTE FUNCTION drift.zero();
      """)
    let altered = try Self.run(dataset, out: out, store: url)
    #expect(altered.status == 65, "\(altered.stderr)")
    #expect(
      altered.stderr.contains("drift.workout_set does not hold what auralift wrote"),
      "\(altered.stderr)")
    #expect(
      try server.psql("SELECT count(*) FROM drift.workout_session WHERE id = 's-trigger'") == "0\n")
    try server.psql(
      "DROP TRIGGER zero ON drift.workout_set; ALTER TABLE drift.rep DROP CONSTRAINT rep_pkey;"
    )
    let unkeyed = try Self.run(dataset, out: out, store: url)
    #expect(unkeyed.status == 65, "\(unkeyed.stderr)")
    #expect(unkeyed.stderr.contains("drift.rep was changed outside auralift: its key"))
  }

  /// A statement that runs past `statement_timeout` (here the wait for a lock another session
  /// holds) is named as such, exit 69, nothing visible changed; the SQLite release is still
  /// written, and the next run publishes.
  @Test func aStatementTimeoutIsNamedAndNothingChanges() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let url = server.url(schema: "timeout")
    #expect(try Self.run(dataset, out: out, store: url).status == 0)
    let before = try server.psql("SELECT run_id FROM timeout.run")
    _ = try RunnerTests.copySession("s-000001", as: "s-late", in: dataset)
    let holder = try server.session()
    holder.input.write(
      Data("BEGIN; SELECT pg_advisory_xact_lock(hashtext('auralift:timeout'));\n".utf8))
    Thread.sleep(forTimeInterval: 0.5)
    let timedOut = try Self.run(dataset, out: out, store: url + "&statement_timeout=1")
    holder.input.write(Data("COMMIT;\n".utf8))
    try holder.input.close()
    holder.process.waitUntilExit()
    #expect(timedOut.status == 69, "\(timedOut.stderr)")
    #expect(timedOut.stderr.contains("ran past statement_timeout"), "\(timedOut.stderr)")
    #expect(timedOut.stderr.contains("the SQLite release is published"), "\(timedOut.stderr)")
    #expect(try server.psql("SELECT run_id FROM timeout.run") == before)
    let next = try Self.run(dataset, out: out, store: url)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(
      try server.psql("SELECT count(*) FROM timeout.workout_session WHERE id = 's-late'") == "1\n")
    try Self.expectSameTables(out, schema: "timeout")
  }

  /// TLS as libpq's sslmode means it: `require` encrypts, `verify-full` checks the server's
  /// certificate against `sslrootcert` and the host's name, and a certificate the
  /// configuration does not trust stops the publication with exit 78, saying so.
  @Test func tlsIsUsedAndTheCertificateChecked() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let plain = server.url(schema: "tls").replacingOccurrences(of: "sslmode=disable&", with: "")
    let encrypted = { (log: String) in
      log.split(separator: "\n").filter {
        $0.contains("connection authorized: user=postgres database=postgres")
          && $0.contains("SSL enabled")
      }.count
    }
    let before = encrypted(server.log())
    let required = try Self.run(dataset, out: out, store: plain + "&sslmode=require")
    #expect(required.status == 0, "\(required.stderr)")
    #expect(encrypted(server.log()) == before + 1)
    _ = try RunnerTests.copySession("s-000001", as: "s-tls", in: dataset)
    let verified = try Self.run(
      dataset, out: out,
      store: plain + "&sslmode=verify-full&sslrootcert=\(server.certificateAuthority)")
    #expect(verified.status == 0, "\(verified.stderr)")
    #expect(encrypted(server.log()) == before + 2)
    try Self.expectSameTables(out, schema: "tls")
    _ = try RunnerTests.copySession("s-000002", as: "s-untrusted", in: dataset)
    let untrusted = try Self.run(dataset, out: out, store: plain + "&sslmode=verify-full")
    #expect(untrusted.status == 78, "\(untrusted.stderr)")
    #expect(untrusted.stderr.contains("sslrootcert"), "\(untrusted.stderr)")
    #expect(
      try server.psql("SELECT count(*) FROM tls.workout_session WHERE id = 's-untrusted'")
        == "0\n")
  }

  @Test func badURLsLoginsAndDatabasesSayWhatToFix() throws {
    let server = try Self.server.get()
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let cases: [(String, [String: String]?, Int32, String)] = [
      ("mysql://x@127.0.0.1/db", nil, 64, "not a postgresql:// URL"),
      ("postgresql://postgres:secret@127.0.0.1:\(server.port)/postgres", nil, 64, "PGPASSWORD"),
      (server.url() + "&colour=blue", nil, 64, "unknown parameter 'colour'"),
      (
        server.url(schema: "faults"),
        ProcessInfo.processInfo.environment.merging(["PGPASSWORD": "wrong"]) { $1 }, 77,
        "refused the login of 'postgres'"
      ),
      (server.url(database: "nowhere", schema: "faults"), nil, 78, "has no database 'nowhere'"),
      ("postgresql://postgres@127.0.0.1:1/postgres?sslmode=disable", nil, 69, "cannot be reached"),
    ]
    for (url, environment, code, message) in cases {
      let run = try Self.run(dataset, out: out, store: url, environment: environment)
      #expect(run.status == code, "\(url): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(url): \(run.stderr)")
      #expect(!run.stderr.contains("secret"))
    }
    // A table someone else changed is found before anything is written.
    #expect(try Self.run(dataset, out: out, store: server.url(schema: "changed")).status == 0)
    try server.psql("ALTER TABLE changed.workout_set ADD COLUMN coach_note TEXT")
    _ = try RunnerTests.copySession("s-000002", as: "s-other", in: dataset)
    let refused = try Self.run(dataset, out: out, store: server.url(schema: "changed"))
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("changed.workout_set was changed outside auralift"))
    #expect(refused.stderr.contains("the SQLite release is published"))
  }
}

/// Strings gathered from another thread.
private final class Observed: @unchecked Sendable {
  // `@unchecked`: `list` is only touched under `lock`.
  private let lock = NSLock()
  private var list: [String] = []

  func add(_ value: String) {
    lock.lock()
    list.append(value)
    lock.unlock()
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
