import GRDB

/// Rows inserted into published tables through one prepared INSERT per table, prepared on
/// first use: for the tables written a few rows at a time (an athlete's, the run's), whose
/// values GRDB binds from an array of boxed values per row. The session tables, written by the
/// million, bind without boxing (`RowInsert`).
final class TableInserts {
  private let db: Database
  private var statements: [String: Statement] = [:]

  init(db: Database) { self.db = db }

  /// Inserts `rows`, each holding a value for every column of `table`, in its order.
  func insert(_ table: PublishedTable, _ rows: [[(any DatabaseValueConvertible)?]]) throws {
    guard !rows.isEmpty else { return }
    let statement = try statements[table.name] ?? prepareInsert(db, table)
    statements[table.name] = statement
    for row in rows {
      precondition(row.count == table.columns.count, "a row has a value for every column")
      try statement.execute(arguments: StatementArguments(row))
    }
  }
}

/// A prepared INSERT of a row of every column of `table`.
func prepareInsert(_ db: Database, _ table: PublishedTable) throws -> Statement {
  let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ",")
  return try db.makeStatement(
    sql:
      "INSERT INTO \(table.name) (\(table.columnNames.joined(separator: ","))) VALUES (\(placeholders))"
  )
}
