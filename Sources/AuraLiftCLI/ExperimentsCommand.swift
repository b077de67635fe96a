import ArgumentParser
import AuraStore
import Foundation

/// `auralift experiments`: the sweeps a folder holds, oldest first, one line each.
struct ExperimentsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "experiments",
    abstract:
      "List past sweeps and evaluations: name, date, objective, best variant, dataset digest.",
    discussion: """
      Reads <experiments>/*/experiment.json (what `auralift sweep` and `auralift eval` \
      write). A folder without a \
      readable record (a sweep still running, or killed) is named on stderr. Nothing is written.
      """)

  @Option(help: "Folder that holds experiments.") var experiments: String = "experiments"
  @Flag(help: "One JSON object per experiment, a line each (for jq or pandas.read_json).")
  var json = false

  func run() throws {
    let listed: (entries: [ExperimentIndex.Entry], unreadable: [String])
    do {
      listed = try ExperimentIndex.read(folder: URL(fileURLWithPath: experiments))
    } catch {
      throw ExitCodes.reporting(
        ValidationError("\(experiments): no such folder of experiments"),
        otherwise: ExitCodes.usage)
    }
    for folder in listed.unreadable {
      FileHandle.standardError.write(
        Data("\(experiments)/\(folder): no readable experiment.json (running or killed)\n".utf8))
    }
    if json {
      for entry in listed.entries {
        let object: [String: Any] = [
          "experiment": entry.folder, "kind": entry.kind, "started_at": entry.startedAt,
          "variants": entry.variants,
          "objective": entry.objective, "best": entry.best,
          "dataset_digest": entry.datasetDigest, "code_commit": entry.codeCommit ?? NSNull(),
          "code_modified": entry.codeModified ?? NSNull(),
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
      }
      return
    }
    guard !listed.entries.isEmpty else {
      print("no experiments in \(experiments)")
      return
    }
    let rows =
      [["experiment", "kind", "started", "variants", "objective", "best", "dataset", "code"]]
      + listed.entries.map { entry in
        [
          entry.folder, entry.kind, entry.startedAt, String(entry.variants), entry.objective,
          entry.best,
          String(entry.datasetDigest.prefix(12)),
          (entry.codeCommit.map { String($0.prefix(12)) } ?? "unknown")
            + (entry.codeModified == true ? " modified" : ""),
        ]
      }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      print(
        zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
  }
}
