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

/// Runs a pipeline: plans every partition's keys from file digests, loads or computes the
/// per-session stages on a worker pool, then aggregates per athlete and week (cached) and
/// publishes atomically, reusing the current release's rows of sessions in unchanged
/// athlete-weeks.
///
/// Output layout under `out`: `current` → `releases/<run id>` (a symlink swapped with one
/// rename, so readers always see one complete run; each release holds the athlete partition
/// keys it was published from), `.cache/` (intermediates, each with its key's fields) and
/// `.state/` (the lock, remembered file digests, the last run's sessions and problems, and the
/// key of what `current` holds).
package struct Runner {
  package let config: PipelineConfig
  let logger: Logger

  /// How a run behaves, beyond the pipeline file.
  package struct Options: Sendable {
    /// How long to wait for another run on the same output to finish, seconds.
    package var waitForLock: TimeInterval
    /// Recompute the partitions the last run quarantined or failed, ignoring cached results.
    package var retryFailed: Bool
    /// Called after each session partition with the number done and the total.
    package var progress: (@Sendable (Int, Int) -> Void)?
    /// How to compute a session in a process of its own (those in flight when an earlier run
    /// died, or whose isolated computation crashed); without it they are computed in-process.
    package var isolation: SessionIsolation?

    package init(
      waitForLock: TimeInterval = 0, retryFailed: Bool = false,
      progress: (@Sendable (Int, Int) -> Void)? = nil, isolation: SessionIsolation? = nil
    ) {
      self.waitForLock = waitForLock
      self.retryFailed = retryFailed
      self.progress = progress
      self.isolation = isolation
    }
  }

  package init(config: PipelineConfig, logger: Logger = Logger(label: "auralift")) {
    self.config = config
    self.logger = logger
  }

  var out: URL { URL(fileURLWithPath: config.out).standardizedFileURL }

  /// Computes every session and publishes: `shard` of the whole dataset and `publish` in one
  /// process, under the output's lock.
  package func run(_ options: Options = Options()) throws -> RunSummary {
    let startedAt = Self.timestamp()
    let lock = try takeLock(startedAt: startedAt, wait: options.waitForLock)
    defer { lock.release() }
    let plan = try timed("plan") { try PipelinePlan(config: config, out: out) }
    let base = PublicationBase(out: out, plan: plan, logger: logger)
    if base.isUpToDate(retryFailed: options.retryFailed) {
      try plan.digests.save()
      var summary = base.summary
      summary = try finish(summary, previous: nil)
      return summary
    }
    // Sessions are not kept: each is computed (or found in the cache) and read back at
    // publication, one athlete at a time, so memory does not grow with the sessions.
    let journal: CrashJournal
    do { journal = try CrashJournal(out: out) } catch {
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    for suspect in journal.suspects.sorted() where options.isolation != nil {
      logger.warning("computing \(suspect) in a process of its own: an earlier run died on it")
    }
    let outcomes = try timed("compute") {
      try compute(
        plan, options: options, journal: journal, last: base.state.sessions(),
        force: options.retryFailed ? base.retry : [])
    }
    return try publish(plan, outcomes: outcomes, base: base, startedAt: startedAt, canCompute: true)
  }

  /// Computes shard `share` of the sessions (ingest → features → scoring) into the cache and
  /// writes its manifest as its last act. Takes no lock and keeps no run state: running a
  /// shard twice, or two copies at once, changes nothing (cache entries are created once, and
  /// the manifest says the same).
  package func shard(runId: String, share: ShardShare, options: Options = Options()) throws
    -> ShardManifest
  {
    try ShardManifest.checkRunId(runId)
    let startedAt = Self.timestamp()
    // Each node remembers the digests of the files it hashed, per shard index: the stat keys
    // of a shared filesystem are the node's.
    let host = ProcessInfo.processInfo.hostName
    let cache = PipelinePlan.cacheRoot(config: config, out: out)
    let digests = cache.appendingPathComponent(
      ".nodes/\(host)/digests-\(share.index)-of-\(share.count).tsv")
    try? FileManager.default.createDirectory(
      at: digests.deletingLastPathComponent(), withIntermediateDirectories: true)
    let plan = try PipelinePlan(
      config: config, out: out, sessions: .folders(share, digests: digests))
    var inShard = options
    inShard.isolation = nil
    let outcomes = try compute(plan, options: inShard, journal: nil, last: [:], force: [])
    let manifest = ShardManifest(
      runId: runId, shard: share.index, shards: share.count, codeVersion: Code.summary,
      parametersHash: Self.parametersHash(config.parameters), dataset: plan.datasetRoot.path,
      host: host, startedAt: startedAt, finishedAt: Self.timestamp(),
      sessions: zip(plan.sessions, outcomes).map { session, outcome in
        ShardManifest.Session(
          folder: session.folder, featureKey: session.featureKey, scoringKey: session.scoringKey,
          athleteId: outcome.published?.athleteId, startTime: outcome.published?.startTime,
          problem: outcome.problem, setAside: outcome.setAside.isEmpty ? nil : outcome.setAside,
          failure: outcome.failure,
          computedFeatures: outcome.computedFeatures, computedScoring: outcome.computedScoring,
          cpuSeconds: outcome.cpuSeconds)
      })
    do { try manifest.write(cache: cache) } catch {
      throw PipelineError.fatal(
        "shard \(share) computed, but its manifest could not be written: \(ErrorMessage.describe(error))"
      )
    }
    return manifest
  }

  /// Publishes what `shards` shards of run `runId` computed, under the output's lock: refuses
  /// (`shardsMissing`) while a manifest is missing, plans from the manifests instead of
  /// hashing every recording, and never computes a session (a scored session missing from
  /// the cache fails the publication, naming its shard).
  package func publish(runId: String, shards: Int, options: Options = Options()) throws
    -> RunSummary
  {
    try ShardManifest.checkRunId(runId)
    guard (1...ShardShare.maximumCount).contains(shards) else {
      throw PipelineError.config("--shards \(shards): needs 1 ≤ N ≤ \(ShardShare.maximumCount)")
    }
    let startedAt = Self.timestamp()
    let lock = try takeLock(startedAt: startedAt, wait: options.waitForLock)
    defer { lock.release() }
    let cache = PipelinePlan.cacheRoot(config: config, out: out)
    let (manifests, missing) = try ShardManifest.read(cache: cache, runId: runId, shards: shards)
    guard missing.isEmpty else {
      throw PipelineError.shardsMissing(
        "nothing published: run \(runId) lacks the manifest of shard\(missing.count > 1 ? "s" : "") \(missing.map(String.init).joined(separator: ", ")) of \(shards) (\(ShardManifest.folder(cache: cache, runId: runId).path))"
      )
    }
    let parametersHash = Self.parametersHash(config.parameters)
    for manifest in manifests
    where manifest.codeVersion != Code.summary
      || manifest.parametersHash != parametersHash
    {
      throw PipelineError.config(
        "shard \(manifest.shard) of run \(runId) was computed by other code or parameters (\(manifest.codeVersion), parameters \(manifest.parametersHash.prefix(12))) than this publish (\(Code.summary), parameters \(parametersHash.prefix(12))): compute the shards again under a new run id"
      )
    }
    let computed = manifests.flatMap(\.sessions)
    let plan = try PipelinePlan(
      config: config, out: out, sessions: .manifests(computed, shards: shards))
    let base = PublicationBase(out: out, plan: plan, logger: logger)
    try plan.digests.save()
    if base.isUpToDate(retryFailed: false) {
      var summary = base.summary
      summary = try finish(summary, previous: nil)
      return summary
    }
    let byFolder = Dictionary(computed.map { ($0.folder, $0) }, uniquingKeysWith: { a, _ in a })
    let outcomes = plan.sessions.map { session in
      let computed = byFolder[session.folder]!
      var published: RunState.SessionRecord.Published? = nil
      if let athleteId = computed.athleteId, let startTime = computed.startTime {
        published = .init(
          athleteId: athleteId, startTime: startTime,
          recordingsSetAside: computed.setAside?.isEmpty == false)
      }
      return SessionChain.Outcome(
        folder: session.folder, published: published,
        problem: computed.problem, setAside: computed.setAside ?? [], failure: computed.failure,
        computedFeatures: computed.computedFeatures, computedScoring: computed.computedScoring,
        cpuSeconds: computed.cpuSeconds)
    }
    return try publish(
      plan, outcomes: outcomes, base: base, startedAt: startedAt, canCompute: false)
  }

  /// The output's lock, or `lockHeld` after `wait` seconds.
  private func takeLock(startedAt: String, wait: TimeInterval) throws -> RunLock {
    let lock = try RunLock(out: out, owner: .current(startedAt: startedAt), wait: wait)
    if let stale = lock.takenOverFrom {
      logger.warning("took over the lock left by a run that is gone (\(stale))")
    }
    return lock
  }

  /// Loads or computes the plan's sessions on the worker pool (those in `force` ignoring the
  /// cache), then saves the digests seen and flushes the cache.
  private func compute(
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
    if outcomes.contains(where: { $0.computedFeatures || $0.computedScoring }) {
      do {
        try plan.chain.cache.synchronize()
      } catch {
        throw PipelineError.fatal(
          "nothing published: the cache could not be flushed: \(ErrorMessage.describe(error))")
      }
    }
    for outcome in outcomes where outcome.computedFeatures || outcome.computedScoring {
      let stages: [Logger.MetadataValue] =
        (outcome.computedFeatures ? [.string(Stage.features.rawValue)] : [])
        + [.string(Stage.scoring.rawValue)]
      logger.info(
        "computed",
        metadata: [
          "session": .string(outcome.folder), "stages": .array(stages),
          "cpu_seconds": .stringConvertible((outcome.cpuSeconds * 1000).rounded() / 1000),
        ])
    }
    for path in plan.chain.cache.damaged() {
      logger.warning("cache entry \(path) was damaged: computed again")
    }
    return outcomes
  }

  /// Aggregates and publishes the sessions' `outcomes` (the caller holds the lock). A scored
  /// session the cache lost is computed again when `canCompute`; otherwise it fails the
  /// publication.
  private func publish(
    _ plan: PipelinePlan, outcomes: [SessionChain.Outcome], base: PublicationBase,
    startedAt: String, canCompute: Bool
  ) throws -> RunSummary {
    let state = base.state
    let current = out.appendingPathComponent("current")
    let trusted = base.trusted
    var summary = base.summary
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
    summary.featuresComputed = outcomes.filter(\.computedFeatures).map(\.folder)
    summary.scoringComputed = outcomes.filter(\.computedScoring).map(\.folder)
    summary.quarantined = quarantine
    summary.failed = failed

    // A publication with failed partitions is recorded under a key the next run's plan
    // cannot produce, so the next run retries them.
    var publish = plan.publish
    for problem in failed { publish.add("failed \(problem.path)", problem.reason) }
    let key = publish.finalize()
    var records: [String: RunState.SessionRecord] = [:]
    for (session, outcome) in zip(plan.sessions, outcomes) where session.failure == nil {
      records[session.partition] = RunState.SessionRecord(
        featureKey: session.featureKey, scoringKey: session.scoringKey,
        published: outcome.published)
    }
    // The current release's rows of sessions in unchanged athlete-weeks are kept, unless most
    // sessions changed (then writing everything anew is cheaper than deleting).
    let aggregation = AggregationPlan(
      plan: plan, records: records, parameters: config.parameters)
    let release = current.resolvingSymlinksInPath()
    let previousDatabase = release.appendingPathComponent("auralift.sqlite")
    let previousPartitions = PublishedPartitions.read(release: release)
    var changedFrom: [String: Int] = [:]
    for work in aggregation.athletes {
      changedFrom[work.athlete.id] = work.partition.firstChangedWeek(
        since: previousPartitions[work.athlete.id] ?? [:])
    }
    let sessionCount = aggregation.athletes.reduce(0) { $0 + $1.sessions.count }
    let rewritten = aggregation.athletes.reduce(0) { total, work in
      work.partition.weeks(from: changedFrom[work.athlete.id]).reduce(total) {
        $0 + $1.sessions.count
      }
    }
    let reuse = trusted && !previousPartitions.isEmpty && rewritten * 2 <= sessionCount
    var tally = AggregationTally()
    do {
      let finishedAt = Self.timestamp()
      let reports = try timed("publish") {
        try Publisher(out: out, retention: config.retention).publish(
          runId: Self.runId(startedAt: startedAt, key: key), generatedAt: finishedAt,
          reusing: reuse ? previousDatabase : nil
        ) { writer in
          let run = RunRecord(
            runId: Self.runId(startedAt: startedAt, key: key), startedAt: startedAt,
            finishedAt: finishedAt, codeVersion: Code.summary,
            parametersHash: Self.parametersHash(config.parameters),
            parameters: config.parameters.described, dataset: plan.datasetRoot.path,
            sessionsTotal: plan.sessions.count, sessionsComputed: summary.scoringComputed.count,
            sessionsQuarantined: quarantine.count)
          return try timed("aggregate and write sessions") {
            try publishSessions(
              plan, aggregation: aggregation, writer: writer,
              reused: reuse
                ? (changedFrom: changedFrom, previous: Set(previousPartitions.keys)) : nil,
              quarantine: quarantine, run: run, canCompute: canCompute, tally: &tally)
          }
        }
      }
      for path in plan.chain.cache.damaged() {
        logger.warning("cache entry \(path) was damaged: computed again")
      }
      try state.savePublished(
        key: key, fields: publish,
        databaseDigest: FileDigests.contentDigest(
          ofFile: current.resolvingSymlinksInPath().appendingPathComponent("auralift.sqlite").path))
      summary.aggregated = tally.athletes
      summary.weeksAggregated = tally.weeks
      summary.rowsKept = sessionCount - tally.sessionsWritten
      summary.reportsRendered = reports.rendered
      logger.info(
        "published",
        metadata: [
          "run_id": .string(Self.runId(startedAt: startedAt, key: key)),
          "athletes_aggregated": .stringConvertible(tally.athletes.count),
          "athletes": .stringConvertible(aggregation.athletes.count),
          "athlete_weeks_aggregated": .stringConvertible(tally.weeks),
          "athlete_weeks": .stringConvertible(
            aggregation.athletes.reduce(0) { $0 + $1.partition.weeks.count }),
          "sessions_rows_kept": .stringConvertible(summary.rowsKept),
          "sessions": .stringConvertible(sessionCount),
          "reports_rendered": .stringConvertible(reports.rendered.count),
          "reports": .stringConvertible(reports.reports),
        ])
    } catch {
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    try state.saveSessions(records)
    try state.saveProblems(quarantined: quarantine, failed: failed)
    summary = try finish(summary, previous: release)
    return summary
  }

  /// Publishes the current release into the pipeline's PostgreSQL store, where one is named
  /// and has not committed this publication yet (a store that failed last time is brought up
  /// to date by the next run, even one with nothing else to do). `previous` is the release
  /// the store may hold, for writing only what changed; by default the newest other release.
  /// Returns what it wrote, for the summary.
  /// What follows a publication (or a run with nothing new): the weekly emails, where the
  /// pipeline has a `deliver:` block (a failed send is retried by the next run, which finds it
  /// missing from the ledger), then the PostgreSQL store, where one is named.
  private func finish(_ published: RunSummary, previous: URL?) throws -> RunSummary {
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
  private func collectCache(maxBytes: Int64) {
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

  private func publishToStore(previous: URL?) throws -> String? {
    guard let url = config.store else { return nil }
    let target = try PostgresTarget(url: url)
    let state = RunState(out: out)
    guard let key = state.publishedKey, state.storeKey(target.description) != key else {
      return nil
    }
    let release = out.appendingPathComponent("current").resolvingSymlinksInPath()
    let releases = out.appendingPathComponent("releases")
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

  /// A write of publication's athlete step, made on the database's thread.
  private enum RowWrite: Sendable {
    /// Removes the athlete's published sessions from a week (a Monday, days since 1970) on.
    case remove(athleteId: String, fromWeek: Int)
    case rows(AthleteAggregation.WeekRows)
  }

  /// How many weeks of rows an athlete's aggregation gets ahead of the database's writes.
  private static let weeksAhead = 4

  /// What publication aggregated and wrote.
  struct AggregationTally {
    /// Athletes whose history was computed rather than found in the cache.
    var athletes: [String] = []
    var weeks = 0
    var sessionsWritten = 0
  }

  /// Athlete by athlete: takes the athlete's history from the cache or computes it from their
  /// weeks (`AthleteAggregation`), completes it as of the data's last day, and writes their
  /// sessions through `writer`. When the publication reuses an earlier one (`reused`: the first
  /// changed week of each athlete, nil where none changed, and every athlete it held), only
  /// the sessions of changed weeks are removed and written, and the athletes no longer in the
  /// dataset are removed. Returns everything else to publish.
  private func publishSessions(
    _ plan: PipelinePlan, aggregation: AggregationPlan, writer: any SessionWriter,
    reused: (changedFrom: [String: Int], previous: Set<String>)?, quarantine: [DatasetProblem],
    run: RunRecord, canCompute: Bool, tally: inout AggregationTally
  ) throws -> Publisher.Contents {
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let cache = plan.chain.cache
    let sessions = Dictionary(
      plan.sessions.map { ($0.partition, $0) }, uniquingKeysWith: { first, _ in first })
    let chain = plan.chain
    var recompute: (@Sendable (String) -> Void)? = nil
    if canCompute {
      recompute = { partition in
        if let session = sessions[partition] { _ = chain.run(session, last: nil, force: true) }
      }
    }
    let step = AthleteAggregation(aggregator: aggregator, cache: cache, recompute: recompute)
    if let reused {
      let present = Set(aggregation.athletes.map(\.athlete.id))
      for athleteId in reused.previous.subtracting(present).sorted() {
        try writer.removeSessions(ofAthlete: athleteId, fromWeek: nil)
      }
    }
    // Athletes are aggregated on every core, and their rows written here in athlete order, a
    // few weeks behind at most: the database gets the same rows in the same order whatever the
    // number of workers.
    let changedFrom = reused?.changedFrom
    let outcomes = try WorkerPool.stream(
      aggregation.athletes, workers: config.workers, buffer: Self.weeksAhead
    ) { work, emit in
      var rowsFrom = work.partition.weeks.first?.monday
      if let changedFrom {
        rowsFrom = changedFrom[work.athlete.id]
        if let rowsFrom { try emit(.remove(athleteId: work.athlete.id, fromWeek: rowsFrom)) }
      }
      let cached = cache.load(
        Aggregator.AthleteHistory.self, stage: Stage.athleteHistory,
        key: work.partition.historyKey)
      let outcome = try step.run(work, cached: cached, rowsFrom: rowsFrom) { try emit(.rows($0)) }
      return (outcome, aggregator.aggregate(outcome.history, asOfDay: aggregation.asOfDay))
    } consume: { (write: RowWrite) in
      switch write {
      case .remove(let athleteId, let monday):
        try writer.removeSessions(ofAthlete: athleteId, fromWeek: monday)
      case .rows(let rows):
        try writer.write(rows.sessions, annotations: rows.annotations)
      }
    }
    var aggregates = AggregateResults.empty
    for (work, (outcome, aggregated)) in zip(aggregation.athletes, outcomes) {
      if outcome.aggregated { tally.athletes.append(work.athlete.id) }
      tally.weeks += outcome.weeksComputed
      tally.sessionsWritten += outcome.sessionsWritten
      aggregates.append(aggregated)
    }
    // The whole roster: leaderboards and guild standings.
    let sessionStarts = Dictionary(
      uniqueKeysWithValues: aggregation.athletes.filter { !$0.sessions.isEmpty }.map {
        ($0.athlete.id, $0.sessions.map(\.startTime.text))
      })
    let boards = Leaderboard.build(
      athletes: plan.tables.athletes, standings: aggregates.standings,
      rankings: aggregates.rankings, sessionsPerAthlete: sessionStarts.mapValues(\.count))
    aggregates.leaderboard = boards.entries
    aggregates.exclusions = boards.exclusions
    aggregates.guilds = boards.guilds
    return Publisher.Contents(
      bundle: PublishBundle(
        tables: plan.tables, catalog: plan.tables.catalog,
        sessionStarts: sessionStarts,
        aggregates: aggregates, quarantine: quarantine, run: run),
      partitions: aggregation.athletes.map(\.partition))
  }

  /// Computes one session folder's stages into the cache, ignoring what it holds, and nothing
  /// else (no lock, no run state): what a run's isolated child process does
  /// (`Options.isolation`) while that run holds the lock.
  package func computeSession(folder: String) throws {
    let datasetRoot = URL(fileURLWithPath: config.dataset).standardizedFileURL
    let tables = try PipelinePlan.tables(datasetRoot: datasetRoot)
    let chain = try PipelinePlan.chain(
      config: config, out: out, tables: tables,
      digests: FileDigests(file: out.appendingPathComponent(".state/digests.tsv")),
      gamification: Gamification(settings: try .init(config.parameters)))
    _ = chain.run(chain.plan(folder: folder), last: nil, force: true)
  }

  /// What a run would compute now, and why, without computing or writing anything.
  package func explain() throws -> [PlannedWork] {
    let plan = try PipelinePlan(config: config, out: out)
    let state = RunState(out: out)
    let last = state.sessions()
    let cache = plan.chain.cache
    var work: [PlannedWork] = []
    var quarantined = Set<String>()
    let suspects = CrashJournal.suspects(out: out)
    // A stage runs when its result is not cached; the reasons compare with the fields of the
    // key the session had last time.
    func needed(
      _ stage: Stage, _ partition: String, key: String, fields: ContentKey, lastKey: String?
    )
      -> PlannedWork?
    {
      guard !cache.contains(stage: stage, key: key) else { return nil }
      return PlannedWork(
        stage: stage.label, partition: partition,
        reasons: PlannedWork.reasons(
          from: lastKey.flatMap { cache.fields(stage: stage, key: $0) }, to: fields.fields))
    }
    for session in plan.sessions {
      if let failure = session.failure {
        work.append(
          .init(stage: Stage.features.label, partition: session.partition, reasons: [failure]))
        continue
      }
      let record = last[session.partition]
      if var features = needed(
        .features, session.partition, key: session.featureKey, fields: session.features,
        lastKey: record?.featureKey)
      {
        if suspects.contains(session.partition) {
          features.reasons.append("a run died computing it: computed in a process of its own")
        }
        work.append(features)
      } else if case .problem? = cache.load(
        SessionChain.FeatureOutcome.self, stage: .features, key: session.featureKey)
      {
        quarantined.insert(session.partition)
        continue  // quarantined: scoring never runs
      }
      if let scoring = needed(
        .scoring, session.partition, key: session.scoringKey, fields: session.scoring,
        lastKey: record?.scoringKey)
      {
        work.append(scoring)
      }
    }
    work += explainAggregation(plan, last: last, quarantined: quarantined)
    let previousFailed = state.problems().failed
    let current = out.appendingPathComponent("current/auralift.sqlite").path
    if !FileManager.default.fileExists(atPath: current) {
      work.append(
        .init(stage: Stage.publication.label, partition: "all", reasons: ["output missing"]))
    } else if !previousFailed.isEmpty {
      work.append(
        .init(
          stage: Stage.publication.label, partition: "all",
          reasons: previousFailed.map { "retry failed \($0.path)" }))
    } else if state.publishedKey != plan.publishKey {
      work.append(
        .init(
          stage: Stage.publication.label, partition: "all",
          reasons: PlannedWork.reasons(from: state.publishedFields, to: plan.publish.fields)))
    }
    return work
  }

  /// The athlete-weeks (`aggregation athletes/<id>/<ISO week>`) and athlete histories
  /// (`aggregation athletes/<id>`) a run would compute, each with the fields of its key that
  /// changed since the current release (a week's chain: `week <the week before> changed`).
  /// Sessions keep the athlete and start time of their last run; a new or changed one has them
  /// read from its manifest, and is assumed to pass its checks.
  private func explainAggregation(
    _ plan: PipelinePlan, last: [String: RunState.SessionRecord], quarantined: Set<String>
  ) -> [PlannedWork] {
    var records: [String: RunState.SessionRecord] = [:]
    for session in plan.sessions where session.failure == nil {
      guard !quarantined.contains(session.partition) else { continue }
      var published = last[session.partition].flatMap { record in
        record.featureKey == session.featureKey ? record.published : nil
      }
      if published == nil {
        let path = "sessions/\(session.folder)/session.json"
        guard
          let data = try? Data(contentsOf: plan.datasetRoot.appendingPathComponent(path)),
          let (manifest, _) = try? SessionManifestReader.read(
            data: data, path: path, catalog: plan.tables.catalog)
        else { continue }
        published = .init(athleteId: manifest.athleteId, startTime: manifest.startTime)
      }
      records[session.partition] = .init(
        featureKey: session.featureKey, scoringKey: session.scoringKey, published: published)
    }
    let aggregation = AggregationPlan(plan: plan, records: records, parameters: config.parameters)
    let previous = PublishedPartitions.current(out: out)
    let cache = plan.chain.cache
    var work: [PlannedWork] = []
    for athlete in aggregation.athletes {
      let partition = athlete.partition
      guard !cache.contains(stage: Stage.athleteHistory, key: partition.historyKey)
      else { continue }
      let published = previous[athlete.athlete.id] ?? [:]
      func reasons(stage: Stage, published: String?, fields: ContentKey) -> [String] {
        PlannedWork.reasons(
          from: published.flatMap { cache.fields(stage: stage, key: $0) }, to: fields.fields)
      }
      for week in partition.weeks
      where !cache.contains(stage: Stage.athleteWeek, key: week.key) {
        work.append(
          PlannedWork(
            stage: Stage.athleteWeek.label,
            partition: "athletes/\(athlete.athlete.id)/\(week.label)",
            reasons: reasons(
              stage: Stage.athleteWeek,
              published: published[ISODates.string(day: week.monday)], fields: week.fields)))
      }
      work.append(
        PlannedWork(
          stage: Stage.athleteHistory.label, partition: "athletes/\(athlete.athlete.id)",
          reasons: reasons(
            stage: Stage.athleteHistory,
            published: published[PublishedPartitions.history],
            fields: partition.historyFields)))
    }
    return work
  }

  /// Runs one step of the run and logs at debug level how long it took (`step`, `seconds`):
  /// `--log-level debug` shows where a run's time goes.
  func timed<T>(_ step: String, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let started = clock.now
    defer {
      let elapsed = started.duration(to: clock.now)
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      logger.debug(
        "timed",
        metadata: [
          "step": .string(step), "seconds": .stringConvertible((seconds * 1000).rounded() / 1000),
        ])
    }
    return try body()
  }

  package static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  /// A problem as log metadata: the fields a log collector filters on.
  static func fields(_ problem: DatasetProblem) -> Logger.Metadata {
    var fields: Logger.Metadata = [
      "path": .string(problem.path), "line": .stringConvertible(problem.line),
      "reason": .string(problem.reason),
    ]
    if let athlete = problem.athleteId { fields["athlete"] = .string(athlete) }
    return fields
  }

  static func runId(startedAt: String, key: String) -> String {
    startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "") + "-"
      + key.prefix(8)
  }

  static func parametersHash(_ parameters: ParameterSet) -> String {
    FieldHasher.hex(of: Data(parameters.described.utf8))
  }
}
