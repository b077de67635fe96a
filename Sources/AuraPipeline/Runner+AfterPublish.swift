import AuraAggregation
import AuraDelivery
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraPostgres
import AuraReports
import AuraScoring
import AuraStore
import AuraSupport
import Foundation
import Logging

/// What follows a publication: cache collection, weekly emails, the PostgreSQL store.
extension Runner {
  /// What follows a publication (or a run with nothing new): the weekly emails, where the
  /// pipeline has a `deliver:` block (a failed send is retried by the next run, which finds it
  /// missing from the ledger), then the PostgreSQL store, where one is named.
  func finish(_ published: RunSummary, previous: URL?) throws -> RunSummary {
    var summary = published
    if let megabytes = config.retention.cacheMaxMegabytes {
      timed("collect cache") { collectCache(maxBytes: Int64(megabytes) * 1_000_000) }
    }
    if let settings = config.delivery {
      do {
        summary.delivery = try timed("deliver") {
          try Delivery(out: out, settings: settings).run(logger: logger)
        }
      } catch {
        summary.delivery = Delivery.Outcome(failed: ["all: \(ErrorMessage.describe(error))"])
      }
    }
    if config.store != nil {
      summary.store = try timed("store") { try publishToStore(previous: previous) }
    }
    return summary
  }

  /// `cache gc --max-size`, under the lock this run holds; a collection that fails is a
  /// warning, not the run's failure.
  func collectCache(maxBytes: Int64) {
    guard config.cacheFolder == nil else {
      logger.warning(
        "retention.cache_max_mb applies to <out>/.cache; this pipeline's cache: is elsewhere")
      return
    }
    do {
      let removed = try CacheHousekeeping(out: out).collectHeld(maxBytes: maxBytes)
      if removed.entries > 0 {
        logger.info(
          "cache: removed \(removed.entries) unused entries (\(removed.bytes / 1_000_000) MB)")
      }
    } catch {
      logger.warning("cache: not collected: \(ErrorMessage.describe(error))")
    }
  }

  /// Publishes the current release into the pipeline's PostgreSQL store, where one is named
  /// and has not committed this publication yet (a store that failed last time is brought up
  /// to date by the next run, even one with nothing else to do). `previous` is the release
  /// the store may hold, for writing only what changed; by default the newest other release.
  /// Returns what it wrote, for the summary.
  func publishToStore(previous: URL?) throws -> String? {
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
      outcome = try PostgresPublisher(target: target, logger: logger).publish(
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
