import ArgumentParser
import AuraAggregation
import AuraDomain
import AuraIngest
import AuraPipeline
import Foundation

/// `auralift validate`: reports every problem in a dataset without running the pipeline.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check a dataset against the contract and list every problem (path:line: reason).",
    discussion: """
      Exit codes: 0 no problems, 3 problems found (those sessions would be quarantined),
      2 no dataset folder, or athletes.csv is missing or unusable, 64 usage error.
      """)

  @Argument(help: "Dataset folder.") var dataset: String
  @Option(help: "Pipeline file whose ingest parameters apply.")
  var pipeline: String = "pipelines/nightly.yaml"

  func run() throws {
    var settings = SessionReader.Settings(minimumPoseConfidence: 0.3)
    var plausibility: EntryPlausibility? = nil
    if FileManager.default.fileExists(atPath: pipeline) {
      do {
        let parameters = try PipelineConfig.load(path: pipeline).parameters
        settings = try SessionReader.Settings(parameters)
        plausibility = try AggregationSettings(parameters).plausibility
      } catch {
        throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dataset, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      FileHandle.standardError.write(Data("auralift: no dataset folder at \(dataset)\n".utf8))
      throw ExitCodes.nothingPublished
    }
    let report = DatasetValidator.validate(
      root: URL(fileURLWithPath: dataset), settings: settings)
    var problems = report.problems
    // The logged numbers no lifter could have lifted, as the pipeline's rules judge them.
    if let plausibility, let tables = report.tables {
      problems += plausibility.logbookProblems(report.manifests, tables: tables)
      problems.sort { ($0.path, $0.line, $0.reason) < ($1.path, $1.line, $1.reason) }
    }
    for problem in problems { print("\(problem)") }
    print(
      "\(dataset): \(report.sessions) sessions (\(report.recordedSessions) recorded), \(problems.count) problems"
    )
    if report.fatal { throw ExitCode(2) }
    if !problems.isEmpty { throw ExitCode(3) }
  }
}
