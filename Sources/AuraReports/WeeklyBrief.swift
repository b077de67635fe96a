import AuraStore

/// What a weekly email says before its attachments: for a coach, their roster and who needs
/// attention and why; for an athlete, their own week in a few lines. Built from the same
/// published database and words as the reports, holding the recipient's athletes alone.
package struct WeeklyBrief: Sendable {
  /// `coaches/<id>` or `athletes/<id>`: the report it goes with.
  package var report: String
  package var name: String
  /// A coach's roster (else an athlete's own week).
  package var coach: Bool
  package var isoWeek: String
  package var window: String
  /// One line per athlete of the coach (the athlete alone for an athlete).
  package var lines: [Line]
  /// The athletes' reports (`athletes/<id>`) that go with a coach's (theirs alone), each with
  /// the athlete's name.
  package var athleteReports: [AthleteReport] = []
  /// "name: reason", the roster's flags in a coach's words.
  package var attention: [String]
  package var runId: String

  package struct Line: Sendable {
    package var athlete, readiness, sessions, leaguePoints, volume: String
    package var flags: [String]
  }

  package struct AthleteReport: Sendable {
    package var report, name: String
  }

  /// Every coach's brief, then every athlete's where `athletes`, in the database's order.
  package static func all(store: StoreReader, athletes withAthletes: Bool) throws
    -> [WeeklyBrief]
  {
    let context = try ReportContext(store: store, generatedAt: "")
    let builder = try CoachReportBuilder(context: context)
    let athletes = try store.athleteRows()
    func brief(_ report: String, _ name: String, coach: Bool, _ view: CoachReportView)
      -> WeeklyBrief
    {
      WeeklyBrief(
        report: report, name: name, coach: coach, isoWeek: context.isoWeek,
        window: context.windowLabel,
        lines: view.roster.map {
          Line(
            athlete: $0.name, readiness: $0.readiness, sessions: $0.sessions,
            leaguePoints: $0.leaguePoints, volume: $0.volume, flags: $0.flags)
        }, attention: view.attention, runId: context.run.runId)
    }
    var briefs = try store.coaches().map { coach in
      let own = athletes.filter { $0.coachId == coach.id }
      var coachBrief = brief(
        "coaches/\(coach.id)", coach.name, coach: true,
        try builder.build(coach: coach, athletes: own))
      coachBrief.athleteReports = own.map { .init(report: "athletes/\($0.id)", name: $0.username) }
      return coachBrief
    }
    guard withAthletes else { return briefs }
    briefs += try athletes.map { athlete in
      brief(
        "athletes/\(athlete.id)", athlete.username, coach: false,
        try builder.build(coachId: athlete.coachId ?? "", name: "", athletes: [athlete]))
    }
    return briefs
  }
}
