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
    let published = state.publishedKey == plan.publishKey && previous.failed.isEmpty
    if published, !(options.retryFailed && !retry.isEmpty),
      FileManager.default.fileExists(atPath: current.appendingPathComponent("auralift.sqlite").path)
    {
      try plan.digests.save()
      return summary
    }

    let done = ResultCounter()
    let outcomes = WorkerPool.map(plan.sessions, workers: config.workers) { session in
      let force = options.retryFailed && retry.contains(session.partition)
      let outcome = plan.chain.run(session, force: force)
      options.progress?(done.increment(), plan.sessions.count)
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
    let aggregates = Aggregator(
      settings: try .init(config.parameters), gamification: plan.gamification,
      catalog: plan.tables.catalog
    )
    .aggregate(
      athletes: plan.tables.athletes, wellness: plan.tables.wellness,
      sessions: outcomes.compactMap(\.scored))
    let runId = Self.runId(startedAt: startedAt, key: key)
    let run = RunRecord(
      runId: runId, startedAt: startedAt, finishedAt: Self.timestamp(),
      codeVersion: StageVersions.summary,
      parametersHash: Self.parametersHash(config.parameters),
      parameters: Self.describe(config.parameters), dataset: plan.datasetRoot.path,
      sessionsTotal: plan.sessions.count, sessionsComputed: summary.scoringComputed.count,
      sessionsQuarantined: quarantine.count)
    let bundle = PublishBundle(
      tables: plan.tables, catalog: plan.tables.catalog, sessions: outcomes.compactMap(\.scored),
      aggregates: aggregates, quarantine: quarantine, run: run)
    do {
      try Publisher(out: out).publish(bundle: bundle, runId: runId)
      try state.savePublished(key: key, fields: publish)
    } catch {
      throw PipelineError.fatal("nothing published: \(error)")
    }
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
