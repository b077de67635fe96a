import AuraAggregation
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

  init(config: PipelineConfig, out: URL) throws {
    datasetRoot = URL(fileURLWithPath: config.dataset).standardizedFileURL
    let parameters = config.parameters
    tables = try Self.tables(datasetRoot: datasetRoot)
    let folders: [String]
    do { folders = try SessionReader.sessionFolders(datasetRoot: datasetRoot) } catch {
      throw PipelineError.fatal("nothing published: \(datasetRoot.path)/sessions is not readable")
    }
    gamification = Gamification(settings: try .init(parameters))
    digests = FileDigests(file: out.appendingPathComponent(".state/digests.tsv"))
    chain = try Self.chain(
      config: config, out: out, tables: tables, digests: digests, gamification: gamification)
    let chain = chain
    sessions = WorkerPool.map(folders, workers: config.workers) { chain.plan(folder: $0) }

    var publish = ContentKey(stage: "aggregation", codeVersion: StageVersions.aggregation)
    publish.add("code reports", String(StageVersions.reports))
    publish.add("code schema", String(StageVersions.schema))
    publish.add(
      parameters: parameters,
      keys: AggregationSettings.parameterKeys + Gamification.Settings.parameterKeys)
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
      publish.add("scoring of \(session.partition)", session.scoringKey)
    }
    self.publish = publish
    publishKey = publish.finalize()
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
      cache: ArtifactCache(
        root: config.cacheFolder.map { URL(fileURLWithPath: $0) }
          ?? out.appendingPathComponent(".cache")),
      digests: digests, parameters: parameters, catalog: catalog, ingest: try .init(parameters),
      extractor: SessionFeatureExtractor(settings: try .init(parameters), catalog: catalog),
      scorer: SessionScorer(
        form: FormScorer(settings: try .init(parameters)), gamification: gamification,
        catalog: catalog),
      bodies: BodyDimensions.byAthlete(tables))
  }
}
