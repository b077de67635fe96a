import GRDB

/// The published schema, one migration per version. A change to the contract is a new
/// migration, never an edit of an old one, and its table's definition (`PublishedTable`)
/// changes with it: a test holds the migrated schema to the definitions.
package enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (version, statements) in [
      ("v1", v1), ("v2", v2), ("v3", v3), ("v4", v4), ("v5", v5), ("v6", v6), ("v7", v7),
      ("v8", v8),
    ] {
      migrator.registerMigration(version) { db in
        for statement in statements { try db.execute(sql: statement) }
      }
    }
    // GRDB runs a migration with foreign keys off and checks them all once it is applied.
    migrator.registerMigration("v9") { db in try declare(v9ForeignKeys, in: db) }
    for (version, statements) in [
      ("v10", v10), ("v11", v11), ("v12", v12), ("v13", v13), ("v14", v14), ("v15", v15),
      ("v16", v16),
    ] {
      migrator.registerMigration(version) { db in
        for statement in statements { try db.execute(sql: statement) }
      }
    }
    return migrator
  }

  /// Brings the database at `queue` to the latest schema. A new, empty one is made from the
  /// snapshot of the migrated schema (`SchemaSnapshot`) in one transaction, its migrations
  /// recorded as applied, then given any migration after the snapshot: replaying every
  /// migration had SQLite rebuild its schema after each statement, which cost a cold run's
  /// publication more than writing its rows. A database with tables is migrated as before.
  static func migrate(_ queue: DatabaseQueue) throws {
    try queue.write { db in
      guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 else { return }
      for statement in SchemaSnapshot.statements { try db.execute(sql: statement) }
      for identifier in SchemaSnapshot.migrations {
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
      }
    }
    try migrator.migrate(queue)
  }

  /// The published schema's version: how many migrations it has.
  package static var version: Int { migrator.migrations.count }

  /// Every table name, in export order.
  static var tables: [String] { PublishedTable.all.map(\.name) }

  static let v1 = [
    """
    CREATE TABLE user_profile (id TEXT PRIMARY KEY, username TEXT NOT NULL, email TEXT, date_of_birth TEXT,
      biological_sex TEXT, height_cm REAL, weight_kg REAL, body_fat_percentage REAL,
      current_rank_tier TEXT DEFAULT 'iron', current_lp INTEGER DEFAULT 0, total_xp INTEGER DEFAULT 0,
      coach_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)
    """,
    "CREATE TABLE coach (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT)",
    """
    CREATE TABLE morpho_scan (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, scan_date TEXT NOT NULL,
      torso_length REAL, femur_length REAL, tibia_length REAL, humerus_length REAL, forearm_length REAL,
      shoulder_width REAL, hip_width REAL, arm_span REAL, femur_to_torso_ratio REAL,
      tibia_to_femur_ratio REAL, humerus_to_torso_ratio REAL, raw_pose_data BLOB)
    """,
    """
    CREATE TABLE exercise (id TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT, primary_muscle TEXT,
      secondary_muscles TEXT, equipment_type TEXT, default_tempo_concentric REAL DEFAULT 1.0,
      default_tempo_eccentric REAL DEFAULT 3.0, default_tempo_pause REAL DEFAULT 0.5, biomechanical_notes TEXT,
      stretch_position_bonus INTEGER DEFAULT 0, risk_level TEXT DEFAULT 'optimal', is_custom INTEGER DEFAULT 0,
      machine_spec_id TEXT)
    """,
    """
    CREATE TABLE machine_spec (id TEXT PRIMARY KEY, machine_name TEXT NOT NULL, manufacturer TEXT,
      machine_type TEXT, cable_position_high INTEGER DEFAULT 0, cable_position_mid INTEGER DEFAULT 0,
      cable_position_low INTEGER DEFAULT 0, seat_adjustable INTEGER DEFAULT 0, pad_adjustable INTEGER DEFAULT 0,
      weight_stack_min REAL, weight_stack_max REAL, weight_increment REAL, cam_profile_notes TEXT,
      setup_instructions TEXT, exercise_id TEXT)
    """,
    """
    CREATE TABLE exercise_muscle_group (exercise_id TEXT NOT NULL, muscle_group TEXT NOT NULL,
      role TEXT NOT NULL, PRIMARY KEY (exercise_id, muscle_group))
    """,
    """
    CREATE TABLE workout_session (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, start_time TEXT NOT NULL,
      end_time TEXT, total_volume REAL, total_xp_earned INTEGER DEFAULT 0, lp_change INTEGER DEFAULT 0,
      average_form_score REAL, combo_multiplier REAL DEFAULT 1.0, peak_velocity REAL, session_notes TEXT)
    """,
    """
    CREATE TABLE workout_set (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, exercise_id TEXT NOT NULL,
      set_number INTEGER, reps INTEGER, weight_kg REAL, average_concentric_velocity REAL,
      peak_concentric_velocity REAL, velocity_loss_percent REAL, auto_stopped INTEGER DEFAULT 0,
      form_score REAL, bar_path_deviation REAL, rom_degrees REAL, tempo_actual_concentric REAL,
      tempo_actual_eccentric REAL, rpe REAL, xp_earned INTEGER DEFAULT 0, combo_tag TEXT, timestamp TEXT,
      source TEXT NOT NULL, feedback TEXT)
    """,
    """
    CREATE TABLE rep (session_id TEXT NOT NULL, set_number INTEGER NOT NULL, rep_number INTEGER NOT NULL,
      start_s REAL, end_s REAL, eccentric_s REAL, pause_s REAL, concentric_s REAL, rom_degrees REAL,
      mean_concentric_velocity REAL, peak_concentric_velocity REAL, form_score REAL, bar_path_deviation REAL,
      PRIMARY KEY (session_id, set_number, rep_number))
    """,
    """
    CREATE TABLE ranking_record (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, record_date TEXT NOT NULL,
      tier TEXT, lp_at_record INTEGER, strength_to_weight_ratio REAL, form_quality_average REAL,
      velocity_score REAL)
    """,
    """
    CREATE TABLE muscle_group (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, name TEXT NOT NULL,
      body_region TEXT, current_recovery_score REAL DEFAULT 100.0, weekly_volume_sets REAL DEFAULT 0,
      last_trained_date TEXT)
    """,
    """
    CREATE TABLE recovery_snapshot (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, muscle_group_id TEXT,
      snapshot_date TEXT NOT NULL, hrv_value REAL, sleep_hours REAL, sleep_quality_score REAL,
      resting_heart_rate REAL, active_energy_burned REAL, cycle_phase TEXT, overall_readiness REAL)
    """,
    """
    CREATE TABLE nutrition_log (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, log_date TEXT NOT NULL,
      target_calories REAL, actual_calories REAL, protein_grams REAL, carbs_grams REAL, fat_grams REAL,
      water_liters REAL, creatine_grams REAL, whey_protein_grams REAL)
    """,
    """
    CREATE TABLE science_insight (id TEXT PRIMARY KEY, fetch_date TEXT NOT NULL, topic TEXT, source TEXT,
      summary TEXT, recommended_tempo_change TEXT, recommended_rest_change TEXT, applied_to_exercises TEXT,
      is_active INTEGER DEFAULT 1)
    """,
    """
    CREATE TABLE guild_membership (id TEXT PRIMARY KEY, user_profile_id TEXT NOT NULL, guild_name TEXT NOT NULL,
      guild_tag TEXT, join_date TEXT NOT NULL, role TEXT DEFAULT 'member', guild_war_wins INTEGER DEFAULT 0,
      guild_war_losses INTEGER DEFAULT 0)
    """,
    """
    CREATE TABLE weekly_muscle_volume (athlete_id TEXT NOT NULL, iso_week TEXT NOT NULL, muscle TEXT NOT NULL,
      sets REAL NOT NULL, volume_kg REAL NOT NULL, PRIMARY KEY (athlete_id, iso_week, muscle))
    """,
    """
    CREATE TABLE readiness (athlete_id TEXT NOT NULL, date TEXT NOT NULL, readiness REAL, hrv_component REAL,
      sleep_component REAL, rhr_component REAL, load_component REAL, PRIMARY KEY (athlete_id, date))
    """,
    """
    CREATE TABLE personal_record (athlete_id TEXT NOT NULL, exercise_id TEXT NOT NULL, record_type TEXT NOT NULL,
      value REAL NOT NULL, achieved_at TEXT NOT NULL, session_id TEXT NOT NULL,
      PRIMARY KEY (athlete_id, exercise_id, record_type))
    """,
    "CREATE TABLE quarantine (path TEXT NOT NULL, line INTEGER NOT NULL, reason TEXT NOT NULL)",
    """
    CREATE TABLE run (run_id TEXT PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT NOT NULL,
      code_version TEXT NOT NULL, parameters_hash TEXT NOT NULL, parameters TEXT NOT NULL, dataset TEXT NOT NULL,
      sessions_total INTEGER NOT NULL, sessions_computed INTEGER NOT NULL, sessions_quarantined INTEGER NOT NULL)
    """,
  ]

  /// Scoring and aggregation (docs/methods.md): estimated effort beside the reported
  /// RPE, form components, volume bands, readiness status and load, records at a load, and the
  /// strength, recovery, nutrition, risk, roster and leaderboard tables.
  static let v2 = [
    "ALTER TABLE workout_set ADD COLUMN rpe_estimated REAL",
    "ALTER TABLE workout_set ADD COLUMN rir_estimated REAL",
    "ALTER TABLE workout_set ADD COLUMN rpe_method TEXT",
    "ALTER TABLE workout_set ADD COLUMN reps_logged INTEGER",
    """
    CREATE TABLE form_component (session_id TEXT NOT NULL, set_number INTEGER NOT NULL,
      component TEXT NOT NULL, score REAL NOT NULL, PRIMARY KEY (session_id, set_number, component))
    """,
    "ALTER TABLE weekly_muscle_volume ADD COLUMN band TEXT",
    "ALTER TABLE weekly_muscle_volume ADD COLUMN partial_week INTEGER DEFAULT 0",
    "ALTER TABLE readiness ADD COLUMN status TEXT",
    "ALTER TABLE readiness ADD COLUMN hrv_metric TEXT",
    "ALTER TABLE readiness ADD COLUMN acute_chronic_ratio REAL",
    "ALTER TABLE readiness ADD COLUMN fitness REAL",
    "ALTER TABLE readiness ADD COLUMN fatigue REAL",
    "DROP TABLE personal_record",
    """
    CREATE TABLE personal_record (athlete_id TEXT NOT NULL, exercise_id TEXT NOT NULL,
      record_type TEXT NOT NULL, load_kg REAL, value REAL NOT NULL, achieved_at TEXT NOT NULL,
      session_id TEXT NOT NULL)
    """,
    """
    CREATE UNIQUE INDEX personal_record_key ON personal_record
      (athlete_id, exercise_id, record_type, IFNULL(load_kg, -1))
    """,
    """
    CREATE TABLE strength_profile (athlete_id TEXT NOT NULL, exercise_id TEXT NOT NULL,
      iso_week TEXT NOT NULL, e1rm_kg REAL NOT NULL, method TEXT NOT NULL, lvp_intercept_kg REAL,
      lvp_slope_kg_per_mps REAL, lvp_r2 REAL, lvp_loads INTEGER,
      PRIMARY KEY (athlete_id, exercise_id, iso_week))
    """,
    """
    CREATE TABLE recovery_heatmap (athlete_id TEXT NOT NULL, date TEXT NOT NULL, muscle TEXT NOT NULL,
      recovery REAL NOT NULL, PRIMARY KEY (athlete_id, date, muscle))
    """,
    """
    CREATE TABLE nutrition_week (athlete_id TEXT NOT NULL, iso_week TEXT NOT NULL,
      days_logged INTEGER NOT NULL, mean_kcal REAL, mean_target_kcal REAL,
      calorie_adherence_pct REAL, protein_g_per_kg REAL, protein_days_met INTEGER,
      PRIMARY KEY (athlete_id, iso_week))
    """,
    """
    CREATE TABLE exercise_risk (athlete_id TEXT NOT NULL, exercise_id TEXT NOT NULL,
      risk_level TEXT NOT NULL, reason TEXT NOT NULL, PRIMARY KEY (athlete_id, exercise_id))
    """,
    """
    CREATE TABLE coach_roster (coach_id TEXT, athlete_id TEXT NOT NULL PRIMARY KEY,
      sessions_last_7_days INTEGER NOT NULL, last_session_date TEXT, readiness REAL,
      readiness_date TEXT, current_lp INTEGER NOT NULL, tier TEXT NOT NULL,
      lp_change_7_days INTEGER NOT NULL, new_records_7_days INTEGER NOT NULL, flags TEXT)
    """,
    """
    CREATE TABLE leaderboard (scope TEXT NOT NULL, rank INTEGER NOT NULL, athlete_id TEXT NOT NULL,
      current_lp INTEGER NOT NULL, tier TEXT NOT NULL, strength_points REAL, total_xp INTEGER NOT NULL,
      PRIMARY KEY (scope, rank))
    """,
    "CREATE TABLE leaderboard_exclusion (athlete_id TEXT PRIMARY KEY, reason TEXT NOT NULL)",
    """
    CREATE TABLE guild_standing (guild_name TEXT PRIMARY KEY, guild_tag TEXT, rank INTEGER NOT NULL,
      members INTEGER NOT NULL, total_lp INTEGER NOT NULL, average_lp REAL NOT NULL)
    """,
  ]

  /// Reports: a quarantined session's athlete, so a coach sees what was set aside.
  static let v3 = ["ALTER TABLE quarantine ADD COLUMN athlete_id TEXT"]

  /// Scoring: the dataset's labels beside each set, to evaluate the form score and the
  /// auto-stop flag against; where a body scan came from (morpho.csv or measured on pose).
  /// Runner: indexes to find an athlete's sessions and a session's sets, for readers'
  /// joins and for replacing one athlete's rows in a reused publication.
  static let v4 = [
    "CREATE INDEX workout_session_athlete ON workout_session (user_profile_id)",
    "CREATE INDEX workout_set_session ON workout_set (session_id)",
    "ALTER TABLE workout_set ADD COLUMN form_label TEXT",
    "ALTER TABLE workout_set ADD COLUMN failed INTEGER",
    "ALTER TABLE morpho_scan ADD COLUMN source TEXT",
  ]

  /// Real recordings (docs/real-data.md): why a set's rep count is not supported by its recording, where
  /// it is not (`reps` then holds the reps found one by one, not a count to act on).
  static let v5 = ["ALTER TABLE workout_set ADD COLUMN reps_unknown_reason TEXT"]

  /// The run's parameters as rows (key, value as the pipeline states it) beside `run.parameters`,
  /// and the weekly-set landmarks the volume bands and their charts are drawn against.
  static let v6 = [
    """
    CREATE TABLE run_parameter (run_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
      PRIMARY KEY (run_id, key))
    """,
    """
    CREATE TABLE volume_landmark (muscle_group TEXT PRIMARY KEY, mev REAL NOT NULL,
      mav_low REAL NOT NULL, mav_high REAL NOT NULL, mrv REAL NOT NULL)
    """,
  ]

  /// Indexes for the per-athlete reads of the reports (and of anyone joining on an athlete):
  /// every other table the reports read by athlete or session leads its key with that column.
  static let v7 = [
    "CREATE INDEX muscle_group_athlete ON muscle_group (user_profile_id)",
    "CREATE INDEX ranking_record_athlete ON ranking_record (user_profile_id)",
    "CREATE INDEX recovery_snapshot_athlete ON recovery_snapshot (user_profile_id)",
  ]

  /// The data dictionary inside each database: every table and column described.
  static let v8 = [
    "CREATE TABLE table_doc (table_name TEXT PRIMARY KEY, about TEXT NOT NULL, row_key TEXT)",
    """
    CREATE TABLE column_doc (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
      position INTEGER NOT NULL, type TEXT NOT NULL, required INTEGER NOT NULL, unit TEXT,
      allowed_values TEXT, refers_to TEXT, meaning TEXT NOT NULL,
      PRIMARY KEY (table_name, column_name))
    """,
  ]

  /// Records a coach hears of: the value each beat, and whether it is news.
  static let v10 = [
    "ALTER TABLE personal_record ADD COLUMN previous_value REAL",
    "ALTER TABLE personal_record ADD COLUMN notable INTEGER NOT NULL DEFAULT 0",
  ]

  /// Right or unknown: how often a count with the evidence of a set's was exact on real
  /// recordings (docs/real-data.md).
  static let v11 = ["ALTER TABLE workout_set ADD COLUMN reps_confidence REAL"]

  /// One week everywhere: the roster counts the as-of day's ISO week, as volume, pages and mail
  /// do, and says which.
  static let v12 = [
    "ALTER TABLE coach_roster RENAME COLUMN sessions_last_7_days TO sessions_this_week",
    "ALTER TABLE coach_roster RENAME COLUMN lp_change_7_days TO lp_change_this_week",
    "ALTER TABLE coach_roster RENAME COLUMN new_records_7_days TO new_records_this_week",
    "ALTER TABLE coach_roster ADD COLUMN iso_week TEXT",
  ]

  /// Trust what it is given: a logged set too far beyond the athlete's history or any lifter
  /// to count, until someone checks it (`EntryPlausibility`).
  static let v13 = ["ALTER TABLE workout_set ADD COLUMN entry_check TEXT"]

  /// Nobody leaves a coach's page without a word: athletes no longer in athletes.csv.
  static let v14 = [
    """
    CREATE TABLE departed_athlete (athlete_id TEXT PRIMARY KEY, username TEXT NOT NULL,
      coach_id TEXT, since TEXT NOT NULL)
    """
  ]

  /// Provenance a researcher can cite: the code's commit and the dataset's digest.
  static let v15 = [
    "ALTER TABLE run ADD COLUMN code_commit TEXT",
    "ALTER TABLE run ADD COLUMN code_modified INTEGER",
    "ALTER TABLE run ADD COLUMN dataset_digest TEXT",
  ]

  /// Every count as a range: the reps a set holds at 90 %, calibrated on real recordings.
  static let v16 = [
    "ALTER TABLE workout_set ADD COLUMN reps_low INTEGER",
    "ALTER TABLE workout_set ADD COLUMN reps_high INTEGER",
  ]

  /// The relations of the model declared as foreign keys, each with an index on its
  /// column unless one already leads with it: the joins readers make, and what a removed
  /// session's or athlete's rows are found by.
  package static let v9ForeignKeys: [ForeignKey] = [
    ("user_profile", "coach_id", "coach.id"),
    ("morpho_scan", "user_profile_id", "user_profile.id"),
    ("exercise", "machine_spec_id", "machine_spec.id"),
    ("machine_spec", "exercise_id", "exercise.id"),
    ("exercise_muscle_group", "exercise_id", "exercise.id"),
    ("workout_session", "user_profile_id", "user_profile.id"),
    ("workout_set", "session_id", "workout_session.id"),
    ("workout_set", "exercise_id", "exercise.id"),
    ("rep", "session_id", "workout_session.id"),
    ("ranking_record", "user_profile_id", "user_profile.id"),
    ("muscle_group", "user_profile_id", "user_profile.id"),
    ("recovery_snapshot", "user_profile_id", "user_profile.id"),
    ("recovery_snapshot", "muscle_group_id", "muscle_group.id"),
    ("nutrition_log", "user_profile_id", "user_profile.id"),
    ("guild_membership", "user_profile_id", "user_profile.id"),
    ("weekly_muscle_volume", "athlete_id", "user_profile.id"),
    ("readiness", "athlete_id", "user_profile.id"),
    ("personal_record", "athlete_id", "user_profile.id"),
    ("personal_record", "exercise_id", "exercise.id"),
    ("personal_record", "session_id", "workout_session.id"),
    ("form_component", "session_id", "workout_session.id"),
    ("strength_profile", "athlete_id", "user_profile.id"),
    ("strength_profile", "exercise_id", "exercise.id"),
    ("recovery_heatmap", "athlete_id", "user_profile.id"),
    ("nutrition_week", "athlete_id", "user_profile.id"),
    ("exercise_risk", "athlete_id", "user_profile.id"),
    ("exercise_risk", "exercise_id", "exercise.id"),
    ("coach_roster", "coach_id", "coach.id"),
    ("coach_roster", "athlete_id", "user_profile.id"),
    ("leaderboard", "athlete_id", "user_profile.id"),
    ("leaderboard_exclusion", "athlete_id", "user_profile.id"),
    ("run_parameter", "run_id", "run.run_id"),
    ("column_doc", "table_name", "table_doc.table_name"),
  ].map { table, column, parent in
    let parts = parent.split(separator: ".").map(String.init)
    return ForeignKey(table: table, column: column, parentTable: parts[0], parentColumn: parts[1])
  }

  /// Adds `keys` to their tables, which SQLite allows only by rebuilding a table: a copy
  /// created with the constraints, filled in rowid order (rowids kept, so exports keep their
  /// order), swapped for the original, its indexes made again. Then an index for each key
  /// column no index leads with.
  static func declare(_ keys: [ForeignKey], in db: Database) throws {
    for (table, tableKeys) in Dictionary(grouping: keys, by: \.table).sorted(by: { $0.key < $1.key }
    ) {
      guard
        let create = try String.fetchOne(
          db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
          arguments: [table]),
        let close = create.lastIndex(of: ")"),
        let open = create.firstIndex(of: "(")
      else { throw DatabaseError(message: "v9: table \(table) is missing") }
      let indexes = try String.fetchAll(
        db,
        sql:
          "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
        arguments: [table])
      let constraints = tableKeys.map {
        ", FOREIGN KEY (\($0.column)) REFERENCES \($0.parentTable) (\($0.parentColumn)) DEFERRABLE INITIALLY DEFERRED"
      }
      let rebuilt =
        "CREATE TABLE \(table)_v9 " + create[open..<close] + constraints.joined() + ")"
      let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))")
        .map { $0["name"] as String }.joined(separator: ", ")
      try db.execute(sql: rebuilt)
      try db.execute(
        sql:
          "INSERT INTO \(table)_v9 (rowid, \(columns)) SELECT rowid, \(columns) FROM \(table) ORDER BY rowid"
      )
      try db.execute(sql: "DROP TABLE \(table)")
      try db.execute(sql: "ALTER TABLE \(table)_v9 RENAME TO \(table)")
      for index in indexes { try db.execute(sql: index) }
    }
    for key in keys {
      let leading = try Row.fetchAll(db, sql: "PRAGMA index_list(\(key.table))").map {
        try String.fetchOne(
          db, sql: "SELECT name FROM pragma_index_info(?) WHERE seqno = 0",
          arguments: [$0["name"] as String])
      }
      guard !leading.contains(key.column) else { continue }
      try db.execute(sql: "CREATE INDEX \(key.table)_\(key.column) ON \(key.table) (\(key.column))")
    }
  }
}
