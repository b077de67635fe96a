/// A table of the published database as its readers see it. This one definition gives the
/// columns every insert binds (in this order), the data dictionary (docs/data-dictionary.md
/// and each database's `table_doc` and `column_doc`), the CSV export's row order, and the
/// shape a test holds the migrations to: a column added here without a migration, or by a
/// migration without being described here, fails that test.
package struct PublishedTable: Sendable {
  package let name: String
  /// What one row is.
  package let about: String
  /// The columns that identify a row (the primary key, or a unique index where noted).
  package let key: [String]
  /// The columns, in the order the migrations create them.
  package let columns: [PublishedColumn]
  /// The CSV export's `ORDER BY`: insertion order, or the key for the tables a reused
  /// publication rewrites in part, so both paths export the same bytes.
  package let exportOrder: String

  init(
    _ name: String, about: String, key: [String], exportOrder: String = "rowid",
    _ columns: [PublishedColumn]
  ) {
    self.name = name
    self.about = about
    self.key = key
    self.columns = columns
    self.exportOrder = exportOrder
  }

  package var columnNames: [String] { columns.map(\.name) }

  /// The foreign keys the schema declares: every column that refers to another table's row,
  /// but those whose reference is loose (the row may be gone).
  package var foreignKeys: [ForeignKey] {
    columns.compactMap { column in
      guard let target = column.references, !column.referenceIsLoose else { return nil }
      let parts = target.split(separator: ".").map(String.init)
      return ForeignKey(
        table: name, column: column.name, parentTable: parts[0], parentColumn: parts[1])
    }
  }
}

/// `table.column` refers to `parentTable.parentColumn`, declared DEFERRABLE INITIALLY
/// DEFERRED (checked when the publication commits, whatever order the rows went in).
package struct ForeignKey: Sendable, Hashable, CustomStringConvertible {
  package let table: String
  package let column: String
  package let parentTable: String
  package let parentColumn: String

  package init(table: String, column: String, parentTable: String, parentColumn: String) {
    self.table = table
    self.column = column
    self.parentTable = parentTable
    self.parentColumn = parentColumn
  }

  package var description: String { "\(table).\(column) → \(parentTable).\(parentColumn)" }
}

/// One column: its SQLite type, whether it may be NULL, its default, and what it holds.
package struct PublishedColumn: Sendable {
  package enum StorageType: String, Sendable {
    case text = "TEXT"
    case integer = "INTEGER"
    case real = "REAL"
    case blob = "BLOB"
  }

  package let name: String
  package let type: StorageType
  /// NOT NULL in the schema.
  package let required: Bool
  /// The schema's default, as SQL (`'iron'`, `0`, `1.0`).
  package let defaultValue: String?
  /// The unit of a number (`kg`, `m/s`, `s`, `%`, `0-100`), nil for text and counts.
  package let unit: String?
  /// The values a text column may hold, or how it is formatted (`YYYY-MM-DD`).
  package let values: String?
  /// `table.column` this column refers to.
  package let references: String?
  /// The row referred to may not exist (a quarantined session's athlete): described, not
  /// declared as a foreign key.
  package let referenceIsLoose: Bool
  package let meaning: String

  init(
    _ name: String, _ type: StorageType, _ meaning: String, unit: String? = nil,
    values: String? = nil, references: String? = nil, loose: Bool = false,
    required: Bool = false, default defaultValue: String? = nil
  ) {
    self.name = name
    self.referenceIsLoose = loose
    self.type = type
    self.required = required
    self.defaultValue = defaultValue
    self.unit = unit
    self.values = values
    self.references = references
    self.meaning = meaning
  }
}

// Shorthands for the definitions: a column by its type.
extension PublishedColumn {
  static func text(
    _ name: String, _ meaning: String, values: String? = nil, references: String? = nil,
    loose: Bool = false, required: Bool = false, default defaultValue: String? = nil
  ) -> PublishedColumn {
    .init(
      name, .text, meaning, values: values, references: references, loose: loose,
      required: required, default: defaultValue)
  }

  static func integer(
    _ name: String, _ meaning: String, unit: String? = nil, values: String? = nil,
    required: Bool = false, default defaultValue: String? = nil
  ) -> PublishedColumn {
    .init(
      name, .integer, meaning, unit: unit, values: values, required: required, default: defaultValue
    )
  }

  static func real(
    _ name: String, _ meaning: String, unit: String? = nil, required: Bool = false,
    default defaultValue: String? = nil
  ) -> PublishedColumn {
    .init(name, .real, meaning, unit: unit, required: required, default: defaultValue)
  }

  /// A 0/1 flag.
  static func flag(
    _ name: String, _ meaning: String, required: Bool = false, default defaultValue: String? = nil
  ) -> PublishedColumn {
    .init(name, .integer, meaning, values: "0 or 1", required: required, default: defaultValue)
  }

  /// A calendar day, `YYYY-MM-DD`.
  static func day(_ name: String, _ meaning: String, required: Bool = false) -> PublishedColumn {
    .init(name, .text, meaning, values: "YYYY-MM-DD", required: required)
  }

  /// An ISO 8601 week, `YYYY-Www`.
  static func isoWeek(_ name: String, _ meaning: String) -> PublishedColumn {
    .init(name, .text, meaning, values: "YYYY-Www (ISO 8601 week)", required: true)
  }

  /// An athlete's id (`user_profile.id`).
  static func athlete(_ name: String, required: Bool = true) -> PublishedColumn {
    .init(
      name, .text, "The athlete.", references: "user_profile.id", required: required)
  }
}
