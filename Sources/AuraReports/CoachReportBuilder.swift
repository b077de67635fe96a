import AuraDomain
import AuraStore

/// A coach's report: the roster with what needs attention first, then each athlete's week.
struct CoachReportView {
  var id, name, window, isoWeek: String
  var athleteCount: Int
  var roster: [RosterLine]
  var attention: [String]

  /// One athlete's row in the roster table.
  struct RosterLine {
    var id, name, readiness, sessions, volume, leaguePoints, tier, records: String
    var flags: [String]
    /// What the run set aside of the athlete's inputs, with file and line.
    var setAside: [String]
  }
}

struct CoachReportBuilder {
  let context: ReportContext
  /// The coach_roster row of each athlete.
  let roster: [String: ReportRows.Roster]

  init(context: ReportContext) throws {
    self.context = context
    roster = Dictionary(
      try context.store.roster().map { ($0.athleteId, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// Flag names as a coach reads them.
  static let flagText = [
    "low_readiness": "low readiness", "velocity_loss": "velocity loss past threshold",
    "form_dropping": "form dropping", "missed_sessions": "no sessions in 7 days",
    "quarantined": "input set aside",
  ]

  func build(
    coach: ReportRows.Coach, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    try build(coachId: coach.id, name: coach.name, athletes: athletes)
  }

  func build(
    coachId: String, name: String, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    var lines: [CoachReportView.RosterLine] = []
    var attention: [String] = []
    for athlete in athletes {
      let setAside = context.setAside(athleteId: athlete.id)
      let entry = roster[athlete.id]
      var flags = (entry?.flags ?? "").split(separator: ",").map(String.init)
      if !setAside.isEmpty { flags.append("quarantined") }
      let readable = flags.map { Self.flagText[$0] ?? Units.words($0) }
      for flag in readable { attention.append("\(athlete.username): \(flag)") }
      let volume = try context.store.volume(athleteId: athlete.id).filter {
        $0.isoWeek == context.isoWeek
      }
      let below = volume.filter { $0.band == VolumeBand.belowMEV.rawValue }.count
      let above = volume.filter { $0.band == VolumeBand.aboveMRV.rawValue }.count
      var volumeText = "\(volume.count) muscles trained"
      if below > 0 { volumeText += " · \(below) below MEV" }
      if above > 0 { volumeText += " · \(above) above MRV" }
      let tierThen = try context.store.rankingRecords(athleteId: athlete.id).last {
        try ReportContext.day($0.recordDate, column: "ranking_record.record_date")
          < context.windowStartDay
      }?.tier
      var tier = Units.words(athlete.currentRankTier)
      if let tierThen, tierThen != athlete.currentRankTier {
        tier += " (from \(Units.words(tierThen)))"
      }
      lines.append(
        .init(
          id: athlete.id, name: athlete.username,
          readiness: entry.map { Units.score($0.readiness) } ?? Units.missing,
          sessions: entry.map { String($0.sessionsLast7Days) } ?? "0",
          volume: volume.isEmpty ? "no sets this week" : volumeText,
          leaguePoints:
            "\(athlete.currentLp) (\(Units.signed(entry?.lpChange7Days ?? 0)))",
          tier: tier, records: String(entry?.newRecords7Days ?? 0), flags: readable,
          setAside: setAside))
    }
    return CoachReportView(
      id: coachId, name: name, window: context.windowLabel, isoWeek: context.isoWeek,
      athleteCount: athletes.count, roster: lines, attention: attention)
  }
}
