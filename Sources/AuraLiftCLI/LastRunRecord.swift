import AuraPipeline
import AuraSupport
import Foundation

/// `<out>/.state/last-run.json`: how the last run ended, for monitoring (a check that alerts
/// when `exit_code` is not 0 or `finished_at` is old). Written atomically after every run that
/// got as far as its output folder, failed ones included.
struct LastRunRecord: Encodable {
  var exitCode: Int32
  var finishedAt: String
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

  init(summary: RunSummary?, exitCode: Int32, started: Date, error: String? = nil) {
    self.exitCode = exitCode
    finishedAt = Runner.timestamp()
    durationSeconds = (Date().timeIntervalSince(started) * 1000).rounded() / 1000
    upToDate = summary?.upToDate ?? false
    sessions = summary?.sessions ?? 0
    featuresComputed = summary?.featuresComputed.count ?? 0
    scoringComputed = summary?.scoringComputed.count ?? 0
    athletesAggregated = summary?.aggregated.count ?? 0
    quarantined = summary?.quarantined.count ?? 0
    failed = summary?.failed.count ?? 0
    delivered = summary?.delivery?.sent.count
    notDelivered = summary?.delivery?.failed.count
    self.error = error
  }

  /// Writes the record under `out`; a failure to write it is not the run's failure.
  func write(out: String) {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else { return }
    let folder = URL(fileURLWithPath: out).appendingPathComponent(".state")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? AtomicFile.write(data, to: folder.appendingPathComponent("last-run.json"))
  }
}
