import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation
import GRDB

/// The SQLite implementation of `ResultStore`, through GRDB with prepared statements.
package struct SQLiteStore: ResultStore, Sendable {
  package init() {}

  package func publish(
    databasePath: String, reusing previous: String?,
    sessions: (any SessionWriter) throws -> PublishBundle
  ) throws {
    if let previous { try FileManager.default.copyItem(atPath: previous, toPath: databasePath) }
    let queue = try DatabaseQueue(path: databasePath)
    try Schema.migrator.migrate(queue)
    try queue.write { db in
      if previous != nil {
        for table in Schema.tables where Schema.sessionTables[table] == nil {
          try db.execute(sql: "DELETE FROM \(table)")
        }
      }
      let bundle = try sessions(try SQLiteSessionWriter(db: db))
      try BundleWriter(db: db, bundle: bundle).writeAll()
    }
  }

  package func exportCSV(databasePath: String, folder: String) throws {
    let queue = try DatabaseQueue(path: databasePath, configuration: Self.readOnly)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try queue.read { db in
      for table in Schema.tables {
        // Session tables in key order, so a publication that reused rows exports the same
        // bytes as one that wrote them all.
        let order = Schema.sessionTables[table] ?? "rowid"
        try CSVExport.write(
          db: db, sql: "SELECT * FROM \(table) ORDER BY \(order)",
          to: URL(fileURLWithPath: folder).appendingPathComponent("\(table).csv"))
      }
    }
  }

  static var readOnly: Configuration {
    var configuration = Configuration()
    configuration.readonly = true
    return configuration
  }
}
