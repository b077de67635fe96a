import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import AuraSupport

/// Everything one run publishes besides each athlete's sessions and rows, which a
/// publication writes athlete by athlete (`SessionWriter`) so that no run holds them all.
package struct PublishBundle: Sendable {
  package var coaches: [Coach]
  package var catalog: ExerciseCatalog
  /// The start of the dataset's latest published session (the epoch when there is none).
  package var dataEnd: String
  package var leaderboard: [LeaderboardEntry]
  package var guilds: [GuildStanding]
  package var quarantine: [DatasetProblem]
  package var run: RunRecord
  /// Athletes of earlier publications no longer in athletes.csv, still named.
  package var departed: [DepartedAthlete]

  package init(
    coaches: [Coach], catalog: ExerciseCatalog, dataEnd: String,
    leaderboard: [LeaderboardEntry], guilds: [GuildStanding],
    quarantine: [DatasetProblem], run: RunRecord, departed: [DepartedAthlete] = []
  ) {
    self.coaches = coaches
    self.catalog = catalog
    self.dataEnd = dataEnd
    self.leaderboard = leaderboard
    self.guilds = guilds
    self.quarantine = quarantine
    self.run = run
    self.departed = departed
  }
}

/// An athlete of an earlier publication who is no longer in athletes.csv (`departed_athlete`).
package struct DepartedAthlete: Sendable, Equatable {
  package var athleteId: String
  package var username: String
  package var coachId: String?
  /// The day of the first run that missed them, days since 1970.
  package var since: Int

  package init(athleteId: String, username: String, coachId: String?, since: Int) {
    self.athleteId = athleteId
    self.username = username
    self.coachId = coachId
    self.since = since
  }
}

/// Writes sessions (with their sets and reps) into a publication in progress.
package protocol SessionWriter {
  /// Writes `sessions` with what their athlete's aggregation adds (LP change, set effort).
  func write(_ sessions: [ScoredSession], annotations: SessionAnnotations) throws
  /// Removes the sessions of `athleteId` (with their sets, reps and form components) that a
  /// reused publication holds in ISO weeks from `monday` (days since 1970) on, or all of them
  /// when `monday` is nil, before they are written again or because the athlete is gone.
  func removeSessions(ofAthlete athleteId: String, fromWeek monday: Int?) throws
  /// Writes an athlete's rows besides their sessions: profile, aggregates, roster line.
  func write(athlete: AthleteRows) throws
}

/// What ran: stored in the `run` table.
package struct RunRecord: Sendable {
  package var runId: String
  package var startedAt: String
  package var finishedAt: String
  package var codeVersion: String
  package var parametersHash: String
  /// The effective parameters, one `key = value` per line.
  package var parameters: String
  package var dataset: String
  /// `FileDigests.datasetDigest`: the dataset's files by path and content; nil where a file
  /// could not be read.
  package var datasetDigest: String?
  /// The commit the binary was built from and whether it was modified; nil where unknown.
  package var code: CodeCommit?
  package var sessionsTotal: Int
  package var sessionsComputed: Int
  package var sessionsQuarantined: Int

  package init(
    runId: String, startedAt: String, finishedAt: String, codeVersion: String,
    parametersHash: String,
    parameters: String, dataset: String, datasetDigest: String?, code: CodeCommit?,
    sessionsTotal: Int, sessionsComputed: Int, sessionsQuarantined: Int
  ) {
    self.runId = runId
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.codeVersion = codeVersion
    self.parametersHash = parametersHash
    self.parameters = parameters
    self.dataset = dataset
    self.datasetDigest = datasetDigest
    self.code = code
    self.sessionsTotal = sessionsTotal
    self.sessionsComputed = sessionsComputed
    self.sessionsQuarantined = sessionsQuarantined
  }
}

/// Where results are published. SQLite is the first implementation; PostgreSQL will be another.
package protocol ResultStore {
  /// Creates a new database at `path` and, in one transaction, lets `sessions` write the
  /// sessions through a `SessionWriter` and return the bundle of everything else. With
  /// `previous` (an earlier publication), the new database starts as its copy: its session
  /// rows stay until the writer removes them, and every other table is written anew.
  func publish(
    databasePath: String, reusing previous: String?,
    sessions: (any SessionWriter) throws -> PublishBundle) throws
  /// Writes every table as `<table>.csv` into `folder`.
  func exportCSV(databasePath: String, folder: String) throws
}
