import ArgumentParser
import AuraStore
import Foundation

/// `auralift compare A B`: what changed between two publications.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Say what changed between two publications: parameters, code, rows, metrics.",
    discussion: """
      A and B are output folders (their current publication), variant folders of a sweep, or \
      database files. Prints the parameters and code versions that differ, per table the rows \
      only one side has and the rows whose values changed (matched on the primary key), and the \
      numeric columns that moved, most rows first. Exit codes: 0 compared, 64 a folder with no \
      publication.
      """)

  @Argument(help: "The first publication.") var a: String
  @Argument(help: "The second publication.") var b: String
  @Option(help: "Moved columns listed at most.") var top: Int = 15

  func run() throws {
    let paths = try [a, b].map(Self.database)
    let comparison: PublicationComparison
    do { comparison = try PublicationComparison(a: paths[0], b: paths[1]) } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    print("A: \(paths[0])\nB: \(paths[1])\n")
    if comparison.parameters.isEmpty {
      print("parameters: the same")
    } else {
      print("parameters that differ (A → B):")
      for item in comparison.parameters {
        print("  \(item.key): \(item.a ?? "absent") → \(item.b ?? "absent")")
      }
    }
    let codes = comparison.codeVersions
    print(codes.a == codes.b ? "code: the same (\(codes.a))" : "code: \(codes.a) → \(codes.b)")
    print("\n| table | rows A | rows B | only in A | only in B | changed |")
    print("| --- | --- | --- | --- | --- | --- |")
    for table in comparison.tables
    where table.onlyA + table.onlyB + (table.changed ?? 0) > 0 || table.rowsA != table.rowsB {
      print(
        "| \(table.table) | \(table.rowsA) | \(table.rowsB) | \(table.onlyA) | \(table.onlyB) | \(table.changed.map(String.init) ?? "–") |"
      )
    }
    let unchanged = comparison.tables.filter {
      $0.onlyA + $0.onlyB + ($0.changed ?? 0) == 0 && $0.rowsA == $0.rowsB
    }
    print("\nunchanged: \(unchanged.map(\.table).joined(separator: ", "))")
    if !comparison.columns.isEmpty {
      print("\ncolumns that moved (rows, largest and mean |B − A|):")
      for column in comparison.columns.prefix(top) {
        print(
          String(
            format: "  %@.%@: %d rows, max %.4g, mean %.4g", column.table, column.column,
            column.rows, column.maxDifference, column.meanDifference))
      }
    }
  }

  /// The database of a publication named by a folder or a file; a usage error otherwise.
  static func database(_ path: String) throws -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      FileHandle.standardError.write(Data("auralift: \(path): no such file or folder\n".utf8))
      throw ExitCodes.usage
    }
    guard isFolder.boolValue else {
      // A FIFO, a socket or a device would block SQLite's open, or be no database at all.
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let type =
        (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
      guard type == .typeRegular else {
        FileHandle.standardError.write(
          Data("auralift: \(path): not a database file or an output folder\n".utf8))
        throw ExitCodes.usage
      }
      return path
    }
    for candidate in ["current/auralift.sqlite", "auralift.sqlite"] {
      let file = URL(fileURLWithPath: path).appendingPathComponent(candidate).path
      if FileManager.default.fileExists(atPath: file) { return file }
    }
    FileHandle.standardError.write(Data("auralift: \(path): holds no publication\n".utf8))
    throw ExitCodes.usage
  }
}
