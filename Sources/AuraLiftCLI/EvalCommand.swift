import ArgumentParser
import AuraDomain
import AuraEvaluation
import AuraExperiments
import AuraIngest
import AuraPipeline
import Foundation

/// `auralift eval`: the feature stage's accuracy on a generated dataset against its truth.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Measure features against ground truth: an accuracy table per exercise and source.",
    discussion: """
      On a generated dataset, every recorded set in truth.json is measured twice: with the \
      manifest's set bounds (rep counts, ROM, tempo, velocities, velocity loss) and with them \
      removed (set detection F1). On a folder of real recordings with a labels.csv (see \
      docs/real-data.md), every labelled set is counted without bounds or logged reps and \
      compared with its authors' count (with --given-bounds, within the bounds labels.csv \
      gives); a count the pipeline's features.min_reps_confidence does not publish is \
      unknown. Each evaluation is recorded as an experiment, <experiments>/<name>-<id>/ \
      (experiment.json with the commit, the dataset's digest and every target, and the \
      tables), which `auralift experiments` lists; the CSV files end in the same \
      code_commit, code_modified and dataset_digest columns. Exit codes: 0 every target met, 1 a target missed, 2 the measurement failed, \
      64 usage error (a folder, truth.json, labels.csv or pipeline that cannot be read).
      """)

  @Argument(help: "Dataset folder (from `auralift synth`), or real recordings with labels.csv.")
  var dataset: String
  @Option(help: "Ground truth (default: DATASET/truth.json).") var truth: String?
  @Option(help: "Pipeline file whose ingest and features parameters apply.")
  var pipeline: String = "pipelines/nightly.yaml"
  @Option(name: .customLong("csv"), help: "Also write the table as CSV to this file.")
  var csvPath: String?
  @Option(
    name: .customLong("reps"),
    help: ArgumentHelp(
      "Also write as CSV to this file: every matched rep, truth beside measurement (a "
        + "generated dataset; rows measured on the IMU alone have an empty pose_format), or "
        + "every labelled set with both counts, why a count is unknown and its evidence (real "
        + "recordings)."))
  var repsPath: String?
  @Option(help: "Worker threads (0: one per core).") var workers: Int = 0
  @Option(help: "Real recordings only: the labelled sets of this split (tune or holdout).")
  var split: String?
  @Flag(
    help: ArgumentHelp(
      "Real recordings only: count each set within the bounds labels.csv gives it, to "
        + "measure counting apart from finding the set (no target is checked)."))
  var givenBounds = false
  @Option(help: "Folder that holds experiments.") var experiments: String = "experiments"
  @Option(help: "Experiment name.") var name: String = "eval"
  @Flag(help: "Record nothing under --experiments.") var noRecord = false

  func validate() throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dataset, isDirectory: &isFolder),
      isFolder.boolValue
    else { throw ValidationError("\(dataset): no such dataset folder") }
    if let split, !["tune", "holdout"].contains(split) {
      throw ValidationError("--split \(split): tune or holdout")
    }
    if workers < 0 { throw ValidationError("--workers \(workers): 0 (one per core) or more") }
    if let problem = EntityId.problem(name) {
      throw ValidationError("--name \(EntityId.quoted(name)) \(problem)")
    }
  }

  /// Exit 1 says a target was missed, so nothing else ends with it: a folder, truth or
  /// pipeline that cannot be read is a usage error (64), a measurement that fails 2.
  func run() throws {
    let root = URL(fileURLWithPath: dataset)
    let labels = root.appendingPathComponent("labels.csv")
    if truth == nil, FileManager.default.fileExists(atPath: labels.path) {
      return try runReal(root: root, labels: labels)
    }
    // A generated dataset is measured with its bounds and without them already.
    if givenBounds { throw ValidationError("--given-bounds needs a folder with labels.csv") }
    let truthURL =
      truth.map(URL.init(fileURLWithPath:)) ?? root.appendingPathComponent("truth.json")
    let evaluator: FeatureEvaluator
    let record: EvaluationRecord
    do {
      let parameters = try PipelineConfig.load(path: pipeline).parameters
      evaluator = try FeatureEvaluator(
        root: root, tables: try DatasetTablesReader.read(root: root),
        truth: try FeatureEvaluator.loadTruth(truthURL), parameters: parameters)
      record = try self.record(root: root, parameters: parameters)
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
    }
    let report: AccuracyReport
    do { report = try evaluator.evaluate(workers: workers) } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    print("noise: \(report.noise)\n")
    print(report.markdown, terminator: "")
    try publish(
      record, markdown: report.markdown, csv: report.csv, sets: RepComparison.csv(report.reps),
      checks: report.targetChecks)
  }

  /// Real recordings against their authors' counts.
  private func runReal(root: URL, labels: URL) throws {
    let evaluator: RealDataEvaluator
    let record: EvaluationRecord
    do {
      let parameters = try PipelineConfig.load(path: pipeline).parameters
      evaluator = try RealDataEvaluator(
        root: root,
        labels: try RealSetLabel.load(labels).filter { split == nil || $0.split == split },
        parameters: parameters, givenBounds: givenBounds)
      record = try self.record(root: root, parameters: parameters)
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
    }
    let report = evaluator.evaluate(workers: workers)
    print(report.markdown, terminator: "")
    try publish(
      record, markdown: report.markdown, csv: report.csv, sets: report.setsCSV,
      checks: report.targetChecks)
  }

  /// What the evaluation cites: the commit, the dataset's and the pipeline's digests.
  private func record(root: URL, parameters: ParameterSet) throws -> EvaluationRecord {
    try EvaluationRecord(
      dataset: root, pipeline: URL(fileURLWithPath: pipeline), parameters: parameters,
      build: AuraLift.buildCommit, commandLine: CommandLine.arguments,
      startedAt: Runner.timestamp())
  }

  /// Writes the CSV files asked for and the experiment's record, then exits 1 where a target
  /// was missed.
  private func publish(
    _ record: EvaluationRecord, markdown: String, csv: String, sets: String,
    checks: [AccuracyReport.TargetCheck]
  ) throws {
    let csv = record.citing(csv: csv)
    let sets = record.citing(csv: sets)
    if let csvPath { try Data(csv.utf8).write(to: URL(fileURLWithPath: csvPath)) }
    if let repsPath { try Data(sets.utf8).write(to: URL(fileURLWithPath: repsPath)) }
    if !noRecord {
      let folder = try record.write(
        name: name, experiments: URL(fileURLWithPath: experiments),
        targets: checks.map {
          .init(
            name: $0.name, measured: $0.measured, target: $0.target, passed: $0.passed,
            value: $0.value)
        },
        tables: ["accuracy.md": markdown, "accuracy.csv": csv, "sets.csv": sets])
      // On stderr: stdout is the table alone, for a document to take whole.
      FileHandle.standardError.write(Data("experiment: \(folder.path)\n".utf8))
    }
    if checks.contains(where: { !$0.passed }) { throw ExitCode(1) }
  }
}
