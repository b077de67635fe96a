import AuraStore

/// What a weekly email says before its attachment: for a coach, their roster and who needs
/// attention and why; for an athlete, their own week in a few lines. Built from the same
/// published database and words as the reports, holding the recipient's athletes alone.
package struct WeeklyBrief: Sendable {
  /// `coaches/<id>` or `athletes/<id>`: the report it goes with.
  package var report: String
  package var name: String
  package var isoWeek: String
  package var window: String
  /// One line per athlete of the coach (the athlete alone for an athlete).
  package var lines: [Line]
  /// The athletes' reports (`athletes/<id>`) that go with a coach's (theirs alone), each with
  /// the athlete's name.
  package var athleteReports: [(report: String, name: String)] = []
  /// "name: reason", the roster's flags in a coach's words.
  package var attention: [String]
  package var runId: String

  package struct Line: Sendable {
    package var athlete, readiness, sessions, leaguePoints, volume: String
  }

  /// Every coach's brief, and every athlete's, in the database's order.
  package static func all(store: StoreReader) throws -> (
    coaches: [WeeklyBrief], athletes: [WeeklyBrief]
  ) {
    let context = try ReportContext(store: store, generatedAt: "")
    let builder = try CoachReportBuilder(context: context)
    let athletes = try store.athleteRows()
    func brief(_ report: String, _ name: String, _ view: CoachReportView) -> WeeklyBrief {
      WeeklyBrief(
        report: report, name: name, isoWeek: context.isoWeek, window: context.windowLabel,
        lines: view.roster.map {
          Line(
            athlete: $0.name, readiness: $0.readiness, sessions: $0.sessions,
            leaguePoints: $0.leaguePoints, volume: $0.volume)
        }, attention: view.attention, runId: context.run.runId)
    }
    let coaches = try store.coaches().map { coach in
      let own = athletes.filter { $0.coachId == coach.id }
      var coachBrief = brief(
        "coaches/\(coach.id)", coach.name, try builder.build(coach: coach, athletes: own))
      coachBrief.athleteReports = own.map { ("athletes/\($0.id)", $0.username) }
      return coachBrief
    }
    let own = try athletes.map { athlete in
      brief(
        "athletes/\(athlete.id)", athlete.username,
        try builder.build(coachId: athlete.coachId ?? "", name: "", athletes: [athlete]))
    }
    return (coaches, own)
  }
}
