import AuraAggregation
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraReports
import AuraScoring
import AuraStore
import Foundation
import Logging

/// Runs a pipeline: per-session stages in parallel with their cache, then aggregation, then an
/// atomic publication of the database, CSV exports and reports.
///
/// Output layout under `out`: `current` → `releases/<run id>` (a symlink swapped with one
/// rename, so readers always see one complete run), `.cache/` (intermediates) and
/// `.state/published-key` (the content key of what `current` holds).
public struct Runner {
  public let config: PipelineConfig
  let logger: Logger

  public init(config: PipelineConfig, logger: Logger = Logger(label: "auralift")) {
    self.config = config
    self.logger = logger
  }

  public func run() throws -> RunSummary {
    let startedAt = Self.timestamp()
    let datasetRoot = URL(fileURLWithPath: config.dataset).standardizedFileURL
    let out = URL(fileURLWithPath: config.out).standardizedFileURL
    let parameters = config.parameters
    let tables: DatasetTables
    do { tables = try DatasetTablesReader.read(root: datasetRoot) } catch let problem
      as DatasetProblem
    {
      throw PipelineError.fatal("nothing published: \(problem)")
    }
    let catalog = tables.catalog
    let folders: [String]
    do { folders = try SessionReader.sessionFolders(datasetRoot: datasetRoot) } catch {
      throw PipelineError.fatal("nothing published: \(datasetRoot.path)/sessions is not readable")
    }
    let gamification = Gamification(settings: try .init(parameters))
    let chain = SessionChain(
      datasetRoot: datasetRoot, cache: ArtifactCache(root: out.appendingPathComponent(".cache")),
      parameters: parameters, catalog: catalog, ingest: try .init(parameters),
      extractor: SessionFeatureExtractor(settings: try .init(parameters), catalog: catalog),
      scorer: SessionScorer(
        form: FormScorer(settings: try .init(parameters)), gamification: gamification,
        catalog: catalog),
      heights: Dictionary(
        tables.athletes.map { ($0.id, $0.heightCm ?? .nan) }, uniquingKeysWith: { a, _ in a }))

    let outcomes = WorkerPool.map(folders, workers: config.workers) { chain.run(folder: $0) }
    let scored = outcomes.compactMap(\.scored)
    let quarantine = tables.problems + outcomes.compactMap(\.problem)
    for outcome in outcomes where outcome.computedFeatures || outcome.computedScoring {
      logger.info(
        "computed \(outcome.folder): \(outcome.computedFeatures ? "features, " : "")scoring")
    }
    for problem in quarantine { logger.warning("quarantined \(problem)") }

    var publishKey = ContentKey(
      stage: "publish", codeVersion: StageVersions.aggregation * 1000 + StageVersions.reports)
    publishKey.add(String(StageVersions.schema))
    publishKey.add(
      parameters: parameters,
      keys: Aggregator.Settings.parameterKeys + Gamification.Settings.parameterKeys)
    for file in [
      "athletes.csv", "wellness.csv", "nutrition.csv", "morpho.csv", "coaches.csv", "exercises.csv",
    ] {
      publishKey.add(file)
      publishKey.add(ContentKey.fileDigest(datasetRoot.appendingPathComponent(file)))
    }
    publishKey.add("health")  // Apple Health exports standing in for wellness.csv
    publishKey.add(
      (try? ContentKey.folderDigest(datasetRoot.appendingPathComponent("health"))) ?? "<absent>")
    for outcome in outcomes {
      publishKey.add(outcome.folder)
      publishKey.add(outcome.scoringKey ?? outcome.problem?.description ?? "-")
    }
    let key = publishKey.finalize()
    let stateFile = out.appendingPathComponent(".state/published-key")
    let current = out.appendingPathComponent("current")
    var summary = RunSummary(
      sessions: folders.count, featuresComputed: outcomes.filter(\.computedFeatures).map(\.folder),
      scoringComputed: outcomes.filter(\.computedScoring).map(\.folder), quarantined: quarantine,
      upToDate: false,
      publishedFolder: current.path)
    if (try? String(contentsOf: stateFile, encoding: .utf8)) == key,
      FileManager.default.fileExists(atPath: current.appendingPathComponent("auralift.sqlite").path)
    {
      summary.upToDate = true
      return summary
    }

    let aggregates = Aggregator(
      settings: try .init(parameters), gamification: gamification, catalog: catalog
    )
    .aggregate(athletes: tables.athletes, wellness: tables.wellness, sessions: scored)
    let runId = Self.runId(startedAt: startedAt, key: key)
    let run = RunRecord(
      runId: runId, startedAt: startedAt, finishedAt: Self.timestamp(),
      codeVersion: StageVersions.summary,
      parametersHash: Self.parametersHash(parameters), parameters: Self.describe(parameters),
      dataset: datasetRoot.path, sessionsTotal: folders.count,
      sessionsComputed: summary.scoringComputed.count,
      sessionsQuarantined: quarantine.count)
    let bundle = PublishBundle(
      tables: tables, catalog: catalog, sessions: scored, aggregates: aggregates,
      quarantine: quarantine, run: run)
    try Publisher(out: out).publish(bundle: bundle, runId: runId, key: key)
    return summary
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
    var key = ContentKey(stage: "parameters", codeVersion: 0)
    key.add(describe(parameters))
    return key.finalize()
  }
}
