import AuraPostgres
import AuraReports
import AuraSupport
import Foundation

/// A store step that failed after the SQLite release was published: the failure, with what
/// the run published, so that the run's record says both.
package struct StoreFailed: Error, CustomStringConvertible {
  package let summary: RunSummary
  package let failure: PostgresFailure

  package var description: String { failure.description }
}

/// The last step of a run: the PostgreSQL store, awaited (PostgresNIO is async), its
/// transaction scoped in one closure (`PostgresPublisher`).
extension Runner {
  /// `published` with the store step's outcome, where the pipeline names a store.
  func store(_ published: Published) async throws -> RunSummary {
    var summary = published.summary
    if config.store != nil {
      do {
        summary.store = try await timed("store") {
          try await publishToStore(previous: published.previous)
        }
      } catch let failure as PostgresFailure {
        throw StoreFailed(summary: summary, failure: failure)
      }
    }
    return summary
  }

  /// Refuses a pipeline that names a store in the synchronous `run`, which cannot await it.
  func refuseStore() throws {
    guard config.store == nil else {
      throw PipelineError.config(
        "this pipeline names a PostgreSQL store: run it with the async run, which awaits it")
    }
  }

  /// Publishes the current release into the pipeline's PostgreSQL store, where one is named
  /// and has not committed this publication yet (a store that failed last time is brought up
  /// to date by the next run, even one with nothing else to do). `previous` is the release
  /// the store may hold, for writing only what changed; by default the newest other release.
  /// Returns what it wrote, for the summary.
  func publishToStore(previous: URL?) async throws -> String? {
    guard let url = config.store else { return nil }
    let target = try PostgresTarget(url: url)
    let state = RunState(out: out)
    guard let key = state.publishedKey, state.storeKey(target.description) != key else {
      return nil
    }
    let release = OutputLayout(out).currentRelease
    let releases = OutputLayout(out).releases
    // The release before this one: `previous` where it was one (before the first publication
    // it names `current` itself), else the newest other release.
    let other =
      previous.flatMap { $0.resolvingSymlinksInPath() == release ? nil : $0 }
      ?? (try? FileManager.default.contentsOfDirectory(atPath: releases.path))?
      .filter { !$0.hasSuffix(".partial") && $0 != release.lastPathComponent }.sorted().last
      .map { releases.appendingPathComponent($0) }
    let outcome: PostgresPublisher.Outcome
    do {
      let reports = ReportManifest.read(release)
      let before = other.map(ReportManifest.read) ?? [:]
      outcome = try await PostgresPublisher(target: target, logger: logger).publish(
        release: release, previous: other, key: key,
        changedReports: reports.filter { before[$0.key] != $0.value }.keys.sorted())
    } catch let failure as PostgresFailure {
      throw failure.prefixed(
        "the SQLite release is published; \(target) is not (the next run publishes it): ")
    }
    try state.saveStoreKey(key, target: target.description)
    let written =
      "\(target): \(outcome.full ? "rewritten" : "changes only"), \(outcome.rowsWritten) rows written, \(outcome.rowsRemoved) removed, \(outcome.notifications) notifications"
    logger.info(
      "stored",
      metadata: [
        "store": .string(target.description),
        "mode": .string(outcome.full ? "rewritten" : "changes only"),
        "rows_written": .stringConvertible(outcome.rowsWritten),
        "rows_removed": .stringConvertible(outcome.rowsRemoved),
        "notifications": .stringConvertible(outcome.notifications),
      ])
    return written
  }
}
