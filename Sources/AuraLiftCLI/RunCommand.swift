import ArgumentParser
import AuraDomain
import AuraPipeline
import AuraSupport
import Foundation
import Logging

/// `auralift run`: runs a pipeline file; flags override the file.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a pipeline: ingest, features, scoring, aggregation, reports.",
    discussion: """
      Exit codes: 0 published (or already up to date); 3 published without the quarantined \
      or failed partitions it lists; 2 nothing published (the previous publication stays \
      current); 64 usage error; 75 another run holds the output's lock beyond --wait.
      """)

  @OptionGroup var options: PipelineOptions
  @Option(help: "Seconds to wait for another run on the same output to finish.")
  var wait: Double = 0
  @Flag(help: "Recompute the partitions the last run quarantined or failed, ignoring the cache.")
  var retryFailed = false
  @Flag(help: "Say what would run and why (as `explain`), and do nothing.")
  var dryRun = false
  @Option(help: "Log lines as text or json (on stderr).")
  var logFormat: LogFormat = .text
  @Flag(
    help:
      "Print nothing when all is well (for cron); otherwise only the problems and one summary line."
  )
  var quiet = false
  @Option(
    help: "Lowest level logged (default: info; warning on a terminal or with --quiet).")
  var logLevel: LogLevel?

  enum LogLevel: String, ExpressibleByArgument {
    case debug, info, warning, error

    var level: Logger.Level {
      switch self {
      case .debug: return .debug
      case .info: return .info
      case .warning: return .warning
      case .error: return .error
      }
    }
  }

  enum LogFormat: String, ExpressibleByArgument {
    case text, json
  }

  func run() throws {
    let config = try options.config()
    if dryRun {
      try ExplainCommand.explain(config)
      return
    }
    let logger = makeLogger()
    let progress = ProgressReporter(logger: logger)
    let started = Date()
    let summary: RunSummary
    do {
      summary = try Runner(config: config, logger: logger).run(
        .init(
          waitForLock: wait, retryFailed: retryFailed, progress: quiet ? nil : progress.update,
          isolation: ComputeSessionCommand.isolation(options)))
    } catch {
      progress.finish()
      if logFormat == .json {
        logger.critical(
          "nothing published", metadata: ["error": .string(ErrorMessage.describe(error))])
      }
      let code = ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
      LastRunRecord(
        summary: nil, exitCode: code.rawValue, started: started,
        error: ErrorMessage.describe(error)
      ).write(out: config.out)
      throw code
    }
    progress.finish()
    LastRunRecord(summary: summary, exitCode: summary.exitCode, started: started)
      .write(out: config.out)
    if logFormat == .json { Self.logSummary(summary, started: started, logger: logger) }
    if quiet && summary.exitCode == 0 { return }
    let timing = String(
      format: "%.2f s, peak memory %.0f MB", Date().timeIntervalSince(started),
      ProcessMemory.peakResidentMegabytes)
    for problem in summary.quarantined { print("quarantined: \(problem)") }
    for problem in summary.failed { print("failed: \(problem)") }
    if summary.upToDate {
      print("up to date: \(summary.sessions) sessions, nothing to do (\(timing))")
    } else {
      print(
        "ran: \(summary.sessions) sessions; features computed \(summary.featuresComputed.count); scoring computed \(summary.scoringComputed.count); athletes aggregated \(summary.aggregated.count) (\(summary.weeksAggregated) athlete-weeks), session rows kept \(summary.rowsKept); quarantined \(summary.quarantined.count); failed \(summary.failed.count) (\(timing))"
      )
    }
    if let folder = summary.publishedFolder, !quiet {
      print("database: \(folder)/auralift.sqlite")
      print("reports:  \(folder)/index.html (coaches/, athletes/; HTML and Markdown)")
      print("csv:      \(folder)/csv/")
    }
    if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
  }

  /// Text lines (info and up) or JSON lines on stderr; on a terminal, where the progress bar
  /// shows the work, only warnings and errors.
  private func makeLogger() -> Logger {
    let json = logFormat == .json
    var logger = Logger(label: "auralift") { label -> any LogHandler in
      json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
    }
    logger.logLevel =
      logLevel?.level
      ?? (quiet || (!json && isatty(STDERR_FILENO) == 1) ? Logger.Level.warning : .info)
    return logger
  }
}

/// `auralift explain`: what a run would compute and why, without running it.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Say, for every stage and partition a run would compute, why (old → new).")

  @OptionGroup var options: PipelineOptions

  func run() throws {
    let config = try options.config()
    try Self.explain(config)
  }

  /// Prints the planned work, at most five reasons per line.
  static func explain(_ config: PipelineConfig) throws {
    let work: [PlannedWork]
    do { work = try Runner(config: config).explain() } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    if work.isEmpty { print("up to date: nothing would run") }
    for item in work {
      let shown = item.reasons.prefix(5).joined(separator: "; ")
      let more = item.reasons.count > 5 ? "; … and \(item.reasons.count - 5) more" : ""
      print("\(item.stage) \(item.partition): \(shown)\(more)")
    }
  }
}

extension RunCommand {
  /// The run's outcome as one log line with typed fields: counts, duration, exit code, and
  /// every partition set aside or failed with its path, line and reason.
  static func logSummary(_ summary: RunSummary, started: Date, logger: Logger) {
    func problems(_ list: [DatasetProblem]) -> Logger.Metadata.Value {
      .array(
        list.map {
          .dictionary([
            "path": .string($0.path), "line": .stringConvertible($0.line),
            "reason": .string($0.reason),
          ])
        })
    }
    logger.log(
      level: summary.exitCode == 0 ? .info : .warning, "summary",
      metadata: [
        "exit_code": .stringConvertible(Int(summary.exitCode)),
        "up_to_date": .stringConvertible(summary.upToDate),
        "sessions": .stringConvertible(summary.sessions),
        "features_computed": .stringConvertible(summary.featuresComputed.count),
        "scoring_computed": .stringConvertible(summary.scoringComputed.count),
        "athletes_aggregated": .stringConvertible(summary.aggregated.count),
        "duration_s": .stringConvertible(Date().timeIntervalSince(started)),
        "quarantined": problems(summary.quarantined), "failed": problems(summary.failed),
      ])
  }
}
