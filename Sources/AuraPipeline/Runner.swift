import AuraAggregation
import AuraDomain
import AuraFeatures
import AuraIngest
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

  package func run(_ options: Options = Options()) throws -> RunSummary {
    let startedAt = Self.timestamp()
    let lock = try RunLock(
      out: out, owner: .current(startedAt: startedAt), wait: options.waitForLock)
    defer { lock.release() }
    if let stale = lock.takenOverFrom {
      logger.warning("took over the lock left by a run that is gone (\(stale))")
    }
    let plan = try PipelinePlan(config: config, out: out)
    let state = RunState(out: out)
    let previous = state.problems()
    let current = out.appendingPathComponent("current")
    var summary = RunSummary(
      sessions: plan.sessions.count, featuresComputed: [], scoringComputed: [],
      quarantined: previous.quarantined, failed: [], upToDate: true, publishedFolder: current.path)
    // A session's problems name a file in it (sessions/s-1/pose.csv) or the session itself.
    let retry = Set(
      (previous.quarantined + previous.failed).map(\.path).filter { $0.hasPrefix("sessions/") }
        .map { $0.split(separator: "/").prefix(2).joined(separator: "/") })
    // The last release is a base only while its database is byte for byte what was published:
    // one a reader edited, or the disk damaged, is published again from scratch.
    let database = current.appendingPathComponent("auralift.sqlite").path
    let trusted = Self.releaseIsIntact(database: database, state: state)
    if !trusted, FileManager.default.fileExists(atPath: database) {
      logger.warning(
        "\(database) is not what the last run published (changed or damaged): publishing from scratch"
      )
    }
    let upToDate = state.publishedKey == plan.publishKey && previous.failed.isEmpty
    if upToDate, trusted, !(options.retryFailed && !retry.isEmpty) {
      try plan.digests.save()
      return summary
    }

    // Sessions are not kept: each is computed (or found in the cache) and read back at
    // publication, one athlete at a time, so memory does not grow with the sessions.
    let last = state.sessions()
    let total = plan.sessions.count
    var finished: (@Sendable (Int) -> Void)? = nil
    if let report = options.progress { finished = { report($0, total) } }
    let journal: CrashJournal
    do { journal = try CrashJournal(out: out) } catch {
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    for suspect in journal.suspects.sorted() where options.isolation != nil {
      logger.warning("computing \(suspect) in a process of its own: an earlier run died on it")
    }
    let outcomes = WorkerPool.map(
      plan.sessions, workers: config.workers, finished: finished
    ) { session in
      if let isolation = options.isolation, journal.suspects.contains(session.partition) {
        return plan.chain.runIsolated(session, isolation: isolation, journal: journal)
      }
      return plan.chain.run(
        session, last: last[session.partition],
        force: options.retryFailed && retry.contains(session.partition), journal: journal)
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
    let quarantine = plan.tables.problems + outcomes.compactMap(\.problem)
    let failed = outcomes.compactMap { outcome in
      outcome.failure.map {
        DatasetProblem(path: "sessions/\(outcome.folder)", line: 0, reason: $0)
      }
    }
    for outcome in outcomes where outcome.computedFeatures || outcome.computedScoring {
      logger.info(
        "computed \(outcome.folder): \(outcome.computedFeatures ? "features, " : "")scoring")
    }
    for path in plan.chain.cache.damaged() {
      logger.warning("cache entry \(path) was damaged: computed again")
    }
    for problem in quarantine { logger.warning("quarantined \(problem)") }
    for problem in failed { logger.error("failed \(problem)") }
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
      let reports = try Publisher(out: out).publish(
        runId: Self.runId(startedAt: startedAt, key: key), generatedAt: finishedAt,
        reusing: reuse ? previousDatabase : nil
      ) { writer in
        let run = RunRecord(
          runId: Self.runId(startedAt: startedAt, key: key), startedAt: startedAt,
          finishedAt: finishedAt, codeVersion: StageVersions.summary,
          parametersHash: Self.parametersHash(config.parameters),
          parameters: config.parameters.described, dataset: plan.datasetRoot.path,
          sessionsTotal: plan.sessions.count, sessionsComputed: summary.scoringComputed.count,
          sessionsQuarantined: quarantine.count)
        return try publishSessions(
          plan, aggregation: aggregation, writer: writer,
          reused: reuse ? (changedFrom: changedFrom, previous: Set(previousPartitions.keys)) : nil,
          quarantine: quarantine, run: run, tally: &tally)
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
        "aggregated \(tally.athletes.count) of \(aggregation.athletes.count) athletes (\(tally.weeks) of \(aggregation.athletes.reduce(0) { $0 + $1.partition.weeks.count }) athlete-weeks); rows of \(summary.rowsKept) of \(sessionCount) sessions kept from the previous publication; reports rendered \(reports.rendered.count) of \(reports.reports), the rest linked from it"
      )
    } catch {
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    try state.saveSessions(records)
    try state.saveProblems(quarantined: quarantine, failed: failed)
    return summary
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
    run: RunRecord, tally: inout AggregationTally
  ) throws -> Publisher.Contents {
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let cache = plan.chain.cache
    let sessions = Dictionary(
      plan.sessions.map { ($0.partition, $0) }, uniquingKeysWith: { first, _ in first })
    let step = AthleteAggregation(aggregator: aggregator, cache: cache) { partition in
      if let session = sessions[partition] {
        _ = plan.chain.run(session, last: nil, force: true)
      }
    }
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
        Aggregator.AthleteHistory.self, stage: CacheStage.athleteHistory,
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
      _ stage: CacheStage, _ partition: String, key: String, fields: ContentKey, lastKey: String?
    )
      -> PlannedWork?
    {
      guard !cache.contains(stage: stage, key: key) else { return nil }
      return PlannedWork(
        stage: stage.rawValue, partition: partition,
        reasons: PlannedWork.reasons(
          from: lastKey.flatMap { cache.fields(stage: stage, key: $0) }, to: fields.fields))
    }
    for session in plan.sessions {
      if let failure = session.failure {
        work.append(.init(stage: "features", partition: session.partition, reasons: [failure]))
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
      work.append(.init(stage: "publish", partition: "all", reasons: ["output missing"]))
    } else if !previousFailed.isEmpty {
      work.append(
        .init(
          stage: "publish", partition: "all",
          reasons: previousFailed.map { "retry failed \($0.path)" }))
    } else if state.publishedKey != plan.publishKey {
      work.append(
        .init(
          stage: "publish", partition: "all",
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
      guard !cache.contains(stage: CacheStage.athleteHistory, key: partition.historyKey)
      else { continue }
      let published = previous[athlete.athlete.id] ?? [:]
      func reasons(stage: CacheStage, published: String?, fields: ContentKey) -> [String] {
        PlannedWork.reasons(
          from: published.flatMap { cache.fields(stage: stage, key: $0) }, to: fields.fields)
      }
      for week in partition.weeks
      where !cache.contains(stage: CacheStage.athleteWeek, key: week.key) {
        work.append(
          PlannedWork(
            stage: "aggregation", partition: "athletes/\(athlete.athlete.id)/\(week.label)",
            reasons: reasons(
              stage: CacheStage.athleteWeek,
              published: published[ISODates.string(day: week.monday)], fields: week.fields)))
      }
      work.append(
        PlannedWork(
          stage: "aggregation", partition: "athletes/\(athlete.athlete.id)",
          reasons: reasons(
            stage: CacheStage.athleteHistory,
            published: published[PublishedPartitions.history],
            fields: partition.historyFields)))
    }
    return work
  }

  /// Whether the database at `database` is the one the last publication recorded.
  static func releaseIsIntact(database: String, state: RunState) -> Bool {
    guard let recorded = state.publishedDatabaseDigest, !recorded.isEmpty,
      let digest = FileDigests.contentDigest(ofFile: database)
    else { return false }
    return digest == recorded
  }

  package static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  static func runId(startedAt: String, key: String) -> String {
    startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "") + "-"
      + key.prefix(8)
  }

  static func parametersHash(_ parameters: ParameterSet) -> String {
    FieldHasher.hex(of: Data(parameters.described.utf8))
  }
}
