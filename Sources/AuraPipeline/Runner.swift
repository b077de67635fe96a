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

/// Runs a pipeline: plans every partition's keys from file digests (`PipelinePlan`), loads or
/// computes the per-session stages on a worker pool (`Runner+Compute`), then aggregates per
/// athlete and week (cached) and publishes atomically, reusing the current release's rows of
/// sessions in unchanged athlete-weeks (`Runner+Publish`); then collects the cache and mails
/// (`Runner+AfterPublish`), and stores (`Runner+Store`, awaited). `explain`
/// (`Runner+Explain`) plans without computing.
///
/// Output layout under `out`: `current` → `releases/<run id>` (a symlink swapped with one
/// rename, so readers always see one complete run; each release holds the athlete partition
/// keys it was published from), `.cache/` (intermediates, each with its key's fields) and
/// `.state/` (the lock, remembered file digests, and the run's records: `RunRecords`).
package struct Runner: Sendable {
  package let config: PipelineConfig
  let logger: Logger
  /// The commit the running binary was built from, for the `run` table; nil where unknown.
  let build: CodeCommit?

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

  package init(
    config: PipelineConfig, logger: Logger = Logger(label: "auralift"), build: CodeCommit? = nil
  ) {
    self.config = config
    self.logger = logger
    self.build = build
  }

  var out: URL { URL(fileURLWithPath: config.out).standardizedFileURL }

  /// Computes every session and publishes: `shard` of the whole dataset and `publish` in one
  /// process, under the output's lock; then stores, where the pipeline names a store.
  /// The synchronous steps run on a thread of their own (`OwnThread`), never on one of Swift's
  /// cooperative pool.
  package func run(_ options: Options = Options()) async throws -> RunSummary {
    let startedAt = Self.timestamp()
    let lock = try await OwnThread.run {
      try takeLock(startedAt: startedAt, wait: options.waitForLock)
    }
    defer { lock.release() }
    return try await store(OwnThread.run { try runLocked(options, startedAt: startedAt) })
  }

  /// `run` for a pipeline that names no store (a sweep's variants, tests): nothing to await.
  package func run(_ options: Options = Options()) throws -> RunSummary {
    try refuseStore()
    let startedAt = Self.timestamp()
    let lock = try takeLock(startedAt: startedAt, wait: options.waitForLock)
    defer { lock.release() }
    return try runLocked(options, startedAt: startedAt).summary
  }

  private func runLocked(_ options: Options, startedAt: String) throws -> Published {
    let plan = try timed("plan") { try PipelinePlan(config: config, out: out) }
    let base = PublicationBase(out: out, plan: plan, logger: logger)
    if base.isUpToDate(retryFailed: options.retryFailed) {
      try plan.digests.save()
      return Published(summary: try finish(base.summary), previous: nil)
    }
    // Sessions are not kept: each is computed (or found in the cache) and read back at
    // publication, one athlete at a time, so memory does not grow with the sessions.
    let journal: CrashJournal
    do { journal = try CrashJournal(out: out) } catch {
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    for suspect in journal.suspects.sorted() where options.isolation != nil {
      logger.warning(
        "computing a session in a process of its own: an earlier run died on it",
        metadata: ["session": .string(suspect)])
    }
    let outcomes = try timed("compute") {
      try compute(
        plan, options: options, journal: journal, last: base.state.sessions(),
        force: options.retryFailed ? base.retry : [])
    }
    // The dataset's digest is taken while every file's digest is at hand; then they go, so
    // that publication does not also hold an entry for every file.
    let dataset = datasetDigest(plan)
    plan.digests.letGo()
    return try publish(
      plan, outcomes: outcomes, base: base, datasetDigest: dataset, startedAt: startedAt,
      canCompute: true)
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
          folder: session.folder,
          keys: Dictionary(
            uniqueKeysWithValues: Stage.perSession.map { ($0.rawValue, session.keys[$0]) }),
          athleteId: outcome.published?.athleteId, startTime: outcome.published?.startTime,
          problem: outcome.problem, setAside: outcome.setAside.isEmpty ? nil : outcome.setAside,
          failure: outcome.failure,
          computed: Stage.perSession.filter(outcome.computed.contains).map(\.rawValue),
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
  package func publish(runId: String, shards: Int, options: Options = Options()) async throws
    -> RunSummary
  {
    // A wrong run id or shard count is a usage error before any lock is waited for.
    try ShardManifest.checkRunId(runId)
    guard (1...ShardShare.maximumCount).contains(shards) else {
      throw PipelineError.config("--shards \(shards): needs 1 ≤ N ≤ \(ShardShare.maximumCount)")
    }
    let startedAt = Self.timestamp()
    let lock = try await OwnThread.run {
      try takeLock(startedAt: startedAt, wait: options.waitForLock)
    }
    defer { lock.release() }
    return try await store(
      OwnThread.run { try publishLocked(runId: runId, shards: shards, startedAt: startedAt) })
  }

  private func publishLocked(runId: String, shards: Int, startedAt: String) throws -> Published {
    let cache = PipelinePlan.cacheRoot(config: config, out: out)
    let (manifests, missing) = try ShardManifest.read(cache: cache, runId: runId, shards: shards)
    guard missing.isEmpty else {
      throw PipelineError.shardsMissing(
        "nothing published: run \(runId) lacks the manifest of shard\(missing.count > 1 ? "s" : "") \(ShardManifest.ranges(missing)) of \(shards) (\(ShardManifest.folder(cache: cache, runId: runId).path))"
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
      return Published(summary: try finish(base.summary), previous: nil)
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
        computed: Set(computed.computed.compactMap(Stage.init(rawValue:))),
        cpuSeconds: computed.cpuSeconds)
    }
    return try publish(
      plan, outcomes: outcomes, base: base, datasetDigest: datasetDigest(plan),
      startedAt: startedAt, canCompute: false)
  }

  /// The output's lock, or `lockHeld` after `wait` seconds.
  private func takeLock(startedAt: String, wait: TimeInterval) throws -> RunLock {
    let lock = try RunLock(out: out, owner: .current(startedAt: startedAt), wait: wait)
    if let stale = lock.takenOverFrom {
      logger.warning(
        "took over the lock left by a run that is gone", metadata: ["holder": .string("\(stale)")])
    }
    do {
      if let aside = try RunRecords.prepare(out: out) {
        logger.warning(
          "the run's records could not be read: moved aside; this run starts from empty records (sessions are matched again from the cache, everything is republished, and the week's mail may go again)",
          metadata: ["moved_to": .string(aside.path)])
      }
      if let changed = try OutputPermissions.apply(config.outputMode, out: out), changed > 0 {
        logger.info(
          "output_mode applied to what the output held",
          metadata: [
            "mode": .string(config.outputMode.rawValue), "paths": .stringConvertible(changed),
          ])
      }
    } catch {
      lock.release()
      throw PipelineError.fatal("nothing published: \(ErrorMessage.describe(error))")
    }
    return lock
  }

  /// Computes one session folder's stages into the cache, ignoring what it holds, and nothing
  /// else (no lock, no run state): what a run's isolated child process does
  /// (`Options.isolation`) while that run holds the lock.
  package func computeSession(folder: String) throws {
    let datasetRoot = URL(fileURLWithPath: config.dataset).standardizedFileURL
    let tables = try PipelinePlan.tables(datasetRoot: datasetRoot)
    let chain = try PipelinePlan.chain(
      config: config, out: out, tables: tables,
      digests: FileDigests(file: OutputLayout(out).digests),
      gamification: Gamification(settings: try .init(config.parameters)))
    _ = chain.run(chain.plan(folder: folder), last: nil, force: true)
  }

  /// Runs one step of the run and logs at debug level how long it took (`step`, `seconds`):
  /// `--log-level debug` shows where a run's time goes.
  func timed<T>(_ step: String, _ body: () throws -> T) rethrows -> T {
    let started = ContinuousClock.now
    defer { logElapsed(step, since: started) }
    return try body()
  }

  func timed<T>(_ step: String, _ body: () async throws -> T) async rethrows -> T {
    let started = ContinuousClock.now
    defer { logElapsed(step, since: started) }
    return try await body()
  }

  private func logElapsed(_ step: String, since started: ContinuousClock.Instant) {
    let elapsed = started.duration(to: .now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    logger.debug(
      "timed",
      metadata: [
        "step": .string(step), "seconds": .stringConvertible((seconds * 1000).rounded() / 1000),
      ])
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
