import AuraAggregation
import AuraCache
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
import Synchronization

/// The publish step: aggregation athlete by athlete, the database, CSV and reports, swapped
/// in atomically.
extension Runner {
  /// Aggregates and publishes the sessions' `outcomes` (the caller holds the lock), citing
  /// the dataset by `datasetDigest` (`datasetDigest(_:)`). A scored session the cache lost is
  /// computed again when `canCompute`; otherwise it fails the publication.
  func publish(
    _ plan: PipelinePlan, outcomes: [SessionChain.Outcome], base: PublicationBase,
    datasetDigest: String?, startedAt: String, canCompute: Bool
  ) throws -> Published {
    let state = base.state
    let current = OutputLayout(out).current
    let trusted = base.trusted
    var summary = base.summary
    let (outcomes, quarantine, failed) = settle(outcomes, plan: plan, summary: &summary)

    // A publication with failed partitions is recorded under a key the next run's plan
    // cannot produce, so the next run retries them.
    var publish = plan.publish
    for problem in failed { publish.add("failed \(problem.path)", problem.reason) }
    let key = publish.finalize()
    let records = Self.records(plan, outcomes: outcomes)
    // The current release's rows of sessions in unchanged athlete-weeks are kept, unless most
    // sessions changed (then writing everything anew is cheaper than deleting).
    let aggregation = AggregationPlan(
      plan: plan, records: records, parameters: config.parameters)
    let release = current.resolvingSymlinksInPath()
    let previousDatabase = release.appendingPathComponent(OutputLayout.databaseName)
    let previousPartitions = PublishedPartitions.read(release: release)
    let departed = DepartedAthletes.list(
      previous: previousDatabase, athletes: plan.tables.athletes, today: RunDay.today())
    let (reuse, changedFrom) = Self.rowsKept(
      aggregation, previousPartitions: previousPartitions, trusted: trusted)
    var tally = AggregationTally()
    do {
      let finishedAt = Self.timestamp()
      let runId = Self.runId(startedAt: startedAt, key: key)
      let run = runRecord(
        plan, datasetDigest: datasetDigest, runId: runId, startedAt: startedAt,
        finishedAt: finishedAt,
        computed: summary.computed[Stage.sessionResult]?.count ?? 0, quarantined: quarantine.count)
      let reports = try timed("publish") {
        let publisher = Publisher(out: out, retention: config.retention)
        let release = try publisher.stage(runId: runId)
        defer { release.removeLocal() }
        var partitions: [AthletePartition] = []
        do {
          try SQLiteStore().publish(
            databasePath: release.database, reusing: reuse ? previousDatabase.path : nil
          ) { writer in
            let contents = try timed("aggregate and write sessions") {
              try publishSessions(
                plan, aggregation: aggregation, writer: writer,
                reused: reuse
                  ? (changedFrom: changedFrom, previous: Set(previousPartitions.keys)) : nil,
                quarantine: quarantine, run: run, departed: departed, canCompute: canCompute,
                tally: &tally)
            }
            partitions = contents.partitions
            return contents.bundle
          }
          return try publisher.complete(release, partitions: partitions, generatedAt: finishedAt)
        } catch {
          release.discard()
          throw error
        }
      }
      warnOfDamage(plan.chain.cache)
      try state.savePublication(
        key: key, fields: publish,
        databaseDigest: FileDigests.contentDigest(
          ofFile: OutputLayout(out).currentDatabase.resolvingSymlinksInPath().path),
        sessions: records, quarantined: quarantine, failed: failed)
      record(tally, reports: reports, aggregation: aggregation, runId: runId, in: &summary)
    } catch {
      throw PipelineError.fatal(
        "nothing published: \(ErrorMessage.describe(error))\(DiskSpace.fullHint(error, release: release))"
      )
    }
    return Published(summary: try finish(summary), previous: release)
  }

  /// The sessions' records as the run saves them, made where they are read (the aggregation
  /// plan, the run's records) one at a time: a run records every session.
  private static func records(_ plan: PipelinePlan, outcomes: [SessionChain.Outcome])
    -> some Sequence<(partition: String, record: RunState.SessionRecord)>
  {
    zip(plan.sessions, outcomes).lazy.filter { $0.0.failure == nil }.map { session, outcome in
      (
        partition: session.partition,
        record: RunState.SessionRecord(keys: session.keys, published: outcome.published)
      )
    }
  }

