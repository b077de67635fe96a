// What a run records about itself: the inputs it set aside, what ran with which parameters,
// the landmarks the volume bands were drawn against, and this dictionary.
extension PublishedTable {
  static let quarantine = PublishedTable(
    "quarantine", about: "An input the run set aside, and why (the rest of the batch went on).",
    key: [],
    [
      .text("path", "The file or session folder, relative to the dataset.", required: true),
      .integer("line", "The line in the file; 0 for the whole file or session.", required: true),
      .text("reason", "What is wrong with it.", required: true),
      .text(
        "athlete_id",
        "The athlete whose session it was, where known (not a foreign key: the athlete's own row may be what was set aside).",
        references: "user_profile.id", loose: true),
    ])

  static let volumeLandmark = PublishedTable(
    "volume_landmark",
    about:
      "A muscle's weekly-set landmarks (Renaissance Periodization), as the run's parameters set them.",
    key: ["muscle_group"],
    [
      .text("muscle_group", "The muscle group.", required: true),
      .real("mev", "Minimum effective volume.", unit: "sets/week", required: true),
      .real(
        "mav_low", "Lower end of the maximum adaptive volume.", unit: "sets/week", required: true),
      .real(
        "mav_high", "Upper end of the maximum adaptive volume.", unit: "sets/week", required: true),
      .real("mrv", "Maximum recoverable volume.", unit: "sets/week", required: true),
    ])

  static let run = PublishedTable(
    "run", about: "The run that published this database.", key: ["run_id"],
    [
      .text("run_id", "`<start, compact>-<publication key prefix>`.", required: true),
      .text("started_at", "When the run started.", values: "ISO 8601 date-time", required: true),
      .text("finished_at", "When it published.", values: "ISO 8601 date-time", required: true),
      .text("code_version", "Each stage's code version.", required: true),
      .text(
        "parameters_hash", "SHA-256 of the parameters as `parameters` states them.", required: true),
      .text(
        "parameters", "Every parameter, `key = value`, one per line (also run_parameter).",
        required: true),
      .text("dataset", "The dataset's folder.", required: true),
      .integer("sessions_total", "Sessions in the dataset.", required: true),
      .integer(
        "sessions_computed", "Sessions this run scored rather than found in the cache.",
        required: true),
      .integer("sessions_quarantined", "Inputs set aside (rows of quarantine).", required: true),
      .text(
        "code_commit",
        "The commit `auralift` was built from (`auralift --version`); empty where the build could not tell."
      ),
      .flag(
        "code_modified",
        "1 where tracked files differed from `code_commit` when it was built; empty where unknown."
      ),
      .text(
        "dataset_digest",
        "SHA-256 of every dataset file's path and content digest (XXH3-128), in path order, hidden files aside: copies of a dataset share it, and `auralift experiments` cites the same; empty where a file could not be read."
      ),
    ])

  static let runParameter = PublishedTable(
    "run_parameter", about: "One parameter of the run, as the pipeline states it.",
    key: ["run_id", "key"],
    [
      .text("run_id", "The run.", references: "run.run_id", required: true),
      .text("key", "The parameter (`scoring.velocity_loss_threshold`).", required: true),
      .text(
        "value", "Its value as the pipeline file states it (a list in brackets).", required: true),
    ])

  static let tableDoc = PublishedTable(
    "table_doc", about: "A published table, described (docs/data-dictionary.md).",
    key: ["table_name"],
    [
      .text("table_name", "The table.", required: true),
      .text("about", "What one row is.", required: true),
      .text("row_key", "The columns that identify a row, comma-separated; empty where none do."),
    ])

  static let columnDoc = PublishedTable(
    "column_doc", about: "A published column, described (docs/data-dictionary.md).",
    key: ["table_name", "column_name"],
    [
      .text("table_name", "The table.", references: "table_doc.table_name", required: true),
      .text("column_name", "The column.", required: true),
      .integer("position", "Its place in the table, from 1.", required: true),
      .text("type", "SQLite type.", values: "TEXT, INTEGER, REAL, BLOB", required: true),
      .flag("required", "1 when the column is never NULL.", required: true),
      .text("unit", "Unit of a number."),
      .text("allowed_values", "The values a text column takes, or its format."),
      .text("refers_to", "`table.column` it refers to."),
      .text("meaning", "What it holds.", required: true),
    ])
}
