import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import GRDB
import Testing

/// The tables' definitions are what the migrations build and what the dictionary says: a
/// column added on one side only, a changed type, default or key, or a stale
/// docs/data-dictionary.md fails here.
@Suite struct DataDictionaryTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The database the sample publishes.
  static func published() throws -> (DatabaseQueue, URL) {
    let out = try TestSupport.temporaryFolder("dictionary")
    _ = try Runner(
      config: try TestSupport.pipelineConfig(dataset: TestSupport.sampleDataset, out: out)
    )
    .run()
    return (
      try DatabaseQueue(path: out.appendingPathComponent("current/auralift.sqlite").path), out
    )
  }

  @Test func migratedSchemaIsWhatTheDefinitionsSay() throws {
    let (queue, out) = try Self.published()
    defer { TestSupport.remove(out) }
    try queue.read { db in
      let names = try String.fetchAll(
        db,
        sql:
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'grdb%' ORDER BY name"
      )
      #expect(names == PublishedTable.all.map(\.name).sorted())
      for table in PublishedTable.all {
        let rows = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.name))")
        // A primary-key column is never NULL here, whether or not SQLite's schema says so.
        let migrated = rows.map { row in
          let required = (row["notnull"] as Int) == 1 || (row["pk"] as Int) > 0
          return
            "\(row["name"] as String) \(row["type"] as String) notnull=\(required ? 1 : 0) default=\(row["dflt_value"] as String? ?? "-")"
        }
        let defined = table.columns.map {
          "\($0.name) \($0.type.rawValue) notnull=\($0.required ? 1 : 0) default=\($0.defaultValue ?? "-")"
        }
        #expect(migrated == defined, "\(table.name)")
        let primaryKey = rows.filter { ($0["pk"] as Int) > 0 }.sorted {
          ($0["pk"] as Int) < ($1["pk"] as Int)
        }
        .map { $0["name"] as String }
        if primaryKey.isEmpty, !table.key.isEmpty {
          // A key with a nullable column is a unique index (personal_record's load).
          let unique = try Row.fetchAll(db, sql: "PRAGMA index_list(\(table.name))")
            .filter { ($0["unique"] as Int) == 1 }
          #expect(!unique.isEmpty, "\(table.name) has neither a primary key nor a unique index")
        } else {
          #expect(primaryKey == table.key, "\(table.name)")
        }
        // Every relation the definitions state is a declared foreign key, and an index leads
        // with its column.
        let declared = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table.name))").map {
          ForeignKey(
            table: table.name, column: $0["from"], parentTable: $0["table"],
            parentColumn: $0["to"])
        }
        #expect(Set(declared) == Set(table.foreignKeys), "\(table.name)")
        for key in table.foreignKeys {
          let leading = try String.fetchAll(
            db,
            sql:
              "SELECT i.name FROM pragma_index_list(?) l JOIN pragma_index_info(l.name) i WHERE i.seqno = 0",
            arguments: [table.name])
          #expect(leading.contains(key.column), "no index leads with \(key)")
        }
      }
    }
  }

  @Test func everyColumnIsDescribedInTheDatabase() throws {
    let (queue, out) = try Self.published()
    defer { TestSupport.remove(out) }
    try queue.read { db in
      let described = try Row.fetchAll(
        db, sql: "SELECT table_name, column_name, meaning FROM column_doc ORDER BY rowid")
      let expected = PublishedTable.all.flatMap { t in t.columns.map { "\(t.name).\($0.name)" } }
      #expect(
        described.map { "\($0["table_name"] as String).\($0["column_name"] as String)" } == expected
      )
      #expect(described.allSatisfy { !($0["meaning"] as String).isEmpty })
      #expect(
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM table_doc") == PublishedTable.all.count)
      // The dictionary's joins resolve: every reference names a column that exists.
      let references = try Row.fetchAll(
        db,
        sql: "SELECT table_name, column_name, refers_to FROM column_doc WHERE refers_to IS NOT NULL"
      )
      #expect(!references.isEmpty)
      for reference in references {
        let target = (reference["refers_to"] as String).split(separator: ".").map(String.init)
        let exists = try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?",
          arguments: [target[0], target[1]])
        #expect(
          exists == 1,
          "\(reference["table_name"] as String).\(reference["column_name"] as String) → \(target)")
      }
    }
  }

  @Test func committedDictionaryIsTheGeneratedOne() throws {
    let committed = try String(
      contentsOf: Self.repository.appendingPathComponent("docs/data-dictionary.md"), encoding: .utf8
    )
    #expect(
      committed == DataDictionary.markdown(),
      "docs/data-dictionary.md is stale: run `auralift dictionary > docs/data-dictionary.md`")
  }
}
