import Foundation
import GRDB
import GRDBSQLite

/// What changed in each published table between two releases' databases, for a store that
/// keeps its own copy (PostgreSQL): the keys of rows to remove and the rows to write, read
/// with SQL's `EXCEPT` over the two files (rows equal in every column, NULLs alike, are
/// unchanged). Rows come out in PostgreSQL's COPY text format.
package struct ReleaseDiff {
  private let queue: DatabaseQueue

  /// Opens `database` read-only, with `previous` (when given) attached to compare against.
  package init(database: String, previous: String?) throws {
    var configuration = Configuration()
    configuration.readonly = true
    queue = try DatabaseQueue(path: database, configuration: configuration)
    if let previous {
      try queue.inDatabase { db in
        try db.execute(sql: "ATTACH DATABASE ? AS previous", arguments: [previous])
      }
    }
  }

  /// Every row of `table`, as COPY text lines.
  package func allRows(of table: PublishedTable) throws -> Chunks {
    try Chunks(queue: queue, sql: "SELECT * FROM main.\(table.name)")
  }

  /// The rows of `table` that are new or changed since the previous release.
  package func changedRows(of table: PublishedTable) throws -> Chunks {
    try Chunks(
      queue: queue,
      sql: "SELECT * FROM main.\(table.name) EXCEPT SELECT * FROM previous.\(table.name)")
  }

  /// The keys of `table`'s rows to remove before the changed rows are written: those gone, and
  /// those whose other columns changed (their new version is among `changedRows`).
  package func staleKeys(of table: PublishedTable) throws -> Chunks {
    let key = table.key.joined(separator: ", ")
    return try Chunks(
      queue: queue,
      sql:
        "SELECT \(key) FROM previous.\(table.name) EXCEPT SELECT \(key) FROM main.\(table.name) UNION SELECT \(key) FROM (SELECT * FROM main.\(table.name) EXCEPT SELECT * FROM previous.\(table.name))"
    )
  }

  /// The value of one text column of the first row of `sql`, or nil.
  package func text(_ sql: String) throws -> String? {
    try queue.inDatabase { db in try String.fetchOne(db, sql: sql) }
  }

  /// The rows of a query in COPY's text format, about a megabyte at a time: columns separated
  /// by tabs, rows by newlines, NULL as `\N`, backslash, tab, newline and carriage return
  /// escaped, reals in Swift's shortest round-trip form (PostgreSQL reads back the same
  /// double), blobs as `\\x` and hex. Read on demand, so a table never sits whole in memory.
  package final class Chunks {
    private let queue: DatabaseQueue
    private let statement: Statement
    private var finished = false
    /// Rows produced so far.
    package private(set) var rows = 0

    fileprivate init(queue: DatabaseQueue, sql: String) throws {
      self.queue = queue
      statement = try queue.inDatabase { db in try db.makeStatement(sql: sql) }
    }

    /// The next chunk of whole rows, or nil after the last.
    package func next() throws -> Data? {
      guard !finished else { return nil }
      return try queue.inDatabase { db in
        let raw = statement.sqliteStatement
        let columns = Int32(statement.columnCount)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20 + 4096)
        while bytes.count < 1 << 20 {
          let code = sqlite3_step(raw)
          if code == SQLITE_DONE {
            finished = true
            sqlite3_reset(raw)
            break
          }
          guard code == SQLITE_ROW else {
            finished = true
            sqlite3_reset(raw)
            throw DatabaseError(
              resultCode: ResultCode(rawValue: code),
              message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
          }
          for column in 0..<columns {
            if column > 0 { bytes.append(0x09) }
            ReleaseDiff.appendField(raw, column, to: &bytes)
          }
          bytes.append(0x0A)
          rows += 1
        }
        return bytes.isEmpty ? nil : Data(bytes)
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  fileprivate static func appendField(
    _ statement: OpaquePointer, _ column: Int32, to bytes: inout [UInt8]
  ) {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_NULL:
      bytes.append(contentsOf: [0x5C, UInt8(ascii: "N")])
    case SQLITE_INTEGER:
      bytes.append(contentsOf: String(sqlite3_column_int64(statement, column)).utf8)
    case SQLITE_FLOAT:
      bytes.append(contentsOf: sqlite3_column_double(statement, column).description.utf8)
    case SQLITE_BLOB:
      // bytea's hex form, its backslash doubled for COPY: \\x0a1b…
      bytes.append(contentsOf: [0x5C, 0x5C, UInt8(ascii: "x")])
      let count = Int(sqlite3_column_bytes(statement, column))
      if let base = sqlite3_column_blob(statement, column) {
        for byte in UnsafeRawBufferPointer(start: base, count: count) {
          bytes.append(hexDigits[Int(byte >> 4)])
          bytes.append(hexDigits[Int(byte & 0x0F)])
        }
      }
    default:
      guard let text = sqlite3_column_text(statement, column) else { return }
      let count = Int(sqlite3_column_bytes(statement, column))
      for byte in UnsafeBufferPointer(start: text, count: count) {
        switch byte {
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        default: bytes.append(byte)
        }
      }
    }
  }
}
