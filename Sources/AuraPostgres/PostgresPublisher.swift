import AuraStore
import AuraSupport
import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// Publishes a release's database into PostgreSQL in one transaction: a reader sees the
/// previous complete state until the commit and the new one after, never a mix. Where the
/// schema holds the release that `previous` is (its run id), only what changed is written:
/// rows of unchanged athlete-weeks keep their identity; otherwise every table is rewritten,
/// still in the one transaction. Adds a `notification` for each coach and athlete whose
/// report changed.
package struct PostgresPublisher: Sendable {
  package let target: PostgresTarget
  let logger: Logger

  package init(target: PostgresTarget, logger: Logger) {
    self.target = target
    self.logger = logger
  }

  /// What a publication wrote.
  package struct Outcome: Sendable, Equatable {
    /// Rewritten whole (no earlier publication of `previous` in the schema).
    package var full: Bool
    package var rowsWritten: Int
    package var rowsRemoved: Int
    package var notifications: Int
  }

  /// Publishes `release` (a release folder: its auralift.sqlite) under the publication key
  /// `key`. `previous` is the release before it, if it is still on disk; `changedReports`
  /// (`coaches/<id>`, `athletes/<id>`) are the reports new or changed since it, which get a
  /// notification.
  package func publish(release: URL, previous: URL?, key: String, changedReports: [String])
    async throws -> Outcome
  {
    let database = release.appendingPathComponent(OutputLayout.databaseName).path
    let previousDatabase = previous.map {
      $0.appendingPathComponent(OutputLayout.databaseName).path
    }
    .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    let connection: PostgresConnection
    do { connection = try await connect() } catch {
      throw PostgresFailure.classify(error, target: target)
    }
    do {
      let outcome = try await untilClosed(connection) {
        try await self.publish(
          on: connection, database: database, previousDatabase: previousDatabase, key: key,
          changedReports: changedReports)
      }
      try? await connection.close()
      return outcome
    } catch {
      try? await connection.close()
      throw PostgresFailure.classify(error, target: target)
    }
  }

  /// `work`'s outcome; or `unavailable` where `connection` closes and `work` has not ended two
  /// seconds later, or where the server has not answered for its silence limit. A statement
  /// pending when its connection closes has been seen never to resume (the server killed
  /// while the publication waited for a lock), and one sent to a server that stopped
  /// answering never ends, so `work` runs as a task these waits can leave behind: the one
  /// unstructured task of the store step. Closing the connection rolls the transaction back.
  private func untilClosed(
    _ connection: PostgresConnection, _ work: @escaping @Sendable () async throws -> Outcome
  ) async throws -> Outcome {
    let place = "PostgreSQL at \(target.host):\(target.port)"
    let closed = PostgresFailure.unavailable(
      "\(place) closed the connection in the middle of the publication")
    let silence = ServerSilence(limit: .seconds(target.silenceLimitSeconds))
    let silent = PostgresFailure.unavailable(
      "\(place) did not answer for \(Int(target.silenceLimitSeconds)) s (\(target.silenceLimitReason)): the connection was closed, which rolls the publication back"
    )
    let overdue = PostgresFailure.unavailable(
      "the publication to \(place) took longer than \(Int(target.publicationTimeoutSeconds)) s (publication_timeout): the connection was closed, which rolls it back"
    )
    let deadline = ContinuousClock.now + .seconds(target.publicationTimeoutSeconds)
    return try await withCheckedThrowingContinuation { continuation in
      let pending = FirstResult(continuation)
      let watchdog = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(250))
          let failure =
            ContinuousClock.now > deadline ? overdue : silence.exceeded ? silent : nil
          if let failure, pending.resume(with: .failure(failure)) {
            connection.close().whenComplete { _ in }
            return
          }
        }
      }
      Task {
        do {
          let outcome = try await ServerSilence.$current.withValue(silence) { try await work() }
          pending.resume(with: .success(outcome))
        } catch {
          pending.resume(with: .failure(error))
        }
        watchdog.cancel()
      }
      connection.closeFuture.whenComplete { _ in
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
          if pending.resume(with: .failure(closed)) { watchdog.cancel() }
        }
      }
    }
  }

  /// A connection, logged in, within `connect_timeout`: the TCP connection, TLS and the login
  /// all count, as libpq's `connect_timeout` does.
  private func connect() async throws -> PostgresConnection {
    var configuration = PostgresConnection.Configuration(
      host: target.host, port: target.port, username: target.user, password: target.password,
      database: target.database, tls: try tls())
    configuration.options.connectTimeout = .seconds(Int64(target.connectTimeoutSeconds))
    let (logger, settings) = (self.logger, configuration)
    return try await ClientDeadline.within(
      seconds: Double(target.connectTimeoutSeconds),
      expired: PostgresFailure.unavailable(
        "PostgreSQL at \(target.host):\(target.port) did not complete the login within \(target.connectTimeoutSeconds) s (connect_timeout)"
      ),
      { try await PostgresConnection.connect(configuration: settings, id: 1, logger: logger) },
      late: { connection in try? await connection.close() })
  }

  private func tls() throws -> PostgresConnection.Configuration.TLS {
    var client = TLSConfiguration.makeClientConfiguration()
    switch target.tls {
    case .disable: return .disable
    case .allow, .prefer, .require, .verifyCA:
      // As libpq: below verify-full the server's name is not checked, and below verify-ca
      // neither is its certificate.
      client.certificateVerification = target.tls == .verifyCA ? .noHostnameVerification : .none
    case .verifyFull: client.certificateVerification = .fullVerification
    }
    if let file = target.rootCertificate { client.trustRoots = .file(file) }
    let context = try NIOSSLContext(configuration: client)
    return [.allow, .prefer].contains(target.tls) ? .prefer(context) : .require(context)
  }

  /// The whole publication as one transaction, scoped by `withTransaction` (BEGIN before the
  /// closure, COMMIT after it, ROLLBACK when it throws).
  private func publish(
    on connection: PostgresConnection, database: String, previousDatabase: String?, key: String,
    changedReports: [String]
  ) async throws -> Outcome {
    try await connection.withTransaction(logger: logger) { connection in
      try await publishInTransaction(
        on: connection, database: database, previousDatabase: previousDatabase, key: key,
        changedReports: changedReports)
    }
  }

  private func publishInTransaction(
    on connection: PostgresConnection, database: String, previousDatabase: String?, key: String,
    changedReports: [String]
  ) async throws -> Outcome {
    let schema = target.schema
    // Whatever the server's default: each statement sees what committed before it.
    try await execute(connection, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
    if let seconds = target.statementTimeoutSeconds {
      try await execute(connection, "SET LOCAL statement_timeout = \(Int(seconds * 1000))")
    }
    // One publisher at a time per schema; the lock ends with the transaction (or the session).
    try await execute(connection, "SELECT pg_advisory_xact_lock(hashtext('auralift:\(schema)'))")
    // A schema created or upgraded now holds no rows its columns describe in full: it is
    // written whole.
    let migrated = try await migrate(connection)
    try await checkColumns(connection)
    try await execute(connection, "SET LOCAL search_path TO \(schema)")

    let diff = try ReleaseDiff(database: database, previous: previousDatabase)
    let runId = try diff.text("SELECT run_id FROM main.run LIMIT 1") ?? "unknown"
    var previousRunId: String? = nil
    if previousDatabase != nil {
      previousRunId = try diff.text("SELECT run_id FROM previous.run LIMIT 1")
    }
    let published = try await firstText(
      connection, "SELECT run_id FROM auralift_publication LIMIT 1")
    var incremental = !migrated && previousRunId != nil && published == previousRunId
    if incremental {
      let drifted = try await driftedTables(connection)
      if !drifted.isEmpty {
        logger.warning(
          "tables were changed outside auralift since its last publication: every table is written whole",
          metadata: [
            "tables": .string(drifted.joined(separator: ", ")), "schema": .string(schema),
          ])
        incremental = false
      }
    }
    var outcome = Outcome(full: !incremental, rowsWritten: 0, rowsRemoved: 0, notifications: 0)
    for table in PublishedTable.all {
      if incremental, !table.key.isEmpty {
        outcome.rowsRemoved += try await removeStale(table, diff: diff, on: connection)
        outcome.rowsWritten += try await write(
          try diff.changedRows(of: table), into: table, on: connection)
      } else {
        outcome.rowsRemoved += try await count(connection, "DELETE FROM \(table.name)")
        outcome.rowsWritten += try await write(
          try diff.allRows(of: table), into: table, on: connection)
      }
    }
    outcome.notifications = try await notify(
      changed: changedReports, runId: runId, on: connection)
    try await verifyWritten(diff: diff, on: connection)
    try await recordTableStates(connection)
    try await execute(connection, "DELETE FROM auralift_publication")
    try await drain(
      connection.query(
        "INSERT INTO auralift_publication (run_id, publish_key) VALUES (\(runId), \(key))",
        logger: logger))
    return outcome
  }

  /// Creates the schema, or brings one an earlier auralift created to the current version;
  /// returns whether it did either.
  private func migrate(_ connection: PostgresConnection) async throws -> Bool {
    let schema = target.schema
    try await execute(connection, "CREATE SCHEMA IF NOT EXISTS \(schema)")
    try await execute(
      connection,
      "CREATE TABLE IF NOT EXISTS \(schema).auralift_schema_version (version INT NOT NULL)")
    let version =
      Int(
        try await firstText(
          connection, "SELECT max(version)::text FROM \(schema).auralift_schema_version") ?? "0")
      ?? 0
    guard version <= PostgresSchema.version else {
      throw PostgresFailure.schemaChanged(
        "schema \(schema) is at version \(version), newer than this auralift's \(PostgresSchema.version): publish with the newer auralift"
      )
    }
    if version == 0 {
      for statement in PostgresSchema.creation(schema: schema) {
        try await execute(connection, statement)
      }
    } else {
      for (index, statements) in PostgresSchema.upgrades(schema: schema).enumerated()
      where index + 1 >= version {
        for statement in statements { try await execute(connection, statement) }
      }
    }
    guard version < PostgresSchema.version else { return false }
    try await execute(
      connection,
      "INSERT INTO \(schema).auralift_schema_version VALUES (\(PostgresSchema.version))")
    return true
  }

  /// The published tables whose rows are not what the last publication recorded (all of
  /// them where it recorded nothing).
  private func driftedTables(_ connection: PostgresConnection) async throws -> [String] {
    var recorded: [String: String] = [:]
    let rows = try await connection.query(
      "SELECT table_name, state FROM auralift_table_state", logger: logger)
    for try await (table, state) in rows.decode((String, String).self) { recorded[table] = state }
    var drifted: [String] = []
    for table in PublishedTable.all {
      let state = try await firstText(connection, PostgresSchema.stateQuery(table.name))
      if recorded[table.name] != state { drifted.append(table.name) }
    }
    return drifted
  }

  /// Records every published table's state as this publication leaves it.
  private func recordTableStates(_ connection: PostgresConnection) async throws {
    try await execute(connection, "DELETE FROM auralift_table_state")
    for table in PublishedTable.all {
      try await execute(
        connection,
        "INSERT INTO auralift_table_state (table_name, state) SELECT '\(table.name)', (\(PostgresSchema.stateQuery(table.name)))"
      )
    }
  }

  /// Throws `schemaChanged` naming the first column that differs from the definitions.
  private func checkColumns(_ connection: PostgresConnection) async throws {
    var found: [String: [(String, String)]] = [:]
    let rows = try await connection.query(
      """
      SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
      WHERE table_schema = \(target.schema) ORDER BY table_name, ordinal_position
      """, logger: logger)
    for try await (table, column, type) in rows.decode((String, String, String).self) {
      found[table, default: []].append((column, type))
    }
    for table in PublishedTable.all {
      // information_schema's data_type is the type's name in lower case.
      let expected = table.columns.map { ($0.name, PostgresSchema.sqlType($0.type).lowercased()) }
      let actual = found[table.name] ?? []
      guard actual.map(\.0) != expected.map(\.0) || actual.map(\.1) != expected.map(\.1) else {
        continue
      }
      let missing = expected.first { column in !actual.contains { $0 == column } }
      let extra = actual.first { column in !expected.contains { $0 == column } }
      let detail =
        missing.map { "\($0.0) \($0.1) is missing" } ?? extra.map {
          "\($0.0) \($0.1) is not one it publishes"
        }
        ?? "its columns are in another order"
      throw PostgresFailure.schemaChanged(
        "table \(target.schema).\(table.name) was changed outside auralift: \(detail); restore it or drop schema \(target.schema) to publish anew"
      )
    }
    // A table's key is what incremental writes replace rows by: without it they would pile up.
    var keyed: Set<String> = []
    let indexes = try await connection.query(
      """
      SELECT DISTINCT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
      WHERE i.indisunique AND c.relnamespace = \(target.schema)::regnamespace
      """, logger: logger)
    for try await table in indexes.decode(String.self) { keyed.insert(table) }
    if let table = PublishedTable.all.first(where: { !$0.key.isEmpty && !keyed.contains($0.name) })
    {
      throw PostgresFailure.schemaChanged(
        "table \(target.schema).\(table.name) was changed outside auralift: its key (\(table.key.joined(separator: ", "))) is gone; restore it or drop schema \(target.schema) to publish anew"
      )
    }
  }

  /// Removes the rows of `table` whose key is gone or whose other columns changed; returns how
  /// many.
  private func removeStale(
    _ table: PublishedTable, diff: ReleaseDiff, on connection: PostgresConnection
  ) async throws -> Int {
    let keyColumns = table.columns.filter { table.key.contains($0.name) }
    let staging = "stale_\(table.name)"
    try await execute(
      connection,
      "CREATE TEMP TABLE \(staging) (\(keyColumns.map { "\($0.name) \(PostgresSchema.sqlType($0.type))" }.joined(separator: ", "))) ON COMMIT DROP"
    )
    let sent = try await copy(
      try diff.staleKeys(of: table), into: staging, columns: table.key, on: connection)
    guard sent > 0 else { return 0 }
    let match = table.key.map { "t.\($0) IS NOT DISTINCT FROM s.\($0)" }.joined(separator: " AND ")
    return try await count(
      connection, "DELETE FROM \(table.name) t USING \(staging) s WHERE \(match)")
  }

  /// Writes `chunks` into `table` through a temporary table of the rows as sent
  /// (`sent_<table>`): what was sent stays, to be checked against what the table holds once
  /// every table is written (`verifyWritten`). Returns how many rows.
  private func write(
    _ chunks: ReleaseDiff.Chunks, into table: PublishedTable, on connection: PostgresConnection
  ) async throws -> Int {
    let sent = "sent_\(table.name)"
    let columns = table.columnNames.joined(separator: ", ")
    try await execute(
      connection, "CREATE TEMP TABLE \(sent) (LIKE \(target.schema).\(table.name)) ON COMMIT DROP")
    let rows = try await copy(chunks, into: sent, columns: table.columnNames, on: connection)
    if rows > 0 {
      try await execute(
        connection, "INSERT INTO \(table.name) (\(columns)) SELECT \(columns) FROM \(sent)")
    }
    return rows
  }

  /// Checks that every table holds what was sent, as the server left it at the end of the
  /// publication: each row sent is there unchanged, and the table holds as many rows as the
  /// release. A trigger or rule that changes, drops or adds rows as they are written (on the
  /// table, or on another one written after it) is caught here, before the commit; reading
  /// back the table's state alone would record the trigger's rows as auralift's.
  private func verifyWritten(diff: ReleaseDiff, on connection: PostgresConnection) async throws {
    for table in PublishedTable.all {
      let columns = table.columnNames.joined(separator: ", ")
      let differing =
        Int(
          try await firstText(
            connection,
            "SELECT count(*)::text FROM (SELECT \(columns) FROM sent_\(table.name) EXCEPT ALL SELECT \(columns) FROM \(table.name)) d"
          ) ?? "0") ?? 0
      let held =
        Int(try await firstText(connection, "SELECT count(*)::text FROM \(table.name)") ?? "0")
        ?? 0
      let expected = Int(try diff.text("SELECT count(*) FROM main.\(table.name)") ?? "0") ?? 0
      guard differing == 0, held == expected else {
        throw PostgresFailure.schemaChanged(
          "table \(target.schema).\(table.name) does not hold what auralift wrote (\(differing) rows written are changed or gone; \(held) rows where the release has \(expected)): a trigger or rule changes rows as they are written; the publication is rolled back; drop it, or publish into another schema"
        )
      }
    }
  }

  /// COPYs `chunks` into `table`'s `columns`; returns how many rows.
  private func copy(
    _ chunks: ReleaseDiff.Chunks, into table: String, columns: [String],
    on connection: PostgresConnection
  ) async throws -> Int {
    guard let first = try chunks.next() else { return 0 }
    try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
      try await writer.write(ByteBuffer(bytes: first))
      ServerSilence.current?.answered()
      while let chunk = try chunks.next() {
        try await writer.write(ByteBuffer(bytes: chunk))
        ServerSilence.current?.answered()
      }
    }
    return chunks.rows
  }

  /// A notification for each coach and athlete whose report (`coaches/<id>`,
  /// `athletes/<id>`) is new or changed.
  private func notify(changed: [String], runId: String, on connection: PostgresConnection)
    async throws -> Int
  {
    var count = 0
    for report in changed {
      let parts = report.split(separator: "/", maxSplits: 1).map(String.init)
      guard parts.count == 2, ["coaches", "athletes"].contains(parts[0]) else { continue }
      let coach = parts[0] == "coaches"
      let message =
        coach
        ? "Your athletes' weekly report is ready." : "Your weekly training report is ready."
      try await drain(
        connection.query(
          """
          INSERT INTO notification (id, user_id, recipient_type, message, type, link, run_id)
          VALUES (\(runId + ":" + report), \(parts[1]), \(coach ? "coach" : "athlete"), \(message),
            'weekly_report', \(report + ".html"), \(runId))
          ON CONFLICT (id) DO NOTHING
          """, logger: logger))
      count += 1
    }
    return count
  }

  /// Runs `sql` to its end. The rows are read, not dropped: a statement's error (a timeout, a
  /// lock wait cancelled) can arrive after its row description, and only reading them
  /// surfaces it here rather than as "transaction aborted" at the next statement.
  private func execute(_ connection: PostgresConnection, _ sql: String) async throws {
    try await drain(connection.query(PostgresQuery(unsafeSQL: sql), logger: logger))
  }

  private func drain(_ rows: PostgresRowSequence) async throws {
    for try await _ in rows {}
    ServerSilence.current?.answered()
  }

  /// The first column of the first row of `sql`, as text.
  private func firstText(_ connection: PostgresConnection, _ sql: String) async throws -> String? {
    let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    var first: String?? = nil
    for try await (value) in rows.decode(String?.self) where first == nil { first = value }
    ServerSilence.current?.answered()
    return first ?? nil
  }

  /// Runs a DELETE; returns how many rows it removed.
  private func count(_ connection: PostgresConnection, _ sql: String) async throws -> Int {
    let rows = try await firstText(
      connection, "WITH removed AS (\(sql) RETURNING 1) SELECT count(*)::text FROM removed")
    return Int(rows ?? "0") ?? 0
  }
}
