import AuraPipeline
import AuraStore
import AuraSupport
import Foundation

/// `<out>/.state/last-run.json`: how the last run ended, for monitoring (`auralift status`,
/// or a check that alerts when `exit_code` is not 0 or `last_success` is old). Written
/// atomically after every run that got as far as its output folder, failed ones included; a
/// failed run keeps the `last_success` the record had.
struct LastRunRecord: Codable {
  /// This invocation: its start time and a random suffix.
  var runId: String
  var startedAt: String
  var exitCode: Int32
  var finishedAt: String
  /// The release `current` names after the run, if any.
  var release: String?
  /// The latest session date the current release holds.
  var dataThrough: String?
  /// The start of the newest session the current release holds, as its session.json gives
  /// it: how old the data is, whenever the last run was.
  var newestSession: String?
  /// The last run that published (exit 0, 3 or 4): when it finished and its release.
  var lastSuccess: Success?
  var durationSeconds: Double
  var upToDate: Bool
  var sessions: Int
  var featuresComputed: Int
  var scoringComputed: Int
  var athletesAggregated: Int
  var quarantined: Int
  var failed: Int
  /// Messages handed over this run, and those that were not (retried by the next run); nil
  /// where the pipeline does not deliver.
  var delivered: Int?
  var notDelivered: Int?
  /// The one-line reason a run published nothing; nil when it published.
  var error: String?

  struct Success: Codable, Equatable {
    var finishedAt: String
    var release: String?
  }

  /// Exit codes of a run that published.
  static let published: Set<Int32> = [0, 3, 4]

  init(
    summary: RunSummary?, exitCode: Int32, started: Date, out: String, error: String? = nil,
    sqlitePublished: Bool = false
  ) {
    let formatter = ISO8601DateFormatter()
    startedAt = formatter.string(from: started)
    runId =
      startedAt.filter { $0.isNumber || $0 == "T" || $0 == "Z" } + "-"
      + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    self.exitCode = exitCode
    finishedAt = Runner.timestamp()
    let current = OutputLayout(path: out).current
    let resolved = current.resolvingSymlinksInPath()
    release = resolved.path == current.path ? nil : resolved.lastPathComponent
    newestSession = Self.latestSession(
      database: resolved.appendingPathComponent(OutputLayout.databaseName).path)
    dataThrough = newestSession.map { String($0.prefix(10)) }
    lastSuccess =
      Self.published.contains(exitCode) || sqlitePublished
      ? Success(finishedAt: finishedAt, release: release)
      : Self.read(out: out)?.lastSuccess
    durationSeconds = (Date().timeIntervalSince(started) * 1000).rounded() / 1000
    upToDate = summary?.upToDate ?? false
    sessions = summary?.sessions ?? 0
    featuresComputed = summary?.featuresComputed.count ?? 0
    scoringComputed = summary?.scoringComputed.count ?? 0
    athletesAggregated = summary?.aggregated.count ?? 0
    quarantined = summary?.quarantined.count ?? 0
    failed = summary?.failed.count ?? 0
    delivered = summary?.delivery?.sent.count
    notDelivered = summary?.delivery?.undelivered
    self.error = error
  }

  /// The record under `out`, if there is one that reads.
  static func read(out: String) -> LastRunRecord? {
    let file = OutputLayout(path: out).lastRun
    guard let data = try? Data(contentsOf: file) else { return nil }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try? decoder.decode(LastRunRecord.self, from: data)
  }

  /// The start time of the newest session in `database`, nil where it holds none.
  static func latestSession(database: String) -> String? {
    guard FileManager.default.fileExists(atPath: database),
      let store = try? StoreReader(databasePath: database),
      let day = try? store.latestSessionStart(), !day.isEmpty
    else { return nil }
    return day
  }

  /// Writes the record under `out`; a failure to write it is not the run's failure.
  func write(out: String) {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else { return }
    let layout = OutputLayout(path: out)
    try? FileManager.default.createDirectory(at: layout.state, withIntermediateDirectories: true)
    try? AtomicFile.write(data, to: layout.lastRun)
  }
}
