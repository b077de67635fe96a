import GRDB
import GRDBSQLite

/// A prepared INSERT whose rows are bound value by value through SQLite's C API, with the
/// types GRDB binds them as (integers and booleans as INTEGER, doubles as REAL, strings as
/// TEXT, nil as NULL). GRDB's `StatementArguments` boxes every value in an existential first,
/// which cost more than SQLite's own work when publication wrote the rows of 10k sessions.
struct RowInsert {
  private let statement: Statement
  private let db: Database
  private let parameters: Int32

  init(_ db: Database, table: PublishedTable) throws {
    self.db = db
    statement = try prepareInsert(db, table)
    parameters = sqlite3_bind_parameter_count(statement.sqliteStatement)
  }

  /// Inserts one row: `fill` binds every column, in the table's order.
  func callAsFunction(_ fill: (inout Values) -> Void) throws {
    let raw = statement.sqliteStatement
    var values = Values(statement: raw)
    fill(&values)
    precondition(values.bound == parameters, "a row binds every column once")
    let code = sqlite3_step(raw)
    sqlite3_reset(raw)
    guard code == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code),
        message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
    }
  }

  /// One row's values, bound in column order.
  struct Values {
    fileprivate let statement: OpaquePointer
    fileprivate var bound: Int32 = 0

    fileprivate init(statement: OpaquePointer) { self.statement = statement }

    /// The next column's parameter index (SQLite counts from 1).
    private mutating func next() -> Int32 {
      bound += 1
      return bound
    }

    mutating func add(_ value: Int?) {
      let index = next()
      if let value { sqlite3_bind_int64(statement, index, Int64(value)) } else { null(index) }
    }

    mutating func add(_ value: Bool?) { add(value.map { $0 ? 1 : 0 }) }

    mutating func add(_ value: Double?) {
      let index = next()
      if let value { sqlite3_bind_double(statement, index, value) } else { null(index) }
    }

    mutating func add(_ value: String?) {
      let index = next()
      guard let value else { return null(index) }
      // SQLite copies the text (SQLITE_TRANSIENT): Swift's C string is only lent for the call.
      sqlite3_bind_text(
        statement, index, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    private func null(_ index: Int32) { sqlite3_bind_null(statement, index) }
  }
}
