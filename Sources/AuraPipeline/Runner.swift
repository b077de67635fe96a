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
/// rename, so readers always see one complete run), `.cache/` (intermediates, each beside its
/// key's fields) and `.state/` (the lock, remembered file digests, the last run's partition
/// keys and problems, and the key of what `current` holds).
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

    // Sessions are not kept: each is computed (or found in the cache), its athlete and start
    // noted, and read back from the cache at publication, one athlete at a time, so that
    // memory does not grow with the number of sessions. A cached session the last run
    // published is not even decoded here: its athlete comes from the session index.
    let index = state.sessionIndex()
    let done = ResultCounter()
    let outcomes = WorkerPool.map(plan.sessions, workers: config.workers) { session in
      defer { options.progress?(done.increment(), plan.sessions.count) }
      let force = options.retryFailed && retry.contains(session.partition)
      if !force, let known = index[session.partition], known.scoringKey == session.scoringKey,
        plan.chain.cache.contains(stage: "scoring", key: session.scoringKey)
      {
        return SessionChain.Outcome(
          folder: session.folder, published: known, computedFeatures: false,
          computedScoring: false)
      }
      var outcome = plan.chain.run(session, force: force)
      if let scored = outcome.scored {
        outcome.published = RunState.SessionEntry(
          scoringKey: session.scoringKey, athleteId: scored.athleteId,
          startTime: scored.startTime)
        outcome.scored = nil
      }
      return outcome
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
    var published: [String: RunState.SessionEntry] = [:]
    for outcome in outcomes {
      if let entry = outcome.published { published["sessions/\(outcome.folder)"] = entry }
    }
    let byAthlete = Dictionary(grouping: published.values, by: \.athleteId)
    let asOfDay = published.values.compactMap { ISODates.day($0.startTime) }.max() ?? 0
    let aggregator = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog)
    let runId = Self.runId(startedAt: startedAt, key: key)
    let cache = plan.chain.cache
    let workers = config.workers
    do {
      try Publisher(out: out).publish(runId: runId) { writer in
        var aggregates = AggregateResults.empty
        for athlete in plan.tables.athletes.sorted(by: { $0.id < $1.id }) {
          let entries = (byAthlete[athlete.id] ?? []).sorted {
            ($0.startTime, $0.scoringKey) < ($1.startTime, $1.scoringKey)
          }
          let sessions = WorkerPool.map(entries, workers: workers) {
            cache.load(ScoredSession.self, stage: "scoring", key: $0.scoringKey)
          }
          guard sessions.allSatisfy({ $0 != nil }) else {
            throw PipelineError.fatal("a cached session of \(athlete.id) could not be read back")
          }
          let mine = sessions.compactMap { $0 }
          let partial = aggregator.aggregate(
            athlete: athlete, wellness: plan.tables.wellness, sessions: mine, asOfDay: asOfDay)
          aggregates.append(partial)
          try writer.write(mine, leaguePoints: partial.standings.first?.sessionLeaguePoints ?? [:])
        }
        let run = RunRecord(
          runId: runId, startedAt: startedAt, finishedAt: Self.timestamp(),
          codeVersion: StageVersions.summary,
          parametersHash: Self.parametersHash(config.parameters),
          parameters: Self.describe(config.parameters), dataset: plan.datasetRoot.path,
          sessionsTotal: plan.sessions.count, sessionsComputed: summary.scoringComputed.count,
          sessionsQuarantined: quarantine.count)
        return PublishBundle(
          tables: plan.tables, catalog: plan.tables.catalog,
          sessionStarts: byAthlete.mapValues { $0.map(\.startTime) }, aggregates: aggregates,
          quarantine: quarantine, run: run)
      }
      try state.savePublished(key: key, fields: publish)
    } catch {
      throw PipelineError.fatal("nothing published: \(error)")
    }
    try state.saveSessionIndex(published)
    try state.savePartitionKeys(plan.partitionKeys)
    try state.saveProblems(quarantined: quarantine, failed: failed)
    return summary
  }

  /// What a run would compute now, and why, without computing or writing anything.
  public func explain() throws -> [PlannedWork] {
    let plan = try PipelinePlan(config: config, out: out)
    let state = RunState(out: out)
    let previousKeys = state.partitionKeys()
    let cache = plan.chain.cache
    func earlier(_ stage: String, _ partition: String) -> [ContentKey.Field]? {
      previousKeys["\(stage)\t\(partition)"].flatMap { cache.fields(stage: stage, key: $0) }
    }
    var work: [PlannedWork] = []
    for session in plan.sessions {
      if let failure = session.failure {
        work.append(.init(stage: "features", partition: session.partition, reasons: [failure]))
        continue
      }
      if !cache.contains(stage: "features", key: session.featureKey) {
        work.append(
          .init(
            stage: "features", partition: session.partition,
            reasons: PlannedWork.reasons(
              from: earlier("features", session.partition), to: session.features.fields)))
      } else if case .problem? = cache.load(
        SessionChain.FeatureOutcome.self, stage: "features", key: session.featureKey)
      {
        continue  // quarantined: scoring never runs
      }
      if !cache.contains(stage: "scoring", key: session.scoringKey) {
        work.append(
          .init(
            stage: "scoring", partition: session.partition,
            reasons: PlannedWork.reasons(
              from: earlier("scoring", session.partition), to: session.scoring.fields)))
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

  static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  static func runId(startedAt: String, key: String) -> String {
    startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "") + "-"
      + key.prefix(8)
  }

  static func describe(_ parameters: ParameterSet) -> String {
    parameters.values.keys.sorted().map { "\($0) = \(parameters.values[$0]!)" }.joined(
      separator: "\n")
  }

  static func parametersHash(_ parameters: ParameterSet) -> String {
    ContentKey.digest(Data(describe(parameters).utf8))
  }
}

/// A thread-safe count of finished partitions, for progress reports.
final class ResultCounter: @unchecked Sendable {
  private var count = 0
  private let lock = NSLock()

  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}
