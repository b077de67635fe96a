import AuraCache
import AuraExperiments
import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// A published run names the code and the data that made it: the `run` table's commit (as the
/// binary was built from) and the dataset's digest, the same for copies of a dataset wherever
/// they are and different once a file changes.
@Suite struct ProvenanceTests {
  @Test func theRunTableCitesTheCommitAndTheDatasetDigest() throws {
    let root = try TestSupport.temporaryFolder("provenance")
    defer { TestSupport.remove(root) }
    let head = try #require(ExperimentRecord.commit(in: TestSupport.repositoryRoot))
    func published(_ name: String, change: ((URL) throws -> Void)? = nil) throws -> [String] {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let dataset = try TestSupport.sampleCopy(in: folder)
      try change?(dataset)
      let out = folder.appendingPathComponent("out")
      let run = try TestSupport.nightlyRun(dataset: dataset, out: out)
      #expect(run.status == 0, "\(run.stderr)")
      let rows = try StoreReader(
        databasePath: out.appendingPathComponent("current/auralift.sqlite").path
      ).rows("SELECT code_commit, code_modified, dataset_digest, dataset FROM run")
      return try #require(rows.first)
    }
    let first = try published("a")
    let copy = try published("b")
    let edited = try published("c") { dataset in
      try Data("collected by the Tuesday group\n".utf8).write(
        to: dataset.appendingPathComponent("README.txt"))
    }
    #expect(first[0] == head && ["0", "1"].contains(first[1]), "\(first)")
    #expect(first[2].count == 64 && first[2].allSatisfy(\.isHexDigit), "\(first)")
    // Another folder, the same files: the same digest; one file more (read or not): another.
    #expect(copy[3] != first[3] && copy[2] == first[2])
    #expect(edited[2] != first[2] && edited[2].count == 64)
  }

  /// An evaluation is an experiment too: its record cites the commit and the dataset's digest
  /// (the same digest a run of that dataset publishes), `experiments` lists it, and its CSV
  /// ends in the same provenance; a pipeline's parameters keep their JSON types.
  @Test func anEvaluationIsRecordedAndListedWithItsProvenance() throws {
    let root = try TestSupport.temporaryFolder("provenance-eval")
    defer { TestSupport.remove(root) }
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 1, sessions: 2, seed: 21)
    defer { TestSupport.remove(dataset) }
    let head = try #require(ExperimentRecord.commit(in: TestSupport.repositoryRoot))
    let experiments = root.appendingPathComponent("experiments")
    let table = root.appendingPathComponent("accuracy.csv")
    let eval = try TestSupport.cli([
      "eval", dataset.path, "--experiments", experiments.path, "--csv", table.path,
    ])
    #expect([0, 1].contains(eval.status), "\(eval.stderr)")
    #expect(!eval.stdout.contains("experiment:") && eval.stderr.contains("experiment: "))
    let digest = try FileDigests(file: URL(fileURLWithPath: "/dev/null"))
      .datasetDigest(ofFolder: dataset.path)
    let lines = try String(contentsOf: table, encoding: .utf8).split(separator: "\n")
    #expect(lines[0].hasSuffix(",code_commit,code_modified,dataset_digest"))
    #expect(lines.count > 1 && lines.dropFirst().allSatisfy { $0.contains(",\(head),") })
    #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",\(digest)") })

    let folders = try FileManager.default.contentsOfDirectory(atPath: experiments.path)
    #expect(folders.count == 1 && folders[0].hasPrefix("eval-"), "\(folders)")
    let record = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: experiments.appendingPathComponent("\(folders[0])/experiment.json")))
        as? [String: Any])
    #expect(record["kind"] as? String == "eval")
    #expect(
      record["code_commit"] as? String == head && record["dataset_digest"] as? String == digest)
    let targets = try #require(record["targets"] as? [[String: Any]])
    #expect(!targets.isEmpty && targets.allSatisfy { $0["passed"] is Bool })
    // Each measured target is a JSON number in the record, and the variant's metric.
    let measured = targets.filter { $0["measured"] as? String != "none" }
    #expect(!measured.isEmpty && measured.allSatisfy { $0["value"] is NSNumber }, "\(targets)")
    let variant = try #require((record["variants"] as? [[String: Any]])?.first)
    let parameters = try #require(variant["parameters"] as? [String: Any])
    #expect(parameters["features.filter_cutoff_hz"] as? Double == 3)
    #expect(parameters["features.filter_cutoff_hz"] is NSNumber)
    let metrics = try #require(variant["metrics"] as? [String: Double])
    for target in measured {
      let name = try #require(target["name"] as? String)
      #expect(metrics[name] == (target["value"] as? NSNumber)?.doubleValue, "\(name)")
    }
    for file in ["accuracy.md", "accuracy.csv", "sets.csv"] {
      #expect(
        FileManager.default.fileExists(
          atPath: experiments.appendingPathComponent("\(folders[0])/\(file)").path))
    }

    let listed = try TestSupport.cli(["experiments", "--experiments", experiments.path, "--json"])
    let entry = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
    let met = targets.filter { $0["passed"] as? Bool == true }.count
    #expect(entry["kind"] as? String == "eval")
    #expect(entry["best"] as? String == "\(met) of \(targets.count) targets met", "\(entry)")
    #expect(entry["dataset_digest"] as? String == digest)

    // --no-record leaves no experiment behind.
    let unrecorded = try TestSupport.cli([
      "eval", dataset.path, "--experiments", experiments.path, "--no-record",
    ])
    #expect([0, 1].contains(unrecorded.status))
    #expect(try FileManager.default.contentsOfDirectory(atPath: experiments.path).count == 1)
  }
}
