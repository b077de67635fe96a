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

/// A publication's summary (or a run's with nothing new), and the release `current` held
/// before it, for the store step.
struct Published: Sendable {
  var summary: RunSummary
  var previous: URL?
}

/// What follows a publication: cache collection and weekly emails.
extension Runner {
  /// What follows a publication (or a run with nothing new): the cache's collection, where
  /// the pipeline bounds it, and the weekly emails, where it has a `deliver:` block (a failed
  /// send is retried by the next run, which finds it missing from the ledger).
  func finish(_ published: RunSummary) throws -> RunSummary {
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
          "cache: unused entries removed",
          metadata: [
            "entries": .stringConvertible(removed.entries),
            "mb": .stringConvertible(removed.bytes / 1_000_000),
          ])
      }
    } catch {
      logger.warning(
        "cache: not collected", metadata: ["reason": .string(ErrorMessage.describe(error))])
    }
  }
}
