import AuraDomain

/// What a run did, for the command line and the tests.
public struct RunSummary: Sendable {
  public var sessions: Int
  /// Sessions whose features were computed this run (the rest came from the cache).
  public var featuresComputed: [String]
  public var scoringComputed: [String]
  /// Athletes whose aggregates were computed this run (the rest came from the cache).
  public var aggregated: [String] = []
  /// Athlete-weeks computed this run (the rest came from the cache, or were not needed because
  /// their athlete's history was cached).
  public var weeksAggregated = 0
  /// Sessions whose rows were copied from the previous publication, not written anew.
  public var rowsKept = 0
  /// Reports (`athletes/<id>`, `coaches/<id>`) rendered this run; the others were linked from
  /// the previous publication, their content unchanged.
  public var reportsRendered: [String] = []
  /// Dataset rows and sessions kept out because their data is bad (until it changes).
  public var quarantined: [DatasetProblem]
  /// Sessions that could not be computed for another reason (retried by the next run).
  public var failed: [DatasetProblem]
  /// Nothing changed since the last publication: no stage ran, nothing was written.
  public var upToDate: Bool
  /// The folder readers use: `<out>/current`.
  public var publishedFolder: String?

  /// Exit status for schedulers: 0 all published, 3 published without the quarantined or
  /// failed partitions.
  public var exitCode: Int32 { quarantined.isEmpty && failed.isEmpty ? 0 : 3 }
}
