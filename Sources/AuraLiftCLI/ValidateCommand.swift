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
      2 no dataset folder, or athletes.csv is missing or unusable, 64 usage error.
      """)

  @Argument(help: "Dataset folder.") var dataset: String
  @Option(help: "Pipeline file whose ingest parameters apply.")
  var pipeline: String = "pipelines/nightly.yaml"

  func run() throws {
    var settings = SessionReader.Settings(minimumPoseConfidence: 0.3)
    var delivers = false
    if FileManager.default.fileExists(atPath: pipeline) {
      do {
        let config = try PipelineConfig.load(path: pipeline)
        settings = try SessionReader.Settings(config.parameters)
        delivers = config.delivery != nil
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
      root: URL(fileURLWithPath: dataset), settings: settings, delivers: delivers)
    for problem in report.problems { print("\(problem)") }
    print(
      "\(dataset): \(report.sessions) sessions (\(report.recordedSessions) recorded), \(report.problems.count) problems"
    )
    if report.fatal { throw ExitCode(2) }
    if !report.problems.isEmpty { throw ExitCode(3) }
  }
}
