import ArgumentParser
import AuraPipeline
import Foundation

/// `auralift run`: runs a pipeline file; flags override the file.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a pipeline: ingest, features, scoring, aggregation, reports.",
    discussion: """
      Exit codes: 0 published (or already up to date), 3 published with quarantined sessions,
      2 nothing published (e.g. athletes.csv missing), 64 usage error.
      """)

  @Argument(help: "Pipeline file.") var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Dataset folder (overrides the file).") var dataset: String?
  @Option(help: "Output folder (overrides the file).") var out: String?
  @Option(help: "Worker threads (0: one per core).") var workers: Int?
  @Option(name: .customLong("set"), help: "Override a parameter: key=value (repeatable).")
  var overrides: [String] = []

  func run() throws {
    var config = try PipelineConfig.load(path: pipeline)
    if let dataset { config.dataset = dataset }
    if let out { config.out = out }
    if let workers { config.workers = workers }
    for assignment in overrides { try config.override(assignment) }
    let started = Date()
    let summary: RunSummary
    do { summary = try Runner(config: config).run() } catch let error as PipelineError {
      FileHandle.standardError.write(Data("auralift: \(error)\n".utf8))
      throw ExitCode(2)
    }
    let timing = String(
      format: "%.2f s, peak memory %.0f MB", Date().timeIntervalSince(started),
      ProcessMemory.peakResidentMegabytes)
    for problem in summary.quarantined { print("quarantined: \(problem)") }
    if summary.upToDate {
      print("up to date: \(summary.sessions) sessions, nothing to do (\(timing))")
    } else {
      print(
        "ran: \(summary.sessions) sessions; features computed \(summary.featuresComputed.count), reused \(summary.sessions - summary.featuresComputed.count - summary.quarantined.count); scoring computed \(summary.scoringComputed.count); quarantined \(summary.quarantined.count) (\(timing))"
      )
    }
    if let folder = summary.publishedFolder {
      print("database: \(folder)/auralift.sqlite")
      print("reports:  \(folder)/athletes/")
      print("csv:      \(folder)/csv/")
    }
    if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
  }
}
