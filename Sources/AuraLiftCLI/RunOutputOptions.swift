import ArgumentParser
import AuraDomain
import AuraPipeline
import AuraSupport
import Foundation
import Logging

/// How a publishing command (`run`, `publish`) logs and reports: text or JSON logs, quiet for
/// cron, the summary on stdout, `.state/last-run.json`, and the exit code.
struct RunOutputOptions: ParsableArguments {
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

  /// Runs `work` with a logger and a progress callback (nil when quiet), records the outcome
  /// in `.state/last-run.json`, prints the summary (nothing when quiet and all is well) and
  /// exits with the summary's code, or reports an error with the code a scheduler acts on.
  func execute(
    config: PipelineConfig,
    _ work: (Logger, (@Sendable (Int, Int) -> Void)?) async throws -> RunSummary
  ) async throws {
    let logger = makeLogger()
    let progress = ProgressReporter(logger: logger)
    let started = Date()
    let summary: RunSummary
    do {
      summary = try await work(logger, quiet ? nil : progress.update)
    } catch {
      progress.finish()
      // A store that failed after the SQLite release was published: the record says both.
      let stored = error as? StoreFailed
      if logFormat == .json {
        logger.critical(
          stored == nil ? "nothing published" : "published, not stored",
          metadata: ["error": .string(ErrorMessage.describe(error))])
      }
      let code = ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
      LastRunRecord(
        summary: stored?.summary, exitCode: code.rawValue, started: started, out: config.out,
        error: ErrorMessage.describe(error), sqlitePublished: stored != nil
      ).write(out: config.out)
      throw code
    }
    progress.finish()
    LastRunRecord(
      summary: summary, exitCode: summary.exitCode, started: started, out: config.out
    ).write(out: config.out)
    if logFormat == .json { Self.logSummary(summary, started: started, logger: logger) }
    if quiet && summary.exitCode == 0 { return }
    let timing = String(
      format: "%.2f s, peak memory %.0f MB", Date().timeIntervalSince(started),
      ProcessMemory.peakResidentMegabytes)
    for problem in summary.quarantinedByCause { print("quarantined: \(problem)") }
    for problem in summary.failed { print("failed: \(problem)") }
    for problem in summary.delivery?.problems ?? [] { print("not delivered: \(problem)") }
    if summary.upToDate {
      print("up to date: \(summary.sessions) sessions, nothing to do (\(timing))")
    } else {
      print(
        "ran: \(summary.sessions) sessions; \(summary.computedText); athletes aggregated \(summary.aggregated.count) (\(summary.weeksAggregated) athlete-weeks), session rows kept \(summary.rowsKept); quarantined \(summary.quarantined.count)\(Self.causes(summary)); failed \(summary.failed.count) (\(timing))"
      )
    }
    if let store = summary.store, !quiet { print("postgresql: \(store)") }
    if let delivery = summary.delivery, !quiet {
      print(DeliverCommand.line(delivery))
    }
    if let folder = summary.publishedFolder, !quiet {
      print("database: \(folder)/auralift.sqlite")
      print("reports:  \(folder)/index.html (coaches/, athletes/; HTML and Markdown)")
      print("csv:      \(folder)/csv/")
    }
    if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
  }

  /// " (N causes)" after the quarantined count when several entries share a cause.
  static func causes(_ summary: RunSummary) -> String {
    let causes = summary.quarantinedByCause.count
    guard causes < summary.quarantined.count else { return "" }
    return " (\(causes) cause\(causes == 1 ? "" : "s"))"
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

extension RunOutputOptions {
  /// The run's outcome as one log line with typed fields: counts, duration, exit code, and
  /// every partition set aside or failed with its path, line and reason.
  static func logSummary(_ summary: RunSummary, started: Date, logger: Logger) {
    func problems(_ list: [DatasetProblem]) -> Logger.Metadata.Value {
      .array(
        list.map {
          var fields: Logger.Metadata = [
            "path": .string($0.path), "line": .stringConvertible($0.line),
            "reason": .string($0.reason),
          ]
          if let athlete = $0.missingAthlete { fields["missing_athlete"] = .string(athlete) }
          if let rows = $0.rows { fields["rows"] = .stringConvertible(rows) }
          return .dictionary(fields)
        })
    }
    var metadata: Logger.Metadata = [
      "exit_code": .stringConvertible(Int(summary.exitCode)),
      "up_to_date": .stringConvertible(summary.upToDate),
      "sessions": .stringConvertible(summary.sessions),
      "athletes_aggregated": .stringConvertible(summary.aggregated.count),
      "duration_seconds": .stringConvertible(Date().timeIntervalSince(started)),
      "quarantined": problems(summary.quarantined),
      "quarantined_causes": problems(summary.quarantinedByCause),
      "failed": problems(summary.failed),
      "delivered": .stringConvertible(summary.delivery?.sent.count ?? 0),
      "not_delivered": .array((summary.delivery?.problems ?? []).map { .string($0) }),
    ]
    for (field, count) in summary.computedCounts { metadata[field] = .stringConvertible(count) }
    logger.log(
      level: summary.exitCode == 0 ? .info : .warning, "summary", metadata: metadata)
  }
}
