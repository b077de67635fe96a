import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation
import GRDB

/// The SQLite implementation of `ResultStore`, through GRDB with prepared statements.
public struct SQLiteStore: ResultStore {
  public init() {}

  public func publish(
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

  public func exportCSV(databasePath: String, folder: String) throws {
    let queue = try DatabaseQueue(path: databasePath, configuration: Self.readOnly)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try queue.read { db in
      for table in Schema.tables {
        let columns = try db.columns(in: table).map(\.name)
        // Streamed in 1 MB chunks: the rep table of a large run would be a large string.
        let url = URL(fileURLWithPath: folder).appendingPathComponent("\(table).csv")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var text = columns.joined(separator: ",") + "\n"
        // Session tables in key order, so a publication that reused rows exports the same
        // bytes as one that wrote them all.
        let order = Schema.sessionTables[table] ?? "rowid"
        let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY \(order)")
        while let row = try cursor.next() {
          text +=
            columns.indices.map { Self.csvField(row[$0] as DatabaseValue) }.joined(separator: ",")
            + "\n"
          if text.utf8.count >= 1 << 20 {
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
          }
        }
        try handle.write(contentsOf: Data(text.utf8))
      }
    }
  }

  static var readOnly: Configuration {
    var configuration = Configuration()
    configuration.readonly = true
    return configuration
  }

  static func csvField(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .null: return ""
    case .int64(let int): return String(int)
    case .double(let double): return "\(double)"
    case .string(let string):
      let needsQuotes = string.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
      return needsQuotes
        ? "\"" + string.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : string
    case .blob(let data): return data.base64EncodedString()
    }
  }
}
