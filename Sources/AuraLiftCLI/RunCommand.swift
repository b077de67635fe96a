import ArgumentParser
import AuraDomain
import AuraPipeline
import AuraSupport
import Foundation
import Logging

/// `auralift run`: runs a pipeline file; flags override the file.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a pipeline: ingest, features, scoring, aggregation, reports.",
    discussion: """
      Exit codes: 0 published (or already up to date); 3 published without the quarantined \
      or failed partitions it lists; 2 nothing published (the previous publication stays \
      current); 64 usage error; 75 another run holds the output's lock beyond --wait. With \
      --store, the SQLite release published but not the PostgreSQL store: 65 a table changed \
      outside auralift, 69 server unreachable, 77 login refused, 78 no such database.
      """)

  @OptionGroup var options: PipelineOptions
  @Option(help: "Seconds to wait for another run on the same output to finish.")
  var wait: Double = 0
  @Flag(help: "Recompute the partitions the last run quarantined or failed, ignoring the cache.")
  var retryFailed = false
  @Flag(help: "Say what would run and why (as `explain`), and do nothing.")
  var dryRun = false
  @OptionGroup var output: RunOutputOptions

  func run() async throws {
    let config = try options.config()
    if dryRun {
      try ExplainCommand.explain(config, retryFailed: retryFailed)
      return
    }
    try await output.execute(config: config) { logger, progress in
      try await Runner(config: config, logger: logger, build: AuraLift.buildCommit).run(
        .init(
          waitForLock: wait, retryFailed: retryFailed, progress: progress,
          isolation: ComputeSessionCommand.isolation(options)))
    }
  }
}

/// `auralift explain`: what a run would compute and why, without running it.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Say, for every stage and partition a run would compute, why (old → new).")

  @OptionGroup var options: PlanOptions
  @Flag(help: "What `run --retry-failed` would compute.")
  var retryFailed = false

  func run() throws {
    let config = try options.config()
    try Self.explain(config, retryFailed: retryFailed)
  }

  /// Prints the planned work, at most five reasons per line.
  static func explain(_ config: PipelineConfig, retryFailed: Bool = false) throws {
    let work: [PlannedWork]
    do { work = try Runner(config: config).explain(retryFailed: retryFailed) } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    if work.isEmpty { print("up to date: nothing would run") }
    for item in work {
      let shown = item.reasons.prefix(5).joined(separator: "; ")
      let more = item.reasons.count > 5 ? "; … and \(item.reasons.count - 5) more" : ""
      print("\(item.stage) \(item.partition): \(shown)\(more)")
    }
    for line in PlannedWork.totals(work) { print(line) }
  }
}
