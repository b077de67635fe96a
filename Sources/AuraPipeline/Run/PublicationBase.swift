import AuraCache
import AuraDomain
import AuraReports
import AuraSupport
import Foundation
import Logging

/// What a publication starts from, read under the lock: the run state, the last run's
/// problems, whether the current release is intact, and whether it is already up to date.
struct PublicationBase {
  let state: RunState
  /// The session partitions the last run quarantined or failed.
  let retry: Set<String>
  /// The current release's database is byte for byte what was published and its reports are
  /// all there; a release a reader edited, or the disk damaged, is published again from
  /// scratch.
  var trusted: Bool { damage.isEmpty }
  /// Why the current release is not trusted, one line each (`explain` lists them); empty when
  /// it is.
  let damage: [String]
  /// The summary of doing nothing: what is published stays.
  let summary: RunSummary
  private let upToDate: Bool

  init(out: URL, plan: PipelinePlan, logger: Logger) {
    state = RunState(out: out)
    let previous = state.problems()
    let current = OutputLayout(out).current
    summary = RunSummary(
      sessions: plan.sessions.count,
      quarantined: previous.quarantined, failed: [], upToDate: true, publishedFolder: current.path)
    // A session's problems name a file in it (sessions/s-1/pose.csv) or the session itself.
    retry = Set(
      (previous.quarantined + previous.failed).map(\.path).filter { $0.hasPrefix("sessions/") }
        .map { $0.split(separator: "/").prefix(2).joined(separator: "/") })
    let database = current.appendingPathComponent(OutputLayout.databaseName).path
    let intact = Self.releaseIsIntact(database: database, state: state)
    let missing = intact ? Self.missingReports(release: current) : []
    var damage: [String] = []
    if !intact {
      damage.append(
        FileManager.default.fileExists(atPath: database)
          ? "\(database) is not what the last run published (changed or damaged)"
          : "\(database) is missing")
    }
    if !missing.isEmpty {
      damage.append(
        "\(current.path) lacks \(missing.count) of its reports (\(missing.prefix(3).joined(separator: ", ")))"
      )
    }
    self.damage = damage
    // A release that was never published is no damage worth a warning.
    for line in damage where FileManager.default.fileExists(atPath: database) {
      logger.warning(
        "the current release is not as published: publishing from scratch",
        metadata: ["damage": .string(line)])
    }
    // Inputs held for their date are due once it comes, though no file changed.
    upToDate =
      state.publishedKey == plan.publishKey && previous.failed.isEmpty
      && !previous.quarantined.contains { RunDay.isDue($0.reason) }
  }

  /// Nothing to do: the current release is intact and has what the plan would publish (and
  /// no retry of the last run's problems is asked for).
  func isUpToDate(retryFailed: Bool) -> Bool {
    upToDate && trusted && !(retryFailed && !retry.isEmpty)
  }

  /// The reports the release's manifest lists whose HTML or Markdown file is gone (removed by
  /// hand, or lost): a release without them would fail every delivery while every run said
  /// "up to date".
  static func missingReports(release: URL) -> [String] {
    // The manifest is walked a line at a time: a platform's release lists millions of pages.
    var missing: [String] = []
    try? ReportWriter.forEachReportFile(in: release) { path in
      guard !FileManager.default.fileExists(atPath: release.appendingPathComponent(path).path),
        let dot = path.lastIndex(of: ".")
      else { return }
      let report = String(path[..<dot])
      if missing.last != report { missing.append(report) }
    }
    return missing
  }

  /// Whether the database at `database` is the one the last publication recorded.
  static func releaseIsIntact(database: String, state: RunState) -> Bool {
    guard let recorded = state.publishedDatabaseDigest, !recorded.isEmpty,
      let digest = FileDigests.contentDigest(ofFile: database)
    else { return false }
    return digest == recorded
  }
}
