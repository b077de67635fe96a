import AuraAggregation
import AuraCache
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import AuraSupport
import Foundation

/// Everything a run decides before it computes: the dataset's tables, the per-session chain,
/// every session's stage keys, and the publication's key (from the session keys, the tables,
/// the health exports, the aggregation parameters and the code versions).
struct PipelinePlan {
  let datasetRoot: URL
  let tables: DatasetTables
  let gamification: Gamification
  let digests: FileDigests
  let chain: SessionChain
  let sessions: [SessionChain.Plan]
  let publish: ContentKey
  let publishKey: String
  /// Digest of exercises.csv (the catalog every aggregation reads), "<absent>" without one.
  let catalogDigest: String

  /// Dataset tables read by aggregation and publication, as inputs of the publish key.
  static let tableFiles = [
    "athletes.csv", "wellness.csv", "nutrition.csv", "morpho.csv", "coaches.csv", "exercises.csv",
  ]

  /// Where a plan's sessions and their keys come from.
  enum Sessions {
    /// The session folders of a share (all of them for `.whole`), keyed from their files'
    /// digests, remembered in `digests`.
    case folders(ShardShare, digests: URL)
    /// Keys as the shards computed them (`shards` shards); every session folder of the
    /// dataset must be in them, and nothing else.
    case manifests([ShardManifest.Session], shards: Int)
  }

  init(config: PipelineConfig, out: URL, sessions source: Sessions? = nil) throws {
    datasetRoot = URL(fileURLWithPath: config.dataset).standardizedFileURL
    let parameters = config.parameters
    tables = try Self.tables(datasetRoot: datasetRoot)
    let folders: [String]
    do { folders = try SessionReader.sessionFolders(datasetRoot: datasetRoot) } catch {
      throw PipelineError.fatal("nothing published: \(datasetRoot.path)/sessions is not readable")
    }
    gamification = Gamification(settings: try .init(parameters))
    let source = source ?? .folders(.whole, digests: Self.digestsFile(out: out))
    switch source {
    case .folders(_, let file): digests = FileDigests(file: file)
    case .manifests: digests = FileDigests(file: Self.digestsFile(out: out))
    }
    chain = try Self.chain(
      config: config, out: out, tables: tables, digests: digests, gamification: gamification)
    let chain = chain
    switch source {
    case .folders(let share, _):
      sessions = WorkerPool.map(folders.filter(share.contains), workers: config.workers) {
        chain.plan(folder: $0)
      }
    case .manifests(let computed, let shards):
      sessions = try Self.plans(
        computed, shards: shards, folders: folders, chain: chain, workers: config.workers)
    }

    var publish = Stage.publication.key(parameters: parameters)
    var tableDigests: [String: String] = [:]
    for file in Self.tableFiles {
      let digest = digests.digest(of: datasetRoot.appendingPathComponent(file).path) ?? "<absent>"
      tableDigests[file] = digest
      publish.add("input \(file)", digest)
    }
    catalogDigest = tableDigests["exercises.csv"] ?? "<absent>"
    // Apple Health exports stand in for wellness.csv.
    let health = datasetRoot.appendingPathComponent("health")
    if FileManager.default.fileExists(atPath: health.path) {
      for file in try digests.digests(ofFolder: health.path) {
        publish.add("input health/\(file.path)", file.digest)
      }
    }
    for session in sessions {
      publish.add(
        "\(Stage.sessionResult.rawValue) of \(session.partition)",
        session.keys[Stage.sessionResult])
    }
    self.publish = publish
    publishKey = publish.finalize()
  }

  /// The cache's folder: the pipeline's `cache`, else `<out>/.cache`.
  static func cacheRoot(config: PipelineConfig, out: URL) -> URL {
    config.cacheFolder.map { URL(fileURLWithPath: $0) } ?? OutputLayout(out).cache
  }

  /// Where a whole run remembers its files' digests.
  static func digestsFile(out: URL) -> URL { OutputLayout(out).digests }

  /// The sessions' plans, keyed from the dataset's files as a whole run keys them, in folder
  /// order; throws when they and the shards' manifests differ (a session added, removed or
  /// edited after the shards ran, or a manifest edited), naming the shards to run again. A
  /// manifest's keys are compared, never used: what is published is what the files say.
  private static func plans(
    _ computed: [ShardManifest.Session], shards: Int, folders: [String], chain: SessionChain,
    workers: Int
  ) throws -> [SessionChain.Plan] {
    let byFolder = Dictionary(computed.map { ($0.folder, $0) }, uniquingKeysWith: { a, _ in a })
    let present = Set(folders)
    let changed =
      folders.filter { byFolder[$0] == nil } + byFolder.keys.filter { !present.contains($0) }
    if !changed.isEmpty {
      let described = changed.sorted().prefix(5).map {
        "sessions/\($0) (shard \(ShardShare.shard(of: $0, count: shards)))"
      }
      let stale = Set(changed.map { ShardShare.shard(of: $0, count: shards) }).sorted()
      throw PipelineError.fatal(
        "nothing published: the dataset changed after the shards ran: \(described.joined(separator: ", "))\(changed.count > 5 ? " and \(changed.count - 5) more" : ""); run shard\(stale.count > 1 ? "s" : "") \(stale.map(String.init).joined(separator: ", ")) again"
      )
    }
    let plans = WorkerPool.map(folders, workers: workers) { chain.plan(folder: $0) }
    let edited = plans.filter { plan in
      let session = byFolder[plan.folder]!
      return plan.failure != nil
        || Stage.perSession.contains { plan.keys[$0] != session.keys[$0.rawValue] }
    }.map(\.folder)
    if !edited.isEmpty {
      let stale = Set(edited.map { ShardShare.shard(of: $0, count: shards) }).sorted()
      throw PipelineError.fatal(
        "nothing published: \(edited.prefix(5).map { "sessions/\($0)" }.joined(separator: ", "))\(edited.count > 5 ? " and \(edited.count - 5) more" : "") differ from what the shards computed (a file changed after they ran, or a manifest was edited); run shard\(stale.count > 1 ? "s" : "") \(stale.prefix(20).map(String.init).joined(separator: ", ")) again"
      )
    }
    return plans
  }

  /// The dataset's tables, or why nothing can be published.
  static func tables(datasetRoot: URL) throws -> DatasetTables {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: datasetRoot.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw PipelineError.fatal("nothing published: no dataset folder at \(datasetRoot.path)")
    }
    do { return try DatasetTablesReader.read(root: datasetRoot) } catch let problem
      as DatasetProblem
    {
      throw PipelineError.fatal("nothing published: \(problem)")
    }
  }

  /// The per-session stages of `config`'s dataset (`tables`), cached under `out`.
  static func chain(
    config: PipelineConfig, out: URL, tables: DatasetTables, digests: FileDigests,
    gamification: Gamification
  ) throws -> SessionChain {
    let parameters = config.parameters
    let catalog = tables.catalog
    return SessionChain(
      datasetRoot: URL(fileURLWithPath: config.dataset).standardizedFileURL,
      cache: ArtifactCache(root: cacheRoot(config: config, out: out)),
      digests: digests, parameters: parameters, catalog: catalog, ingest: try .init(parameters),
      extractor: SessionFeatureExtractor(settings: try .init(parameters), catalog: catalog),
      scorer: SessionScorer(
        form: FormScorer(settings: try .init(parameters)), gamification: gamification,
        catalog: catalog),
      bodies: BodyDimensions.byAthlete(tables))
  }
}