  /// The outcomes as published: sessions held until their day and copied uploads set aside;
  /// what is quarantined and what failed, logged once and put in `summary` with the sessions
  /// computed.
  private func settle(
    _ outcomes: [SessionChain.Outcome], plan: PipelinePlan, summary: inout RunSummary
  ) -> (outcomes: [SessionChain.Outcome], quarantine: [DatasetProblem], failed: [DatasetProblem]) {
    let outcomes = SessionTwins.setAside(
      outcomes.map(Self.heldUntilItsDay), sessions: plan.sessions, datasetRoot: plan.datasetRoot)
    let quarantine =
      plan.tables.problems + outcomes.compactMap(\.problem) + outcomes.flatMap(\.setAside)
    let failed = outcomes.compactMap { outcome in
      outcome.failure.map {
        DatasetProblem(path: "sessions/\(outcome.folder)", line: 0, reason: $0)
      }
    }
    // Listed once, by the command's summary (and its JSON summary line): logged here at info
    // only, so that --quiet prints each problem once, not twice.
    for problem in quarantine { logger.info("quarantined", metadata: Self.fields(problem)) }
    for problem in failed { logger.info("failed", metadata: Self.fields(problem)) }
    summary.upToDate = false
    for stage in Stage.perSession {
      summary.computed[stage] = outcomes.filter { $0.computed.contains(stage) }.map(\.folder)
    }
    summary.quarantined = quarantine
    summary.failed = failed
    return (outcomes, quarantine, failed)
  }

  /// The `run` table's row of this publication.
  private func runRecord(
    _ plan: PipelinePlan, datasetDigest: String?, runId: String, startedAt: String,
    finishedAt: String, computed: Int,
    quarantined: Int
  ) -> RunRecord {
    RunRecord(
      runId: runId, startedAt: startedAt, finishedAt: finishedAt, codeVersion: Code.summary,
      parametersHash: Self.parametersHash(config.parameters),
      parameters: config.parameters.described, dataset: plan.datasetRoot.path,
      datasetDigest: datasetDigest, code: build, sessionsTotal: plan.sessions.count,
      sessionsComputed: computed, sessionsQuarantined: quarantined)
  }

  /// What the publication did, in `summary` and one log line.
  private func record(
    _ tally: AggregationTally, reports: ReportWriter.Written, aggregation: AggregationPlan,
    runId: String, in summary: inout RunSummary
  ) {
    // A session whose cached result was damaged was computed again: the run did that work.
    for (folder, features) in tally.recomputed {
      for stage in Stage.perSession where features || stage != .features {
        if !(summary.computed[stage] ?? []).contains(folder) {
          summary.computed[stage, default: []].append(folder)
        }
      }
    }
    let sessionCount = aggregation.withData.reduce(0) { $0 + $1.sessions.count }
    summary.aggregated = tally.athletes
    summary.weeksAggregated = tally.weeks
    summary.rowsKept = sessionCount - tally.sessionsWritten
    summary.reportsRendered = reports.rendered
    logger.info(
      "published",
      metadata: [
        "run_id": .string(runId),
        "athletes_aggregated": .stringConvertible(tally.athletes.count),
        "athletes": .stringConvertible(aggregation.athletes.count),
        "athlete_weeks_aggregated": .stringConvertible(tally.weeks),
        "athlete_weeks": .stringConvertible(
          aggregation.withData.reduce(0) { $0 + $1.partition.weeks.count }),
        "sessions_rows_kept": .stringConvertible(summary.rowsKept),
        "sessions": .stringConvertible(sessionCount),
        "reports_rendered": .stringConvertible(reports.rendered),
        "reports": .stringConvertible(reports.reports),
      ])
  }

  /// Whether the current release's rows are kept (`reuse`), and from which week (a Monday, days
  /// since 1970) each athlete's changed: kept where the release is trusted and at most half the
  /// sessions are in changed weeks (else writing everything anew is cheaper than deleting).
  static func rowsKept(
    _ aggregation: AggregationPlan, previousPartitions: [String: [String: String]],
    trusted: Bool
  ) -> (reuse: Bool, changedFrom: [String: Int]) {
    var changedFrom: [String: Int] = [:]
    for work in aggregation.withData {
      changedFrom[work.athlete.id] = work.partition.firstChangedWeek(
        since: previousPartitions[work.athlete.id] ?? [:])
    }
    // An athlete published with weeks who now has none: every week of theirs is gone.
    for (athleteId, published) in previousPartitions where changedFrom[athleteId] == nil {
      guard let index = aggregation.athletes.roster.index(of: athleteId),
        aggregation.athletes.active[index] == nil
      else { continue }
      changedFrom[athleteId] = AthletePartition(idle: athleteId).firstChangedWeek(
        since: published)
    }
    let sessionCount = aggregation.withData.reduce(0) { $0 + $1.sessions.count }
    let rewritten = aggregation.withData.reduce(0) { total, work in
      work.partition.weeks(from: changedFrom[work.athlete.id]).reduce(total) {
        $0 + $1.sessions.count
      }
    }
    return (trusted && !previousPartitions.isEmpty && rewritten * 2 <= sessionCount, changedFrom)
  }

