import AuraStore

/// The tables a publication keeps in its PostgreSQL schema: every published table, as its
/// definition (`PublishedTable`) gives it, and the platform's `notification`, plus the
/// schema's bookkeeping: its version and what was last published. A new schema is created
/// whole from the definitions as they are now; one an earlier auralift created is brought to
/// the current version by the upgrades after its own. A table whose columns or key someone
/// else changed is found before anything is written; one whose rows they changed is
/// rewritten whole.
enum PostgresSchema {
  /// The version of a schema this auralift creates or upgrades to.
  static let version = 1 + upgrades(schema: "auralift").count

  /// A new schema's statements: every table, key and index as the definitions have them now.
  static func creation(schema: String) -> [String] {
    [
      "CREATE TABLE \(schema).auralift_publication (singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton), run_id TEXT NOT NULL, publish_key TEXT NOT NULL, published_at TIMESTAMPTZ NOT NULL DEFAULT now())",
      tableState(schema: schema),
    ]
      + PublishedTable.all.flatMap { create($0, schema: schema) }
      + [
        """
        CREATE TABLE \(schema).notification (id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
          recipient_type TEXT NOT NULL, message TEXT NOT NULL, type TEXT NOT NULL,
          link TEXT NOT NULL, read_status BOOLEAN NOT NULL DEFAULT FALSE, run_id TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL DEFAULT now())
        """,
        "CREATE INDEX notification_user ON \(schema).notification (user_id, read_status)",
      ]
      + foreignKeys(PublishedTable.all.flatMap(\.foreignKeys), schema: schema)
  }

  /// The steps from version N to N + 1 (the first from 1, the schema of the first release),
  /// each run once in the publication's transaction. A change to the published tables adds
  /// a step here, never edits one, and changes the definitions with it.
  static func upgrades(schema: String) -> [[String]] {
    [
      foreignKeys(Schema.v9ForeignKeys, schema: schema),
      [
        "ALTER TABLE \(schema).personal_record ADD COLUMN previous_value DOUBLE PRECISION",
        "ALTER TABLE \(schema).personal_record ADD COLUMN notable BIGINT NOT NULL DEFAULT 0",
      ],
      [tableState(schema: schema)],
      ["ALTER TABLE \(schema).workout_set ADD COLUMN reps_confidence DOUBLE PRECISION"],
      [
        "ALTER TABLE \(schema).coach_roster RENAME COLUMN sessions_last_7_days TO sessions_this_week",
        "ALTER TABLE \(schema).coach_roster RENAME COLUMN lp_change_7_days TO lp_change_this_week",
        "ALTER TABLE \(schema).coach_roster RENAME COLUMN new_records_7_days TO new_records_this_week",
        "ALTER TABLE \(schema).coach_roster ADD COLUMN iso_week TEXT",
      ],
      ["ALTER TABLE \(schema).workout_set ADD COLUMN entry_check TEXT"],
      PublishedTable.all.filter { $0.name == "departed_athlete" }.flatMap {
        create($0, schema: schema)
      },
      [
        "ALTER TABLE \(schema).run ADD COLUMN code_commit TEXT",
        "ALTER TABLE \(schema).run ADD COLUMN code_modified BIGINT",
        "ALTER TABLE \(schema).run ADD COLUMN dataset_digest TEXT",
      ],
      [
        "ALTER TABLE \(schema).workout_set ADD COLUMN reps_low BIGINT",
        "ALTER TABLE \(schema).workout_set ADD COLUMN reps_high BIGINT",
      ],
    ]
  }

  /// What each published table held when auralift last committed: its row count and a digest
  /// of its rows (`stateQuery`), so that the next publication finds rows changed by anyone
  /// else and rewrites the table whole instead of writing changes onto them.
  static func tableState(schema: String) -> String {
    "CREATE TABLE IF NOT EXISTS \(schema).auralift_table_state (table_name TEXT PRIMARY KEY, state TEXT NOT NULL)"
  }

  /// `<rows> <md5 of the sorted md5s of every row's text>` of `table`, in the search path's
  /// schema: the same rows give the same state, whatever their order on disk.
  static func stateQuery(_ table: String) -> String {
    "SELECT count(*)::text || ' ' || coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') FROM \(table) t"
  }

  /// The model's relations as foreign keys, DEFERRABLE INITIALLY DEFERRED so that rows may be
  /// replaced in any order inside the publication's transaction (checked at its commit), with
  /// an index on each column that does not lead its table's key.
  static func foreignKeys(_ keys: [ForeignKey], schema: String) -> [String] {
    keys.flatMap { key -> [String] in
      var statements = [
        "ALTER TABLE \(schema).\(key.table) ADD CONSTRAINT \(key.table)_\(key.column)_fkey FOREIGN KEY (\(key.column)) REFERENCES \(schema).\(key.parentTable) (\(key.parentColumn)) DEFERRABLE INITIALLY DEFERRED"
      ]
      let table = PublishedTable.all.first { $0.name == key.table }
      if table?.key.first != key.column {
        statements.append(
          "CREATE INDEX IF NOT EXISTS \(key.table)_\(key.column) ON \(schema).\(key.table) (\(key.column))"
        )
      }
      return statements
    }
  }

  /// `CREATE TABLE` for `table` and its key (a unique index where a key column may be NULL,
  /// as `personal_record`'s load), and the per-athlete indexes the readers' joins use.
  static func create(_ table: PublishedTable, schema: String) -> [String] {
    var columns = table.columns.map { column in
      var line = "\(column.name) \(sqlType(column.type))"
      if column.required { line += " NOT NULL" }
      if let value = column.defaultValue { line += " DEFAULT \(value)" }
      return line
    }
    let nullableKey = table.columns.contains { table.key.contains($0.name) && !$0.required }
    if !table.key.isEmpty, !nullableKey {
      columns.append("PRIMARY KEY (\(table.key.joined(separator: ", ")))")
    }
    var statements = [
      "CREATE TABLE \(schema).\(table.name) (\(columns.joined(separator: ", ")))"
    ]
    if nullableKey {
      let expressions = table.key.map { name in
        let column = table.columns.first { $0.name == name }!
        guard !column.required else { return name }
        return column.type == .real || column.type == .integer
          ? "COALESCE(\(name), -1)" : "COALESCE(\(name), '')"
      }
      statements.append(
        "CREATE UNIQUE INDEX \(table.name)_key ON \(schema).\(table.name) (\(expressions.joined(separator: ", ")))"
      )
    }
    for column in ["user_profile_id", "athlete_id", "session_id"]
    where table.columns.contains(where: { $0.name == column }) && table.key.first != column {
      statements.append(
        "CREATE INDEX \(table.name)_\(column) ON \(schema).\(table.name) (\(column))")
    }
    return statements
  }

  static func sqlType(_ type: PublishedColumn.StorageType) -> String {
    switch type {
    case .text: return "TEXT"
    case .integer: return "BIGINT"
    case .real: return "DOUBLE PRECISION"
    case .blob: return "BYTEA"
    }
  }
}
