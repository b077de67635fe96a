import AuraStore
import Foundation

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
  package var attention: [String]
  package var runId: String
  /// The coach whose `share/<coach>/` folder holds the report (the athlete's coach for an
  /// athlete's), nil for an athlete without a coach.
  package var shareFolder: String?
  /// Where the report is served (`deliver: base_url`), nil when it is attached.
  package var reportURL: String? = nil

  package struct Line: Sendable {
    package var id, athlete, readiness, sessions, leaguePoints, volume: String
    package var flags: [String]
    /// The most urgent flag's severity ("act", "watch", "check"), nil without flags.
    package var severity: String?
    /// Where the athlete's page is served, nil when it is not.
    package var link: String? = nil
  }

  /// The brief with links to the copies served under `base` (`<base>/share/<coach>/…`); an
  /// athlete without a coach has no served copy and keeps none.
  package func linked(to base: String) -> WeeklyBrief {
    guard let folder = shareFolder else { return self }
    var brief = self
    let root = "\(base)/share/\(Self.pathSegment(folder))"
    brief.reportURL =
      "\(root)/\(report.split(separator: "/").map { Self.pathSegment(String($0)) }.joined(separator: "/")).html"
    if coach {
      brief.lines = lines.map {
        var line = $0
        line.link = "\(root)/athletes/\(Self.pathSegment($0.id)).html"
        return line
      }
    }
    return brief
  }

  /// An id as one URL path segment (ids are letters, digits, `-`, `_`, `.`; anything else is
  /// percent-encoded).
  static func pathSegment(_ id: String) -> String {
    id.addingPercentEncoding(
      withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_."))) ?? id
  }

  /// Every coach's brief, then every athlete's where `athletes`, in the database's order.
  /// `day` is the day the mail goes out (days since 1970), for how old its data is.
  package static func all(store: StoreReader, athletes withAthletes: Bool, day: Int? = nil) throws
    -> [WeeklyBrief]
  {
    let context = try ReportContext(store: store, generatedAt: "", reportDay: day)
    let builder = try CoachReportBuilder(context: context)
    let athletes = try store.athleteRows()
    func brief(_ report: String, _ name: String, coach: Bool, _ view: CoachReportView)
      -> WeeklyBrief
    {
      WeeklyBrief(
        report: report, name: name, coach: coach, isoWeek: context.isoWeek,
        window: context.windowHeading,
        lines: view.roster.map {
          Line(
            id: $0.id, athlete: $0.name,
            readiness: $0.readiness + ($0.readinessDay.map { " (\($0))" } ?? ""),
            sessions: $0.sessions, leaguePoints: $0.leaguePoints, volume: $0.volume,
            flags: $0.flags, severity: $0.worst?.severity)
        },
        attention: view.attention.map { "[\($0.severity)] \($0.name): \($0.text)" }
          + view.departed,
        runId: context.run.runId,
        shareFolder: coach ? view.id : nil)
    }
    var briefs = try store.coaches().map { coach in
      let own = athletes.filter { $0.coachId == coach.id }
      return brief(
        "coaches/\(coach.id)", coach.name, coach: true,
        try builder.build(coach: coach, athletes: own))
    }
    guard withAthletes else { return briefs }
    briefs += try athletes.map { athlete in
      var own = brief(
        "athletes/\(athlete.id)", athlete.username, coach: false,
        try builder.build(coachId: athlete.coachId ?? "", name: "", athletes: [athlete]))
      own.shareFolder = athlete.coachId
      return own
    }
    return briefs
  }
}
