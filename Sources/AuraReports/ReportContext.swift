import AuraDomain
import AuraStore
import Foundation

/// What every report of one published run shares: the run, its parameters, the reporting
/// window (the 7 days ending on the run's last session day, as the coach roster counts them),
/// names, and the footer.
struct ReportContext: Sendable {
  let store: StoreReader
  let run: ReportRows.Run
  /// The run's parameters, as recorded in the `run` table.
  let parameters: ParameterSet
  let asOfDay: Int
  let exerciseNames: [String: String]
  /// The overall leaderboard, best first.
  let overallBoard: [ReportRows.LeaderboardEntry]
  /// Every input the run set aside.
  let quarantine: [ReportRows.Quarantine]
  let footer: ReportFooter

  /// `generatedAt` is when the reports are rendered (the run's finish time at publication).
  init(store: StoreReader, generatedAt: String) throws {
    guard let run = try store.runRow() else { throw ReportError.noRun }
    self.store = store
    self.run = run
    parameters = ParameterSet(described: run.parameters)
    let asOf = try store.asOfDate()
    asOfDay = asOf.flatMap(ISODates.day) ?? 0
    exerciseNames = Dictionary(
      try store.rows("SELECT id, name FROM exercise").map { ($0[0], $0[1]) },
      uniquingKeysWith: { first, _ in first })
    overallBoard = try store.leaderboard().filter { $0.scope == "overall" }
    quarantine = try store.quarantined()
    let first =
      try store.rows("SELECT MIN(substr(start_time, 1, 10)) FROM workout_session")
      .first?.first ?? ""
    footer = ReportFooter(
      codeVersion: run.codeVersion, parametersHash: String(run.parametersHash.prefix(12)),
      runId: run.runId,
      dataWindow: first.isEmpty ? "no sessions" : "\(first) to \(asOf ?? first)",
      generatedAt: generatedAt)
  }

  var asOf: String { ISODates.string(day: asOfDay) }
  var windowStartDay: Int { asOfDay - 6 }
  var windowLabel: String {
    "\(Units.day(ISODates.string(day: windowStartDay))) – \(Units.day(asOf)) \(asOf.prefix(4))"
  }
  var isoWeek: String { ISODates.isoWeek(day: asOfDay) }

  /// Whether an ISO timestamp or date falls in the reporting window.
  func inWindow(_ timestamp: String) -> Bool {
    guard let day = ISODates.day(timestamp) else { return false }
    return day >= windowStartDay && day <= asOfDay
  }

  /// A muscle's volume landmarks [MEV, MAV low, MAV high, MRV], as the run used them.
  func landmarks(_ muscle: String) -> [Double]? {
    let values = try? parameters.list("aggregation.volume_landmarks.\(muscle)")
    return values?.count == 4 ? values : nil
  }

  func number(_ key: String) -> Double? { try? parameters.number(key) }

  func exerciseName(_ id: String) -> String { exerciseNames[id] ?? Units.words(id) }
}

/// The provenance line at the bottom of every report.
package struct ReportFooter: Sendable {
  package var codeVersion, parametersHash, runId, dataWindow, generatedAt: String

  package init(
    codeVersion: String, parametersHash: String, runId: String, dataWindow: String,
    generatedAt: String
  ) {
    self.codeVersion = codeVersion
    self.parametersHash = parametersHash
    self.runId = runId
    self.dataWindow = dataWindow
    self.generatedAt = generatedAt
  }
}

/// Why reports could not be rendered.
package enum ReportError: Error, CustomStringConvertible {
  case noRun

  package var description: String {
    switch self {
    case .noRun: return "the database has no run row: it was not published by `auralift run`"
    }
  }
}