  /// The week from which `work`'s session rows are written: every week where the release's
  /// rows are not kept, else the first changed one (none where none changed).
  static func rowsFrom(_ work: AggregationPlan.AthleteWork, changedFrom: [String: Int]?) -> Int? {
    guard let changedFrom else { return work.partition.weeks.first?.monday }
    return changedFrom[work.athlete.id]
  }

  /// The dataset's digest for the `run` table, with the digests the plan remembers (a file
  /// this run hashed is not read again); nil, with a warning, where a file cannot be read.
  func datasetDigest(_ plan: PipelinePlan) -> String? {
    do { return try plan.digests.datasetDigest(ofFolder: plan.datasetRoot.path) } catch {
      logger.warning(
        "the run table's dataset digest is unknown",
        metadata: ["reason": "\(ErrorMessage.describe(error))"])
      return nil
    }
  }

  /// `outcome` set aside where its session is dated after the run's day (`RunDay`): it is
  /// computed and cached as any other, and published by the first run on or after its day.
  static func heldUntilItsDay(_ outcome: SessionChain.Outcome) -> SessionChain.Outcome {
    guard let published = outcome.published,
      let problem = RunDay.problem(day: published.startTime.day)
    else { return outcome }
    var held = outcome
    held.published = nil
    held.setAside = []
    held.problem = DatasetProblem(
      path: "sessions/\(outcome.folder)/session.json", line: 0,
      reason: "$.start_time: \(problem)", athleteId: published.athleteId)
    return held
  }

  /// One athlete's part of a publication, on a worker: their history (cached, or computed
  /// from their weeks), their sessions' rows and their own, emitted in order; returns what
  /// stays once they are written (the tally's counts, their leaderboard candidacy).
  private struct AthleteStep: Sendable {
    let step: AthleteAggregation
    let aggregator: Aggregator
    let cache: ArtifactCache
    /// The first changed week of each athlete where the publication reuses an earlier one.
    let changedFrom: [String: Int]?
    let asOfDay: Int
    /// Times of an athlete without sessions: the data's last session's, not the clock's.
    let dataEnd: String

    func publish(_ work: AggregationPlan.AthleteWork, emit: (RowWrite) throws -> Void) throws
      -> (aggregated: String?, weeks: Int, sessions: Int, candidate: Leaderboard.Candidate?)
    {
      let rowsFrom = Runner.rowsFrom(work, changedFrom: changedFrom)
      if changedFrom != nil, let rowsFrom {
        try emit(.remove(athleteId: work.athlete.id, fromWeek: rowsFrom))
      }
      let cached = work.partition.historyKey.flatMap {
        cache.load(Aggregator.AthleteHistory.self, stage: Stage.athleteHistory, key: $0)
      }
      let inputs = work.inputs()
      let outcome = try step.run(work, inputs: inputs, cached: cached, rowsFrom: rowsFrom) {
        try emit(.rows($0))
      }
      let results = aggregator.aggregate(outcome.history, asOfDay: asOfDay)
      let placed = Leaderboard.place(
        work.athlete, standing: results.standings.first, rankings: results.rankings,
        sessions: work.sessions.count)
      let starts = work.sessions.map(\.startTime.text)
      try emit(
        .athlete(
          AthleteRows(
            athlete: work.athlete, results: results, firstSeen: starts.min() ?? dataEnd,
            lastSeen: starts.max() ?? dataEnd,
            wellness: inputs.wellness, nutrition: inputs.nutrition, morpho: inputs.morpho,
            exclusion: placed.exclusion)))
      return (
        aggregated: outcome.aggregated ? work.athlete.id : nil, weeks: outcome.weeksComputed,
        sessions: outcome.sessionsWritten, candidate: placed.candidate
      )
    }
  }

  /// A write of publication's athlete step, made on the database's thread.
  private enum RowWrite: Sendable {
    /// Removes the athlete's published sessions from a week (a Monday, days since 1970) on.
    case remove(athleteId: String, fromWeek: Int)
    case rows(AthleteAggregation.WeekRows)
    /// The athlete's rows besides their sessions, once they are aggregated.
    case athlete(AthleteRows)
  }

