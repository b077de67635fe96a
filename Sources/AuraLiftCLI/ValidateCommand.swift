import ArgumentParser
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
      2 athletes.csv is missing or unusable, 64 usage error.
      """)

  @Argument(help: "Dataset folder.") var dataset: String
  @Option(help: "Pipeline file whose ingest parameters apply.")
  var pipeline: String = "pipelines/nightly.yaml"

  func run() throws {
    let settings: SessionReader.Settings
    if FileManager.default.fileExists(atPath: pipeline) {
      settings = try SessionReader.Settings(try PipelineConfig.load(path: pipeline).parameters)
    } else {
      settings = SessionReader.Settings(minimumPoseConfidence: 0.3)
    }
    let report = DatasetValidator.validate(
      root: URL(fileURLWithPath: dataset), settings: settings)
    for problem in report.problems { print("\(problem)") }
    print(
      "\(dataset): \(report.sessions) sessions (\(report.recordedSessions) recorded), \(report.problems.count) problems"
    )
    if report.fatal { throw ExitCode(2) }
    if !report.problems.isEmpty { throw ExitCode(3) }
  }
}
