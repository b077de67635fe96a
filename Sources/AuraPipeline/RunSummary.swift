import AuraDomain

/// What a run did, for the command line and the tests.
public struct RunSummary: Sendable {
  public var sessions: Int
  /// Sessions whose features were computed this run (the rest came from the cache).
  public var featuresComputed: [String]
  public var scoringComputed: [String]
  public var quarantined: [DatasetProblem]
  /// Nothing changed since the last publication: no stage ran, nothing was written.
  public var upToDate: Bool
  /// The folder readers use: `<out>/current`.
  public var publishedFolder: String?

  /// Exit status for schedulers: 0 all published, 3 published with quarantined sessions.
  public var exitCode: Int32 { quarantined.isEmpty ? 0 : 3 }
}
