import ArgumentParser
import AuraPipeline
import AuraSupport
import Foundation
import Logging

/// `auralift shard`: one copy of a sharded run, as an engine (Slurm, Kubernetes) starts N.
struct ShardCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shard",
    abstract: "Compute one shard's sessions into the cache and write its manifest.",
    discussion: """
      Computes ingest, features and scoring for the sessions of shard K of N (by a stable hash \
      of the session folder's name) into the output's cache, then writes \
      <cache>/.shards/<run id>/shard-K-of-N.json (the cache: the pipeline's `cache`, else \
      <out>/.cache). K/N come from --shard, else from \
      SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with N from \
      --shards or AURALIFT_SHARDS. Takes no lock: a shard run twice, or twice at once, changes \
      nothing. Exit codes: 0 manifest written; 3 manifest written, but sessions failed for a \
      reason that is not their data's (retry the shard); 2 nothing written (retry); 64 usage \
      error (do not retry).
      """)

  @OptionGroup var options: ComputeOptions
  @Option(help: "Names the sharded run; the same for every shard and for publish.")
  var runId: String
  @Option(help: "This shard, K/N (default: from the engine's environment).")
  var shard: String?
  @Option(help: "N, where the engine gives only K (Kubernetes' JOB_COMPLETION_INDEX).")
  var shards: Int?
  @Flag(help: "Print nothing when all is well.") var quiet = false

  func run() throws {
    let config = try options.config()
    let share: ShardShare
    do {
      if let shard {
        share = try ShardShare(parsing: shard)
      } else if let found = try ShardShare.fromEnvironment(shards: shards) {
        share = found
      } else {
        throw PipelineError.config(
          "no shard given: pass --shard K/N, or run under a Slurm array or a Kubernetes Indexed Job"
        )
      }
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
    }
    let manifest: ShardManifest
    do {
      // A shard's log is its warnings: the engine keeps every shard's output.
      var logger = Logger(label: "auralift")
      logger.logLevel = .warning
      manifest = try Runner(config: config, logger: logger).shard(runId: runId, share: share)
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    let failed = manifest.sessions.filter { $0.failure != nil }
    for session in failed {
      print("failed: sessions/\(session.folder): \(session.failure ?? "")")
    }
    if !quiet || !failed.isEmpty {
      print(
        String(
          format: "shard %@ of run %@: %d sessions, %d computed, %d failed, %.2f CPU s",
          share.description, runId, manifest.sessions.count,
          manifest.sessions.filter { $0.computed.contains(Stage.sessionResult.rawValue) }.count,
          failed.count, manifest.cpuSeconds))
    }
    if !failed.isEmpty { throw ExitCodes.partial }
  }
}

/// `auralift publish`: publishes a sharded run once every shard's manifest is written.
struct PublishCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "publish",
    abstract: "Aggregate and publish what the shards of a run computed.",
    discussion: """
      Takes the output's lock, refuses while a shard's manifest is missing (naming it), plans \
      from the manifests, aggregates and publishes atomically as `run` does; it computes no \
      session. Exit codes: 0 published (or already up to date); 3 published without the \
      quarantined or failed partitions it lists; 2 nothing published; 64 usage error (the \
      shards were computed by other code or parameters); 75 a manifest is missing or another \
      run holds the lock (retry).
      """)

  @OptionGroup var options: PipelineOptions
  @Option(help: "The sharded run to publish.") var runId: String
  @Option(help: "How many shards the run has.") var shards: Int
  @Option(help: "Seconds to wait for another run on the same output to finish.")
  var wait: Double = 0
  @OptionGroup var output: RunOutputOptions

  func run() async throws {
    let config = try options.config()
    try await output.execute(config: config) { logger, _ in
      try await Runner(config: config, logger: logger, build: AuraLift.buildCommit).publish(
        runId: runId, shards: shards, options: .init(waitForLock: wait))
    }
  }
}
