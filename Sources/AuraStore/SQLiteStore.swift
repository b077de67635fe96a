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
    try Schema.migrate(queue)
    try queue.write { db in
      if previous != nil {
        let kept = Set(PublishedTable.sessionTables.map(\.name))
        for table in PublishedTable.all where !kept.contains(table.name) {
          try db.execute(sql: "DELETE FROM \(table.name)")
        }
      }
      let bundle = try sessions(try SQLiteSessionWriter(db: db))
      try BundleWriter(db: db, bundle: bundle).writeAll()
      try BrokenReferences.check(db)
    }
  }

  package func exportCSV(databasePath: String, folder: String) throws {
    let queue = try DatabaseQueue(path: databasePath, configuration: Self.readOnly)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try queue.read { db in
      for table in PublishedTable.all {
        try CSVExport.write(
          db: db, sql: "SELECT * FROM \(table.name) ORDER BY \(table.exportOrder)",
          to: URL(fileURLWithPath: folder).appendingPathComponent("\(table.name).csv"))
      }
    }
  }

  static var readOnly: Configuration {
    var configuration = Configuration()
    configuration.readonly = true
    return configuration
  }
}
