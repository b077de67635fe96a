import AuraAggregation
import AuraCache
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import AuraStore

/// The pipeline's stages, declared once: the version of each part of the code, and every node
/// whose result is keyed (its cache folder, `explain` label, code, settings, upstream nodes and
/// partitioning). Cache keys start from `Stage.key(parameters:)`; what a node adds after that is
/// its partition's inputs. Adding a stage or a parameter is a change here (and in the Settings
/// type that reads the parameter), nothing else: CONTRIBUTING.md shows it.
package enum Code: String, CaseIterable, Sendable {
  case ingest, features, scoring, aggregation, reports, schema

  /// The release, as `--version` prints it.
  package static let release = "2026.11"

  /// Bump one when its output for the same input changes: exactly the stages whose key holds
  /// it, and those after them, rerun.
  package var version: Int {
    switch self {
    case .ingest: 13
    case .features: 50
    case .scoring: 5
    case .aggregation: 16
    case .reports: 10
    case .schema: Schema.version
    }
  }

  /// One line naming every version, stored in the `run` table and report footers.
  package static var summary: String {
    allCases.map { "\($0.rawValue) \($0.version)" }.joined(separator: ", ")
  }
}

/// A node of the pipeline whose result is keyed by its inputs' content.
package enum Stage: String, CaseIterable, Sendable, CacheFolder {
  /// A session's sets, reps and measurements, read from its folder (ingest included).
  case features
  /// A session's scores, from its features.
  case scoring
  /// An athlete's ISO week of aggregates, chained to the week before.
  case athleteWeek = "athlete-week"
  /// An athlete's history: their weeks, joined with their nutrition and morpho.
  case athleteHistory = "aggregation"
  /// The whole publication (database, CSV, reports): keyed, never cached.
  case publication = "publish"

  /// What a node's result is computed for.
  package enum Partitioning: Sendable {
    case session, athleteWeek, athlete, publication
  }

  /// The cache's folder for the node's entries (`<cache>/<folder>/…`).
  package var folder: String { rawValue }

  /// How `explain` names the node: an athlete's weeks and history are both "aggregation".
  var label: String {
    switch self {
    case .athleteWeek, .athleteHistory: "aggregation"
    default: rawValue
    }
  }

  /// The parts of the code whose version is in the node's key, its own first.
  var code: [Code] {
    switch self {
    case .features: [.features, .ingest]
    case .scoring: [.scoring]
    case .athleteWeek, .athleteHistory: [.aggregation, .schema]
    case .publication: [.aggregation, .reports, .schema]
    }
  }

  /// The nodes whose keys are inputs of this one's.
  var upstream: [Stage] {
    switch self {
    case .features: []
    case .scoring: [.features]
    case .athleteWeek: [.scoring]
    case .athleteHistory: [.athleteWeek]
    case .publication: [.athleteHistory]
    }
  }

  var partitioning: Partitioning {
    switch self {
    case .features, .scoring: .session
    case .athleteWeek: .athleteWeek
    case .athleteHistory: .athlete
    case .publication: .publication
    }
  }

  /// What a node's key holds after its code and parameters, in this order: what it reads of
  /// its partition, and where its upstream nodes' keys go.
  package enum Input: Sendable {
    /// The custom exercises of exercises.csv (their pattern and muscles), the same for all.
    case customExercises
    /// Every file of the session's folder, by digest.
    case sessionFiles
    /// The session's athlete's height and body scan (athletes.csv, morpho.csv).
    case athleteBody
    /// exercises.csv, whole (the catalog every aggregate reads).
    case catalog
    /// The athlete's row of athletes.csv.
    case athleteRow
    /// The ISO week the partition is.
    case isoWeek
    /// The key of the athlete's week before (a week's aggregates run on from it).
    case weekBefore
    /// The athlete's wellness days of the week (wellness.csv or Apple Health).
    case wellness
    /// The athlete's nutrition days and body scans (nutrition.csv, morpho.csv).
    case nutrition, morpho
    /// The keys of the node's upstream partitions: a session's earlier stage; a week's
    /// sessions; a history's last week.
    case upstream
  }

  var inputs: [Input] {
    switch self {
    case .features: [.customExercises, .sessionFiles, .athleteBody]
    case .scoring: [.upstream]
    case .athleteWeek: [.catalog, .athleteRow, .isoWeek, .weekBefore, .wellness, .upstream]
    case .athleteHistory: [.catalog, .athleteRow, .upstream, .nutrition, .morpho]
    case .publication: []
    }
  }

  /// The per-session nodes in the order they run, each after its upstream nodes.
  package static let perSession: [Stage] = allCases.filter { $0.partitioning == .session }

  /// The per-session node whose result the athletes' aggregation reads.
  package static let sessionResult: Stage = Stage.athleteWeek.upstream[0]

  /// Reads the settings the node's code runs with: every parameter it reads is read here, and
  /// so recorded in its key (`ParameterSet.keys(readBy:)`), and checked before a run starts.
  func readSettings(_ parameters: ParameterSet) throws {
    switch self {
    case .features:
      _ = try SessionReader.Settings(parameters)
      _ = try SessionFeatureExtractor.Settings(parameters)
    case .scoring:
      _ = try FormScorer.Settings(parameters)
      _ = try Gamification.Settings(parameters)
    case .athleteWeek, .athleteHistory, .publication:
      _ = try AggregationSettings(parameters)
      _ = try Gamification.Settings(parameters)
    }
  }

  /// The parameter keys the node reads, sorted.
  func parameterKeys(_ parameters: ParameterSet) -> [String] {
    parameters.keys(readBy: readSettings)
  }

  /// The node's key before its partition's inputs: its code versions (`code <part>`), then
  /// each parameter it reads (`param <key>`), sorted.
  package func key(parameters: ParameterSet) -> ContentKey {
    var key = ContentKey()
    for part in code { key.add("code \(part.rawValue)", String(part.version)) }
    key.add(parameters: parameters, keys: parameterKeys(parameters))
    return key.template()
  }
}
