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
  /// Those the pages show, typed.
  let settings: ReportSettings
  let asOfDay: Int
  /// The day the report is made on: the run's (its start), or the day a mail goes out.
  let reportDay: Int
  let exerciseNames: [String: String]
  /// The overall leaderboard, best first.
  let overallBoard: [ReportRows.LeaderboardEntry]
  /// Each ranked athlete's line of `overallBoard`, for their page.
  let overallPlaces: [String: ReportRows.LeaderboardEntry]
  /// Every input the run set aside.
  let quarantine: [ReportRows.Quarantine]
  /// `quarantine` by athlete, for the pages that name each athlete's.
  private let quarantineByAthlete: [String: [ReportRows.Quarantine]]
  let footer: ReportFooter

  /// `generatedAt` is when the reports are rendered (the run's finish time at publication);
  /// `reportDay` the day they are read on, the run's day unless given.
  init(store: StoreReader, generatedAt: String, reportDay: Int? = nil) throws {
    guard let run = try store.runRow() else { throw ReportError.noRun }
    self.store = store
    self.run = run
    parameters = ParameterSet(described: run.parameters)
    settings = ReportSettings(parameters)
    // The window ends on the last session's day; a database without sessions has its window
    // end on the day the run started.
    let asOf = try store.asOfDate()
    asOfDay = try Self.day(asOf ?? run.startedAt, column: "workout_session.start_time")
    self.reportDay = try reportDay ?? Self.day(run.startedAt, column: "run.started_at")
    exerciseNames = try store.exerciseNames()
    overallBoard = try store.leaderboard().filter { $0.scope == "overall" }
    overallPlaces = Dictionary(
      overallBoard.map { ($0.athleteId, $0) }, uniquingKeysWith: { first, _ in first })
    quarantine = try store.quarantined()
    quarantineByAthlete = Dictionary(grouping: quarantine.filter { $0.athleteId != nil }) {
      $0.athleteId!
    }
    let first = try store.firstSessionDay() ?? ""
    footer = ReportFooter(
      codeVersion: run.codeVersion, parametersHash: String(run.parametersHash.prefix(12)),
      runId: run.runId,
      dataWindow: first.isEmpty ? "no sessions" : "\(first) to \(asOf ?? first)",
      generatedAt: generatedAt)
    windowLabel = label
    windowHeading = heading
  }

  var asOf: String { ISODates.string(day: asOfDay) }
  /// The reporting week: the as-of day's ISO week, Monday on (the roster counts it too).
  var windowStartDay: Int { ISODates.mondayOfWeek(day: asOfDay) }
  /// "ISO week 2026-W47 (Mon 16 – Sun 22 Nov 2026), data to Wed 18 Nov" (every page has it:
  /// made once).
  private(set) var windowLabel = ""
  /// The window as the top of a page or mail states it: with, where the newest session is
  /// older than `aggregation.roster.stale_after_days` on the report's day, how old it is, so
  /// that stale data never reads as this week's.
  private(set) var windowHeading = ""

  private var label: String {
    let sunday = ISODates.string(day: windowStartDay + 6)
    let through = windowStartDay + 6 == asOfDay ? "" : ", data to \(Units.day(asOf))"
    return
      "ISO week \(isoWeek) (\(Units.day(ISODates.string(day: windowStartDay))) – \(Units.day(sunday)) \(sunday.prefix(4)))\(through)"
  }
  var isoWeek: String { ISODates.isoWeek(day: asOfDay) }

  private var heading: String {
    guard let days = staleDays else { return windowLabel }
    return
      "\(windowLabel). No new sessions since \(Units.day(asOf)), \(days) day\(days == 1 ? "" : "s") before this report"
  }

  /// Days from the newest session to the report's day, where more than the run's
  /// `aggregation.roster.stale_after_days`; nil otherwise.
  var staleDays: Int? {
    let days = reportDay - asOfDay
    guard let limit = settings.staleAfterDays, Double(days) > limit else {
      return nil
    }
    return days
  }

  /// Whether the reporting week still holds the report's day: only then is it "not over yet".
  var weekIsOpen: Bool { reportDay <= windowStartDay + 6 }

  /// The athlete's sessions of the reporting window, in start order. Only the week is read:
  /// an athlete's whole history was most of a report's time. A session's day is the date its
  /// start time is written with, so the week's first date bounds the query.
  func weekSessions(athleteId: String) throws -> [ReportRows.Session] {
    try store.sessions(athleteId: athleteId, since: ISODates.string(day: windowStartDay))
      .filter { try inWindow($0.startTime, column: "workout_session.start_time") }
  }

  /// Whether an ISO timestamp or date (of `column`, for the error) falls in the reporting
  /// window.
  func inWindow(_ timestamp: String, column: String) throws -> Bool {
    let day = try Self.day(timestamp, column: column)
    return day >= windowStartDay && day <= asOfDay
  }

  /// The day (since 1970) of a date or ISO timestamp the database holds in `column`; a value
  /// that is not one fails the report rather than being read as some other day.
  static func day(_ text: String, column: String) throws -> Int {
    guard let day = ISODates.day(text) else {
      throw ReportError.notADate(column: column, value: text)
    }
    return day
  }

  /// A muscle's volume landmarks [MEV, MAV low, MAV high, MRV], as the run used them.
  func landmarks(_ muscle: String) -> [Double]? {
    guard let member = MuscleGroupType(rawValue: muscle) else { return nil }
    return try? parameters.list(SharedParameters.volumeLandmarks[member.rawValue])
  }

  /// What the run set aside of an athlete's inputs, one plain line each with its file and line:
  /// shown beside the athlete, so that nothing leaves a page without a word.
  func setAside(athleteId: String) -> [String] {
    (quarantineByAthlete[athleteId] ?? []).map {
      "\($0.path)\($0.line > 0 ? " line \($0.line)" : "")\(sessionDay($0.path)): \($0.reason)"
    }
  }

  /// " (the session of Sat 14 Nov)" for a file of a published session's folder, else "".
  private func sessionDay(_ path: String) -> String {
    let parts = path.split(separator: "/")
    guard parts.count >= 3, parts[0] == "sessions",
      let session = try? store.session(id: String(parts[1]))
    else { return "" }
    return " (the session of \(Units.day(session.startTime)))"
  }

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
  case notADate(column: String, value: String)

  package var description: String {
    switch self {
    case .noRun: return "the database has no run row: it was not published by `auralift run`"
    case .notADate(let column, let value):
      return
        "\(column) holds '\(value)', which is not a date: the database was changed after `auralift run` published it"
    }
  }
}
