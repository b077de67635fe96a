import AuraCache
import AuraSupport
import Foundation
import Logging

/// The compute step of a run or shard: every planned session, loaded or computed.
extension Runner {
  /// Loads or computes the plan's sessions on the worker pool (those in `force` ignoring the
  /// cache), then saves the digests seen and flushes the cache.
  func compute(
    _ plan: PipelinePlan, options: Options, journal: CrashJournal?,
    last: [String: RunState.SessionRecord], force: Set<String>
  ) throws -> [SessionChain.Outcome] {
    let total = plan.sessions.count
    var finished: (@Sendable (Int) -> Void)? = nil
    if let report = options.progress { finished = { report($0, total) } }
    let outcomes = WorkerPool.map(
      plan.sessions, workers: config.workers, finished: finished
    ) { session in
      let started = ThreadClock.cpuSeconds()
      var outcome: SessionChain.Outcome
      if let isolation = options.isolation, let journal,
        journal.suspects.contains(session.partition)
      {
        outcome = plan.chain.runIsolated(session, isolation: isolation, journal: journal)
      } else {
        outcome = plan.chain.run(
          session, last: last[session.partition], force: force.contains(session.partition),
          journal: journal)
      }
      outcome.cpuSeconds = ThreadClock.cpuSeconds() - started
      return outcome
    }
    try plan.digests.save()
    // The run state about to be saved trusts the entries it names to be in the cache.
    if outcomes.contains(where: { !$0.computed.isEmpty }) {
      do {
        try plan.chain.cache.synchronize()
      } catch {
        throw PipelineError.fatal(
          "nothing published: the cache could not be flushed: \(ErrorMessage.describe(error))")
      }
    }
    for outcome in outcomes where !outcome.computed.isEmpty {
      let stages: [Logger.MetadataValue] = Stage.perSession.filter(outcome.computed.contains).map {
        .string($0.rawValue)
      }
      logger.info(
        "computed",
        metadata: [
          "session": .string(outcome.folder), "stages": .array(stages),
          "cpu_seconds": .stringConvertible((outcome.cpuSeconds * 1000).rounded() / 1000),
        ])
    }
    warnOfDamage(plan.chain.cache)
    return outcomes
  }

  /// One warning for each cache entry found damaged since the last call: each was computed
  /// again.
  func warnOfDamage(_ cache: ArtifactCache) {
    for path in cache.damaged() {
      logger.warning("cache entry damaged: computed again", metadata: ["entry": .string(path)])
    }
  }
}