  /// How many weeks of rows an athlete's aggregation gets ahead of the database's writes.
  private static let weeksAhead = 4

  /// The sessions publication computed again, from the workers that did.
  final class RecomputedSessions: Sendable {
    let sessions = Mutex<[(folder: String, features: Bool)]>([])
  }

  /// What publication aggregated and wrote.
  struct AggregationTally {
    /// Athletes whose history was computed rather than found in the cache.
    var athletes: [String] = []
    var weeks = 0
    var sessionsWritten = 0
    /// Sessions computed again because their cached result was found damaged, and whether
    /// their features were (session folders).
    var recomputed: [(folder: String, features: Bool)] = []
  }

  /// Athlete by athlete: takes the athlete's history from the cache or computes it from their
  /// weeks (`AthleteAggregation`), completes it as of the data's last day, and writes their
  /// sessions through `writer`. When the publication reuses an earlier one (`reused`: the first
  /// changed week of each athlete, nil where none changed, and every athlete it held), only
  /// the sessions of changed weeks are removed and written, and the athletes no longer in the
  /// dataset are removed. Returns everything else to publish.
  func publishSessions(
    _ plan: PipelinePlan, aggregation: AggregationPlan, writer: any SessionWriter,
    reused: (changedFrom: [String: Int], previous: Set<String>)?, quarantine: [DatasetProblem],
    run: RunRecord, departed: [DepartedAthlete], canCompute: Bool, tally: inout AggregationTally
  ) throws -> Publisher.Contents {
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let cache = plan.chain.cache
    let sessions = Dictionary(
      plan.sessions.map { ($0.partition, $0) }, uniquingKeysWith: { first, _ in first })
    let chain = plan.chain
    var recompute: (@Sendable (String) -> Void)? = nil
    let recomputed = RecomputedSessions()
    if canCompute {
      recompute = { partition in
        guard let session = sessions[partition] else { return }
        let outcome = chain.run(session, last: nil, force: true)
        recomputed.sessions.withLock {
          $0.append((outcome.folder, outcome.computed.contains(.features)))
        }
      }
    }
    // Times of an athlete without sessions, and the catalog's day: the data's, not the clock's.
    let dataEnd =
      aggregation.withData.lazy.flatMap { $0.sessions.map(\.startTime.text) }.max()
      ?? "1970-01-01T00:00:00Z"
    let athleteStep = AthleteStep(
      step: AthleteAggregation(aggregator: aggregator, cache: cache, recompute: recompute),
      aggregator: aggregator, cache: cache, changedFrom: reused?.changedFrom,
      asOfDay: aggregation.asOfDay, dataEnd: dataEnd)
    if let reused {
      for athleteId in reused.previous.sorted()
      where !aggregation.athletes.contains(athleteId: athleteId) {
        try writer.removeSessions(ofAthlete: athleteId, fromWeek: nil)
      }
    }
    // Athletes are aggregated on every core, and their rows written here in athlete order, a
    // few weeks behind at most: the database gets the same rows in the same order whatever the
    // number of workers. What stays once an athlete is written is what the leaderboards need.
    var candidates: [Leaderboard.Candidate] = []
    try WorkerPool.stream(
      aggregation.athletes, workers: config.workers, buffer: Self.weeksAhead
    ) { work, emit in
      try athleteStep.publish(work, emit: emit)
    } consume: { (write: RowWrite) in
      switch write {
      case .remove(let athleteId, let monday):
        try writer.removeSessions(ofAthlete: athleteId, fromWeek: monday)
      case .rows(let rows):
        try writer.write(rows.sessions, annotations: rows.annotations)
      case .athlete(let rows):
        try writer.write(athlete: rows)
      }
    } finished: { outcome in
      if let aggregated = outcome.aggregated { tally.athletes.append(aggregated) }
      tally.weeks += outcome.weeks
      tally.sessionsWritten += outcome.sessions
      if let candidate = outcome.candidate { candidates.append(candidate) }
    }
    tally.recomputed = recomputed.sessions.withLock { $0 }
    // The whole roster: leaderboards and guild standings.
    let boards = Leaderboard.boards(candidates)
    return Publisher.Contents(
      bundle: PublishBundle(
        coaches: plan.tables.coaches, catalog: plan.tables.catalog, dataEnd: dataEnd,
        leaderboard: boards.entries, guilds: boards.guilds, quarantine: quarantine, run: run,
        departed: departed),
      partitions: aggregation.withData.map(\.partition))
  }
}
