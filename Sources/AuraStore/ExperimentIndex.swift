import AuraSupport
import Foundation

/// The experiments a folder holds (`<experiments>/<name>-<id>/experiment.json`), as `auralift
/// experiments` lists them: what `mlflow runs list` and `dvc exp show` give a researcher.
package struct ExperimentIndex: Sendable {
  package struct Entry: Sendable, Equatable {
    /// The folder's name (`depth-3f9a2c`).
    package var folder: String
    /// "sweep" or "eval".
    package var kind: String
    package var startedAt: String
    package var variants: Int
    package var objective: String
    /// "v2 (rpe_mae 0.412)", "tie: v1, v2 (…)", "no variation (…)" or "no values"; for an
    /// evaluation "17 of 18 targets met".
    package var best: String
    package var datasetDigest: String
    package var codeCommit: String?
    package var codeModified: Bool?
  }

  /// The largest `experiment.json` read: a sweep of thousands of variants writes a few MB.
  package static let maxRecordBytes = 64_000_000

  /// Every readable experiment under `folder`, oldest first; folders without a readable
  /// `experiment.json` (a sweep still running, or killed) are `unreadable`.
  package static func read(folder: URL) throws -> (entries: [Entry], unreadable: [String]) {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    // Sweeps started in the same second are ordered by when their record was written.
    var entries: [(entry: Entry, written: Date)] = []
    var unreadable: [String] = []
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { continue }
      let record = url.appendingPathComponent("experiment.json")
      guard let data = try? BoundedFile.read(record, maxBytes: maxRecordBytes),
        let entry = entry(folder: name, json: data)
      else {
        unreadable.append(name)
        continue
      }
      let written =
        (try? FileManager.default.attributesOfItem(atPath: record.path)[.modificationDate])
        as? Date ?? .distantPast
      entries.append((entry, written))
    }
    let sorted = entries.sorted {
      ($0.entry.startedAt, $0.written, $0.entry.folder)
        < ($1.entry.startedAt, $1.written, $1.entry.folder)
    }
    return (sorted.map(\.entry), unreadable)
  }

  static func entry(folder: String, json: Data) -> Entry? {
    guard let record = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let startedAt = record["started_at"] as? String,
      let objectiveText = record["objective"] as? String,
      let variants = record["variants"] as? [[String: Any]]
    else { return nil }
    // The record says "rpe_mae (lowest best)".
    let metric = String(objectiveText.split(separator: " ").first ?? "")
    let objective = SweepObjective(
      metric: metric, lowerIsBetter: !objectiveText.contains("(highest best)"))
    let values = variants.map { variant -> (name: String, value: Double?) in
      let metrics = variant["metrics"] as? [String: Any]
      return (variant["name"] as? String ?? "?", (metrics?[metric] as? NSNumber)?.doubleValue)
    }
    let kind = record["kind"] as? String ?? "sweep"
    let best: String
    if kind == "eval", let targets = record["targets"] as? [[String: Any]] {
      let met = targets.filter { $0["passed"] as? Bool == true }.count
      best = "\(met) of \(targets.count) targets met"
    } else {
      best = verdict(objective.verdict(values), metric: metric)
    }
    return Entry(
      folder: folder, kind: kind, startedAt: startedAt, variants: variants.count,
      objective: objectiveText, best: best,
      datasetDigest: record["dataset_digest"] as? String ?? "",
      codeCommit: record["code_commit"] as? String, codeModified: record["code_modified"] as? Bool)
  }

  static func verdict(_ verdict: SweepObjective.Verdict, metric: String) -> String {
    let best: String
    switch verdict {
    case .best(let name, let value): best = "\(name) (\(metric) \(format(value)))"
    case .tie(let names, let value):
      best = "tie: \(names.joined(separator: ", ")) (\(metric) \(format(value)))"
    case .noVariation(let value): best = "no variation (\(metric) \(format(value)))"
    case .noValues: best = "no values of \(metric)"
    }
    return best
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9
      ? String(Int(value)) : String(format: "%.3f", value)
  }
}
