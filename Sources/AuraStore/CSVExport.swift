import Foundation
import GRDB
import GRDBSQLite

/// Writes a query's rows as RFC 4180 CSV with a header of column names: NULL is an empty
/// field, text is quoted when it holds a comma, quote or line break, reals are written as
/// Swift prints them (shortest round-trip form), blobs as base64. Text that a spreadsheet
/// would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is
/// written with a `'` in front, as OWASP advises for CSV meant for spreadsheets; numbers are
/// never text here, so no number is changed. Rows are read from SQLite's
/// own buffers into a byte buffer flushed every megabyte: a `String` per field would cost
/// more than the rest of the export.
enum CSVExport {
  static func write(db: Database, sql: String, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let statement = try db.makeStatement(sql: sql)
    let raw = statement.sqliteStatement
    let columns = statement.columnCount
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1 << 20 + 4096)
    bytes.append(contentsOf: statement.columnNames.joined(separator: ",").utf8)
    bytes.append(0x0A)
    defer { sqlite3_reset(raw) }
    while true {
      let code = sqlite3_step(raw)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code),
          message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
      }
      for column in 0..<Int32(columns) {
        if column > 0 { bytes.append(0x2C) }
        appendField(raw, column, to: &bytes)
      }
      bytes.append(0x0A)
      if bytes.count >= 1 << 20 {
        try handle.write(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    try handle.write(contentsOf: bytes)
  }

  /// The first bytes that make a spreadsheet read a cell as a formula.
  private static let formulaStarts: Set<UInt8> = [
    UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
  ]

  private static func appendField(
    _ statement: OpaquePointer, _ column: Int32, to bytes: inout [UInt8]
  ) {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_NULL:
      break
    case SQLITE_INTEGER:
      bytes.append(contentsOf: String(sqlite3_column_int64(statement, column)).utf8)
    case SQLITE_FLOAT:
      bytes.append(contentsOf: sqlite3_column_double(statement, column).description.utf8)
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      let data = sqlite3_column_blob(statement, column).map { Data(bytes: $0, count: count) }
      bytes.append(contentsOf: (data ?? Data()).base64EncodedString().utf8)
    default:
      guard let text = sqlite3_column_text(statement, column) else { return }
      let field = UnsafeBufferPointer(
        start: text, count: Int(sqlite3_column_bytes(statement, column)))
      let formula = field.first.map(formulaStarts.contains) ?? false
      guard
        formula || field.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
      else {
        bytes.append(contentsOf: field)
        return
      }
      bytes.append(0x22)
      if formula { bytes.append(UInt8(ascii: "'")) }
      for byte in field {
        bytes.append(byte)
        if byte == 0x22 { bytes.append(0x22) }
      }
      bytes.append(0x22)
    }
  }
}
