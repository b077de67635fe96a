import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring

/// Everything one run publishes, handed to a `ResultStore` in one piece.
public struct PublishBundle: Sendable {
  public var tables: DatasetTables
  public var catalog: ExerciseCatalog
  public var sessions: [ScoredSession]
  public var aggregates: AggregateResults
  public var quarantine: [DatasetProblem]
  public var run: RunRecord

  public init(
    tables: DatasetTables, catalog: ExerciseCatalog, sessions: [ScoredSession],
    aggregates: AggregateResults,
    quarantine: [DatasetProblem], run: RunRecord
  ) {
    self.tables = tables
    self.catalog = catalog
    self.sessions = sessions
    self.aggregates = aggregates
    self.quarantine = quarantine
    self.run = run
  }
}

/// What ran: stored in the `run` table.
public struct RunRecord: Sendable {
  public var runId: String
  public var startedAt: String
  public var finishedAt: String
  public var codeVersion: String
  public var parametersHash: String
  /// The effective parameters, one `key = value` per line.
  public var parameters: String
  public var dataset: String
  public var sessionsTotal: Int
  public var sessionsComputed: Int
  public var sessionsQuarantined: Int

  public init(
    runId: String, startedAt: String, finishedAt: String, codeVersion: String,
    parametersHash: String,
    parameters: String, dataset: String, sessionsTotal: Int, sessionsComputed: Int,
    sessionsQuarantined: Int
  ) {
    self.runId = runId
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.codeVersion = codeVersion
    self.parametersHash = parametersHash
    self.parameters = parameters
    self.dataset = dataset
    self.sessionsTotal = sessionsTotal
    self.sessionsComputed = sessionsComputed
    self.sessionsQuarantined = sessionsQuarantined
  }
}

/// Where results are published. SQLite is the first implementation; PostgreSQL will be another.
public protocol ResultStore {
  /// Writes the whole bundle into a new database at `path` in one transaction.
  func publish(_ bundle: PublishBundle, databasePath: String) throws
  /// Writes every table as `<table>.csv` into `folder`.
  func exportCSV(databasePath: String, folder: String) throws
}
