import AuraAggregation
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraReports
import AuraScoring
import AuraStore
import Foundation
import Logging

/// Runs a pipeline: plans every partition's keys from file digests, loads or computes the
/// per-session stages on a worker pool, then aggregates per athlete (cached) and publishes
/// atomically, reusing the current release's rows of athletes whose partition is unchanged.
///
/// Output layout under `out`: `current` → `releases/<run id>` (a symlink swapped with one
/// rename, so readers always see one complete run; each release holds the athlete partition
/// keys it was published from), `.cache/` (intermediates, each with its key's fields) and
/// `.state/` (the lock, remembered file digests, the last run's sessions and problems, and the
/// key of what `current` holds).
public struct Runner {
  public let config: PipelineConfig
  let logger: Logger

  /// How a run behaves, beyond the pipeline file.
  public struct Options: Sendable {
    /// How long to wait for another run on the same output to finish, seconds.
    public var waitForLock: TimeInterval
    /// Recompute the partitions the last run quarantined or failed, ignoring cached results.
    public var retryFailed: Bool
    /// Called after each session partition with the number done and the total.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(
      waitForLock: TimeInterval = 0, retryFailed: Bool = false,
      progress: (@Sendable (Int, Int) -> Void)? = nil
    ) {
      self.waitForLock = waitForLock
      self.retryFailed = retryFailed
      self.progress = progress
    }
  }

  public init(config: PipelineConfig, logger: Logger = Logger(label: "auralift")) {
    self.config = config
    self.logger = logger
  }

  var out: URL { URL(fileURLWithPath: config.out).standardizedFileURL }

  public func run(_ options: Options = Options()) throws -> RunSummary {
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
    let upToDate = state.publishedKey == plan.publishKey && previous.failed.isEmpty
    if upToDate, !(options.retryFailed && !retry.isEmpty),
      FileManager.default.fileExists(atPath: current.appendingPathComponent("auralift.sqlite").path)
    {
      try plan.digests.save()
      return summary
    }

    // Sessions are not kept: each is computed (or found in the cache) and read back at
    // publication, one athlete at a time, so memory does not grow with the sessions.
    let last = state.sessions()
    let total = plan.sessions.count
    var finished: (@Sendable (Int) -> Void)? = nil
    if let report = options.progress { finished = { report($0, total) } }
    let outcomes = WorkerPool.map(
      plan.sessions, workers: config.workers, finished: finished
    ) { session in
      plan.chain.run(
        session, last: last[session.partition],
        force: options.retryFailed && retry.contains(session.partition))
    }
    try plan.digests.save()
    // The run state about to be saved trusts the entries it names to be in the cache.
    if outcomes.contains(where: { $0.computedFeatures || $0.computedScoring }) {
      do {
        try plan.chain.cache.synchronize()
      } catch {
        throw PipelineError.fatal("nothing published: the cache could not be flushed: \(error)")
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
    // The current release's rows of the athletes whose partition is unchanged are kept, unless
    // most athletes changed (then writing everything anew is cheaper than deleting).
    let aggregation = AggregationPlan(
      plan: plan, records: records, parameters: config.parameters)
    let release = current.resolvingSymlinksInPath()
    let previousDatabase = release.appendingPathComponent("auralift.sqlite")
    let previousPartitions = PublishedPartitions.read(release: release)
    let unchanged = Set(
      aggregation.athletes.map(\.partition).filter {
        previousPartitions[$0.athleteId] == $0.historyKey
      }.map(\.athleteId))
    let reuse =
      !previousPartitions.isEmpty && unchanged.count * 2 >= aggregation.athletes.count
      && FileManager.default.fileExists(atPath: previousDatabase.path)
    var aggregated: [String] = []
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
          reused: reuse ? (kept: unchanged, previous: Set(previousPartitions.keys)) : nil,
          quarantine: quarantine, run: run, aggregated: &aggregated)
      }
      try state.savePublished(key: key, fields: publish)
      summary.aggregated = aggregated
      summary.rowsKept = reuse ? unchanged.count : 0
      summary.reportsRendered = reports.rendered
      logger.info(
        "aggregated \(aggregated.count) of \(aggregation.athletes.count) athletes; session rows of \(summary.rowsKept) kept from the previous publication; reports rendered \(reports.rendered.count) of \(reports.reports), the rest linked from it"
      )
    } catch {
      throw PipelineError.fatal("nothing published: \(error)")
    }
    try state.saveSessions(records)
    try state.saveProblems(quarantined: quarantine, failed: failed)
    return summary
  }

  /// Athlete by athlete: takes the athlete's history from the cache or reads their scored
  /// sessions back and computes it, completes it as of the data's last day, and writes their
  /// sessions through `writer`. When the publication reuses an earlier one (`reused`: the
  /// athletes whose rows it keeps, and every athlete it held), the other athletes' old rows
  /// are removed first, and those of athletes no longer in the dataset. Appends to
  /// `aggregated` each athlete whose history was computed rather than found in the cache.
  /// Returns everything else to publish.
  private func publishSessions(
    _ plan: PipelinePlan, aggregation: AggregationPlan, writer: any SessionWriter,
    reused: (kept: Set<String>, previous: Set<String>)?, quarantine: [DatasetProblem],
    run: RunRecord, aggregated: inout [String]
  ) throws -> Publisher.Contents {
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let cache = plan.chain.cache
    var aggregates = AggregateResults.empty
    if let reused {
      let present = Set(aggregation.athletes.map(\.athlete.id))
      for athleteId in reused.previous.subtracting(present).sorted() {
        try writer.removeSessions(ofAthlete: athleteId)
      }
    }
    // Cached histories are decoded a few athletes at a time, one per worker: decoding is most
    // of a rerun's aggregation, and a chunk bounds how many are held at once.
    var cached: [String: Aggregator.AthleteHistory] = [:]
    let chunk = max(1, WorkerPool.threads(config.workers))
    for (position, work) in aggregation.athletes.enumerated() {
      if position % chunk == 0 {
        let keys = aggregation.athletes[
          position..<min(position + chunk, aggregation.athletes.count)
        ]
        .map(\.partition.historyKey)
        let loaded = WorkerPool.map(keys, workers: chunk) {
          cache.load(Aggregator.AthleteHistory.self, stage: "aggregation", key: $0)
        }
        cached = [:]
        for (key, history) in zip(keys, loaded) { cached[key] = history }
      }
      let partition = work.partition
      var sessions: [ScoredSession]? = nil
      func scoredSessions() throws -> [ScoredSession] {
        if let sessions { return sessions }
        let loaded = WorkerPool.map(work.sessions, workers: config.workers) {
          cache.load(ScoredSession.self, stage: "scoring", key: $0.scoringKey)
        }
        guard loaded.allSatisfy({ $0 != nil }) else {
          throw PipelineError.fatal("a cached session of \(work.athlete.id) could not be read back")
        }
        sessions = loaded.compactMap { $0 }
        return sessions!
      }
      let history: Aggregator.AthleteHistory
      if let found = cached[partition.historyKey] {
        history = found
      } else {
        history = aggregator.history(
          athlete: work.athlete, inputs: work.inputs, sessions: try scoredSessions())
        aggregated.append(work.athlete.id)
        try cache.store(
          history, stage: "aggregation", key: partition.historyKey,
          fields: partition.historyFields)
      }
      let aggregate = aggregator.aggregate(history, asOfDay: aggregation.asOfDay)
      aggregates.append(aggregate.results)
      if let reused {
        if reused.kept.contains(work.athlete.id) { continue }
        try writer.removeSessions(ofAthlete: work.athlete.id)
      }
      try writer.write(try scoredSessions(), annotations: aggregate.annotations)
    }
    // The whole roster: leaderboards and guild standings.
    let sessionStarts = Dictionary(
      uniqueKeysWithValues: aggregation.athletes.filter { !$0.sessions.isEmpty }.map {
        ($0.athlete.id, $0.sessions.map(\.startTime))
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

  /// What a run would compute now, and why, without computing or writing anything.
  public func explain() throws -> [PlannedWork] {
    let plan = try PipelinePlan(config: config, out: out)
    let state = RunState(out: out)
    let last = state.sessions()
    let cache = plan.chain.cache
    var work: [PlannedWork] = []
    var quarantined = Set<String>()
    // A stage runs when its result is not cached; the reasons compare with the fields of the
    // key the session had last time.
    func needed(
      _ stage: String, _ partition: String, key: String, fields: ContentKey, lastKey: String?
    )
      -> PlannedWork?
    {
      guard !cache.contains(stage: stage, key: key) else { return nil }
      return PlannedWork(
        stage: stage, partition: partition,
        reasons: PlannedWork.reasons(
          from: lastKey.flatMap { cache.fields(stage: stage, key: $0) }, to: fields.fields))
    }
    for session in plan.sessions {
      if let failure = session.failure {
        work.append(.init(stage: "features", partition: session.partition, reasons: [failure]))
        continue
      }
      let record = last[session.partition]
      if let features = needed(
        "features", session.partition, key: session.featureKey, fields: session.features,
        lastKey: record?.featureKey)
      {
        work.append(features)
      } else if case .problem? = cache.load(
        SessionChain.FeatureOutcome.self, stage: "features", key: session.featureKey)
      {
        quarantined.insert(session.partition)
        continue  // quarantined: scoring never runs
      }
      if let scoring = needed(
        "scoring", session.partition, key: session.scoringKey, fields: session.scoring,
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

  /// The athletes whose aggregates a run would compute (`aggregation athletes/<id>`), with the
  /// fields of their partition's key that changed since the current release. Sessions keep the
  /// athlete and start time of their last run; a new or changed one has them read from its
  /// manifest, and is assumed to pass its checks.
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
    return aggregation.athletes.compactMap { work in
      let partition = work.partition
      guard !cache.contains(stage: "aggregation", key: partition.historyKey) else { return nil }
      let old = previous[work.athlete.id].flatMap {
        cache.fields(stage: "aggregation", key: $0)
      }
      return PlannedWork(
        stage: "aggregation", partition: "athletes/\(work.athlete.id)",
        reasons: PlannedWork.reasons(from: old, to: partition.historyFields.fields))
    }
  }

  public static func timestamp() -> String {
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
