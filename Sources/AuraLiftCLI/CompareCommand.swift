import ArgumentParser
import AuraStore
import AuraSupport
import Foundation

/// `auralift compare A B`: what changed between two publications.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Say what changed between two publications: parameters, code, rows, metrics.",
    discussion: """
      A and B are output folders (their current publication), variant folders of a sweep, or \
      database files; or two experiment folders of `auralift sweep`, whose settings and the \
      metrics of the variants both ran (the same parameters) are compared. Prints the parameters and code versions that differ, per table the rows \
      only one side has and the rows whose values changed (matched on the primary key), and the \
      numeric columns that moved, most rows first. Exit codes: 0 compared, 64 a folder with no \
      publication.
      """)

  @Argument(help: "The first publication.") var a: String
  @Argument(help: "The second publication.") var b: String
  @Option(help: "Moved columns listed at most.") var top: Int = 15

  func run() throws {
    let records = [a, b].map {
      URL(fileURLWithPath: $0).appendingPathComponent("experiment.json")
    }
    if records.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
      return try compareExperiments(records)
    }
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

  /// Two sweeps: their settings that differ, then each metric that moved between the variants
  /// both ran, then the variants only one ran.
  func compareExperiments(_ records: [URL]) throws {
    // Each side is read and checked on its own, so that a message names the one at fault.
    var sides: [Data] = []
    for record in records {
      do {
        let data = try BoundedFile.read(record, maxBytes: ExperimentIndex.maxRecordBytes)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
          throw BoundedFile.Refused(description: "\(record.path) is no experiment record (JSON)")
        }
        sides.append(data)
      } catch {
        FileHandle.standardError.write(Data("auralift: \(ErrorMessage.describe(error))\n".utf8))
        throw ExitCodes.usage
      }
    }
    let comparison: ExperimentComparison
    do { comparison = try ExperimentComparison(a: sides[0], b: sides[1]) } catch {
      FileHandle.standardError.write(
        Data("auralift: \(records[0].path) and \(records[1].path) cannot be compared\n".utf8))
      throw ExitCodes.usage
    }
    print("A: \(a)\nB: \(b)\n")
    if comparison.settings.isEmpty { print("code, dataset and objective: the same") }
    for setting in comparison.settings {
      print("\(setting.name): \(setting.a) → \(setting.b)")
    }
    print("\n| variants (A ↔ B) | metric | A | B | B − A |")
    print("| --- | --- | ---: | ---: | ---: |")
    for metric in comparison.metrics {
      let delta = metric.a.flatMap { x in metric.b.map { $0 - x } }
      print(
        "| \(metric.variants) | \(metric.metric) | \(Self.number(metric.a)) | \(Self.number(metric.b)) | \(Self.number(delta)) |"
      )
    }
    if comparison.metrics.isEmpty { print("(no metric moved between the variants both ran)") }
    for (side, variants) in [("A", comparison.onlyA), ("B", comparison.onlyB)]
    where !variants.isEmpty {
      print("\nonly in \(side): \(variants.joined(separator: "; "))")
    }
  }

  static func number(_ value: Double?) -> String {
    guard let value else { return "–" }
    return String(format: "%.4g", value)
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
    let folder = URL(fileURLWithPath: path)
    for candidate in [
      OutputLayout(folder).currentDatabase,
      folder.appendingPathComponent(OutputLayout.databaseName),
    ] {
      let file = candidate.path
      if FileManager.default.fileExists(atPath: file) { return file }
    }
    FileHandle.standardError.write(Data("auralift: \(path): holds no publication\n".utf8))
    throw ExitCodes.usage
  }
}
