import AuraDomain
import Foundation
import GRDB

/// What changed between two publications (two runs, or two variants of a sweep): the
/// parameters and code versions that differ, per table the rows only one side has and the rows
/// whose values changed (matched on the table's primary key), and the numeric columns that
/// moved most. A researcher's "what did my change do".
package struct PublicationComparison: Sendable {
  package struct TableChange: Sendable, Equatable {
    package var table: String
    package var rowsA, rowsB, onlyA, onlyB: Int
    /// Rows with the same key and different values; nil for a table without a primary key.
    package var changed: Int?
  }

  package struct ColumnChange: Sendable, Equatable {
    package var table, column: String
    package var maxDifference, meanDifference: Double
    package var rows: Int
  }

  /// Parameters whose values differ: key, value in A, value in B (nil where absent).
  package var parameters: [(key: String, a: String?, b: String?)]
  package var codeVersions: (a: String, b: String)
  package var tables: [TableChange]
  /// The numeric columns that moved, the most rows first.
  package var columns: [ColumnChange]

  /// Compares the databases at `a` and `b`.
  package init(a: String, b: String) throws {
    let queue = try DatabaseQueue(path: a, configuration: SQLiteStore.readOnly)
    (parameters, codeVersions, tables, columns) = try queue.read { db in
      try db.execute(sql: "ATTACH DATABASE ? AS b", arguments: [b])
      let runs = try Self.runs(db)
      var tables: [TableChange] = []
      var columns: [ColumnChange] = []
      for table in Schema.tables where !StoreReader.runRecordTables.contains(table) {
        let (change, moved) = try Self.compare(table, db)
        tables.append(change)
        columns += moved
      }
      return (
        runs.parameters, runs.codes, tables,
        columns.sorted { ($0.rows, $1.table, $1.column) > ($1.rows, $0.table, $0.column) }
      )
    }
  }

  /// The parameters and code version of each side's latest run.
  private static func runs(_ db: Database) throws -> (
    parameters: [(key: String, a: String?, b: String?)], codes: (a: String, b: String)
  ) {
    func latest(_ schema: String) throws -> (ParameterSet, String) {
      let row = try Row.fetchOne(
        db,
        sql: "SELECT parameters, code_version FROM \(schema).run ORDER BY finished_at DESC LIMIT 1")
      return (ParameterSet(described: row?["parameters"] ?? ""), row?["code_version"] ?? "")
    }
    let (parametersA, codeA) = try latest("main")
    let (parametersB, codeB) = try latest("b")
    let keys = Set(parametersA.values.keys).union(parametersB.values.keys).sorted()
    let differing = keys.compactMap { key -> (key: String, a: String?, b: String?)? in
      let a = parametersA[key]?.description
      let b = parametersB[key]?.description
      return a == b ? nil : (key, a, b)
    }
    return (differing, (codeA, codeB))
  }

  /// One table's row counts and changes, and how far its numeric columns moved.
  private static func compare(_ table: String, _ db: Database) throws -> (
    TableChange, [ColumnChange]
  ) {
    func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
    let info = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_info('\(table)')")
    let names = info.map { $0["name"] as String }
    let common = try Set(
      String.fetchAll(db, sql: "SELECT name FROM b.pragma_table_info('\(table)')"))
    let shared = names.filter(common.contains).map { "\"\($0)\"" }.joined(separator: ", ")
    var change = TableChange(
      table: table, rowsA: try count("SELECT count(*) FROM main.\(table)"),
      rowsB: try count("SELECT count(*) FROM b.\(table)"), onlyA: 0, onlyB: 0, changed: nil)
    let keys = info.filter { ($0["pk"] as Int) > 0 }.map { $0["name"] as String }
      .filter(common.contains)
    guard !keys.isEmpty else {
      // Without a key a row can only be matched whole: a changed row is one only A has and
      // one only B has.
      change.onlyA = try count(
        "SELECT count(*) FROM (SELECT \(shared) FROM main.\(table) EXCEPT SELECT \(shared) FROM b.\(table))"
      )
      change.onlyB = try count(
        "SELECT count(*) FROM (SELECT \(shared) FROM b.\(table) EXCEPT SELECT \(shared) FROM main.\(table))"
      )
      return (change, [])
    }
    // Matched on the key: a row is counted once, as only in A, only in B, or changed.
    let join = keys.map { "x.\"\($0)\" IS y.\"\($0)\"" }.joined(separator: " AND ")
    change.onlyA = try count(
      "SELECT count(*) FROM main.\(table) x WHERE NOT EXISTS (SELECT 1 FROM b.\(table) y WHERE \(join))"
    )
    change.onlyB = try count(
      "SELECT count(*) FROM b.\(table) y WHERE NOT EXISTS (SELECT 1 FROM main.\(table) x WHERE \(join))"
    )
    let others = names.filter { common.contains($0) && !keys.contains($0) }
    let differs =
      others.isEmpty
      ? "0" : others.map { "x.\"\($0)\" IS NOT y.\"\($0)\"" }.joined(separator: " OR ")
    change.changed = try count(
      "SELECT count(*) FROM main.\(table) x JOIN b.\(table) y ON \(join) WHERE \(differs)")
    var moved: [ColumnChange] = []
    for row in info where common.contains(row["name"] as String) {
      let column = row["name"] as String
      guard !keys.contains(column),
        ["REAL", "INTEGER"].contains((row["type"] as String).uppercased())
      else { continue }
      let stats = try Row.fetchOne(
        db,
        sql: """
          SELECT max(abs(x."\(column)" - y."\(column)")), avg(abs(x."\(column)" - y."\(column)")),
            count(*) FROM main.\(table) x JOIN b.\(table) y ON \(join)
          WHERE x."\(column)" IS NOT y."\(column)" AND x."\(column)" IS NOT NULL AND y."\(column)" IS NOT NULL
          """)
      guard let stats, let maximum = stats[0] as Double?, let mean = stats[1] as Double?,
        maximum > 0
      else { continue }
      moved.append(
        ColumnChange(
          table: table, column: column, maxDifference: maximum, meanDifference: mean,
          rows: stats[2]))
    }
    return (change, moved)
  }
}
