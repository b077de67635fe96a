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
/// per-session stages on a worker pool, then aggregates and publishes atomically.
///
/// Output layout under `out`: `current` → `releases/<run id>` (a symlink swapped with one
/// rename, so readers always see one complete run), `.cache/` (intermediates, each with its
/// key's fields) and `.state/` (the lock, remembered file digests, the last run's sessions and
/// problems, and the key of what `current` holds).
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
    do {
      let finishedAt = Self.timestamp()
      try Publisher(out: out).publish(
        runId: Self.runId(startedAt: startedAt, key: key), generatedAt: finishedAt
      ) { writer in
        let run = RunRecord(
          runId: Self.runId(startedAt: startedAt, key: key), startedAt: startedAt,
          finishedAt: finishedAt, codeVersion: StageVersions.summary,
          parametersHash: Self.parametersHash(config.parameters),
          parameters: config.parameters.described, dataset: plan.datasetRoot.path,
          sessionsTotal: plan.sessions.count, sessionsComputed: summary.scoringComputed.count,
          sessionsQuarantined: quarantine.count)
        return try publishSessions(
          plan, records: records, writer: writer, quarantine: quarantine, run: run)
      }
      try state.savePublished(key: key, fields: publish)
    } catch {
      throw PipelineError.fatal("nothing published: \(error)")
    }
    try state.saveSessions(records)
    try state.saveProblems(quarantined: quarantine, failed: failed)
    return summary
  }

  /// Athlete by athlete: reads the athlete's scored sessions back from the cache, aggregates
  /// them and writes them through `writer`; returns everything else to publish.
  private func publishSessions(
    _ plan: PipelinePlan, records: [String: RunState.SessionRecord], writer: any SessionWriter,
    quarantine: [DatasetProblem], run: RunRecord
  ) throws -> PublishBundle {
    let published = records.compactMap { _, record in
      record.published.map { (scoringKey: record.scoringKey, session: $0) }
    }
    let byAthlete = Dictionary(grouping: published, by: \.session.athleteId)
    let wellness = Dictionary(grouping: plan.tables.wellness, by: \.athleteId)
    let nutrition = Dictionary(grouping: plan.tables.nutrition, by: \.athleteId)
    let morpho = Dictionary(grouping: plan.tables.morpho, by: \.athleteId)
    let asOfDay = published.compactMap { ISODates.day($0.session.startTime) }.max() ?? 0
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let cache = plan.chain.cache
    var aggregates = AggregateResults.empty
    for athlete in plan.tables.athletes.sorted(by: { $0.id < $1.id }) {
      let entries = (byAthlete[athlete.id] ?? []).sorted {
        ($0.session.startTime, $0.scoringKey) < ($1.session.startTime, $1.scoringKey)
      }
      let loaded = WorkerPool.map(entries, workers: config.workers) {
        cache.load(ScoredSession.self, stage: "scoring", key: $0.scoringKey)
      }
      let sessions = loaded.compactMap { $0 }
      guard sessions.count == loaded.count else {
        throw PipelineError.fatal("a cached session of \(athlete.id) could not be read back")
      }
      let aggregate = aggregator.aggregate(
        athlete: athlete,
        inputs: .init(
          wellness: wellness[athlete.id] ?? [], nutrition: nutrition[athlete.id] ?? [],
          morpho: morpho[athlete.id] ?? []),
        sessions: sessions, asOfDay: asOfDay)
      aggregates.append(aggregate.results)
      try writer.write(sessions, annotations: aggregate.annotations)
    }
    // The whole roster: leaderboards and guild standings.
    let boards = Leaderboard.build(
      athletes: plan.tables.athletes, standings: aggregates.standings,
      rankings: aggregates.rankings, sessionsPerAthlete: byAthlete.mapValues(\.count))
    aggregates.leaderboard = boards.entries
    aggregates.exclusions = boards.exclusions
    aggregates.guilds = boards.guilds
    return PublishBundle(
      tables: plan.tables, catalog: plan.tables.catalog,
      sessionStarts: byAthlete.mapValues { $0.map(\.session.startTime) },
      aggregates: aggregates, quarantine: quarantine, run: run)
  }

  /// What a run would compute now, and why, without computing or writing anything.
  public func explain() throws -> [PlannedWork] {
    let plan = try PipelinePlan(config: config, out: out)
    let state = RunState(out: out)
    let last = state.sessions()
    let cache = plan.chain.cache
    var work: [PlannedWork] = []
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
        continue  // quarantined: scoring never runs
      }
      if let scoring = needed(
        "scoring", session.partition, key: session.scoringKey, fields: session.scoring,
        lastKey: record?.scoringKey)
      {
        work.append(scoring)
      }
    }
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
    ContentKey.digest(Data(parameters.described.utf8))
  }
}
