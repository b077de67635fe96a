import GRDB

/// A publication whose rows break a declared relation (a set whose session is not published,
/// an athlete's week without the athlete): a fault in the run, not in its input, so the
/// publication stops before its commit and names the first rows at fault.
package struct BrokenReferences: Error, CustomStringConvertible {
  package let count: Int
  package let examples: [String]

  package var description: String {
    "the publication would break \(count) reference\(count == 1 ? "" : "s") between its tables ("
      + examples.joined(separator: "; ") + (count > examples.count ? "; …" : "")
      + "); nothing was published"
  }

  /// Throws when `db`'s rows break a foreign key.
  static func check(_ db: Database) throws {
    let rows = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
    guard !rows.isEmpty else { return }
    var examples: [String] = []
    for row in rows.prefix(100) where examples.count < 3 {
      let table: String = row["table"]
      let parent: String = row["parent"]
      let keyIndex: Int = row["fkid"]
      let rowid: Int64? = row["rowid"]
      let key = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))")
        .first { ($0["id"] as Int) == keyIndex }
      let column: String = key?["from"] ?? "?"
      let value =
        try rowid.flatMap {
          try String.fetchOne(
            db, sql: "SELECT CAST(\(column) AS TEXT) FROM \(table) WHERE rowid = ?",
            arguments: [$0])
        } ?? "NULL"
      let example = "\(table).\(column) '\(value)' has no \(parent) row"
      if !examples.contains(example) { examples.append(example) }
    }
    throw BrokenReferences(count: rows.count, examples: examples)
  }
}
