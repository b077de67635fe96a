import AuraCache
import AuraDomain
import AuraPipeline
import AuraSupport
import Foundation

/// An `auralift eval` recorded as an experiment (`<experiments>/<name>-<id>/`), so that
/// `auralift experiments` lists it beside the sweeps and its numbers can be cited: the record
/// (`experiment.json`, kind "eval": commit, dataset digest, pipeline digest, the parameters as
/// their types, every target with what was measured) and the tables it printed.
package struct EvaluationRecord {
  package var dataset: URL
  package var pipeline: URL
  package var parameters: ParameterSet
  package var build: CodeCommit?
  package var commandLine: [String]
  package var startedAt: String
  /// The dataset's digest, as a run's `run` table and a sweep's record cite it.
  package let datasetDigest: String

  /// Digests the dataset (every file, hidden ones aside); throws where a file cannot be read.
  package init(
    dataset: URL, pipeline: URL, parameters: ParameterSet, build: CodeCommit?,
    commandLine: [String], startedAt: String
  ) throws {
    self.dataset = dataset.standardizedFileURL
    self.pipeline = pipeline.standardizedFileURL
    self.parameters = parameters
    self.build = build
    self.commandLine = commandLine
    self.startedAt = startedAt
    // No digests are remembered between evaluations: every file is read once.
    let memory = FileDigests(file: URL(fileURLWithPath: "/dev/null"))
    datasetDigest = try memory.datasetDigest(ofFolder: self.dataset.path)
  }

  /// `code_commit,code_modified,dataset_digest` appended to every line of `csv` (a header
  /// line first): a table that names its own provenance when read alone.
  package func citing(csv: String) -> String {
    let values = [
      build?.commit ?? "", build.map { $0.modified ? "true" : "false" } ?? "", datasetDigest,
    ].joined(separator: ",")
    var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard !lines.isEmpty else { return csv }
    lines[0] += ",code_commit,code_modified,dataset_digest"
    for index in lines.indices.dropFirst() { lines[index] += "," + values }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the record and `tables` (file name → text) into a new folder `<name>-<id>` of
  /// `experiments`; returns that folder.
  package func write(
    name: String, experiments: URL, targets: [ExperimentRecord.Target], tables: [String: String]
  ) throws -> URL {
    var hasher = FieldHasher()
    for part in [datasetDigest, startedAt, String(getpid())] + commandLine { hasher.add(part) }
    let folder = experiments.appendingPathComponent("\(name)-\(hasher.hex().prefix(6))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (file, text) in tables {
      try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(file))
    }
    let metrics = Dictionary(
      targets.compactMap { target in target.value.map { (target.name, $0) } },
      uniquingKeysWith: { first, _ in first })
    // The record last: a folder without it is an evaluation still running, or killed.
    try ExperimentRecord(
      name: folder.lastPathComponent, kind: "eval", commandLine: commandLine,
      codeVersion: Code.summary,
      commit: ExperimentRecord.commit(in: pipeline.deletingLastPathComponent()),
      codeCommit: build?.commit, codeModified: build?.modified, dataset: dataset.path,
      datasetDigest: datasetDigest, pipeline: pipeline.path,
      pipelineDigest: (try? Data(contentsOf: pipeline)).map(FieldHasher.hex(of:)),
      objective: "accuracy targets (highest best)", grid: [],
      variants: [
        .init(
          name: "eval", parameters: parameters.values.mapValues(RecordedParameter.init),
          setAside: 0, metrics: metrics)
      ],
      targets: targets,
      startedAt: startedAt, finishedAt: Runner.timestamp()
    ).write(to: folder)
    return folder
  }
}
