import AuraDomain
import AuraStore

/// A coach's report: the roster with what needs attention first, then each athlete's week.
struct CoachReportView {
  var id, name, window, isoWeek: String
  var athleteCount: Int
  /// The athletes, who needs a look first.
  var roster: [RosterLine]
  var attention: [AttentionLine]
  /// Athletes of this coach no longer in athletes.csv, one line each.
  var departed: [String]
  /// Each flag's rule, with the thresholds the run used.
  var rules: [String]
  var glossary = GlossaryTemplates.view

  /// One reason one athlete needs attention, linking to the evidence on the athlete's page.
  struct AttentionLine {
    var id, name, text, link: String
  }

  /// One athlete's row in the roster table.
  struct RosterLine {
    var id, name, readiness, sessions, volume, leaguePoints, tier, records: String
    var flags: [String]
    /// What the run set aside of the athlete's inputs, with file and line.
    var setAside: [String]
    /// The last 8 ISO weeks: charts (nil without data) and their numbers.
    var readinessChart, hardSetsChart: String?
    var readinessTrend, hardSetsTrend: String
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
    "check_entry": "check an entry", "quarantined": "input set aside",
  ]

  func build(
    coach: ReportRows.Coach, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    try build(coachId: coach.id, name: coach.name, athletes: athletes)
  }

  /// The flag rules in a coach's words, with the run's thresholds.
  var rules: [String] {
    let low = Units.score(context.number("aggregation.roster.low_readiness"))
    let loss = Units.percent(context.number("features.velocity_loss_threshold_pct"))
    // A release published before the rule had its sets and margin flagged any auto-stop.
    let velocity =
      context.velocityLossFlag.map {
        "Velocity loss past threshold: \($0.sets) sets this week ended \(loss) or more slower than their fastest rep, or one set \(Units.percent($0.threshold + $0.margin)) or more: the sets went nearer failure than auto-stop allows. One set past \(loss) is ordinary hard training and is shown on the athlete's page, not flagged."
      }
      ?? "Velocity loss past threshold: a set this week lost more than \(loss) of its fastest rep's speed, where it should have stopped."
    return [
      "Low readiness: the latest readiness is below \(low) (0-100; 100 is the athlete's usual).",
      velocity,
      "Form dropping: this week's mean form score is more than \(Units.score(RosterRules.formDrop)) below that of the \(RosterRules.formBaselineDays / 7) weeks before its Monday.",
      "No sessions in 7 days: nothing recorded or logged in the 7 days to the last day with data.",
      "Check an entry: a set logged in the last \(RosterRules.entryCheckDays) days lies far beyond the athlete's best e1RM of the exercise over the last \(Units.number(context.number("aggregation.strength.window_days"), 0)) days (more than \(Units.number(context.number("aggregation.plausibility.history_factor"), 1)) times it), or beyond the heaviest lifts made at their bodyweight. It counts toward no record, e1RM, LP or ranking until it is corrected, or confirmed with load_confirmed in the session's file.",
      "Input set aside: a file or row of the athlete's could not be read; it is named under the athlete, with what the pages show without it.",
      "Weekly sets below MEV or above MRV are shown, not flagged: a programme rarely trains every muscle to MEV every week, so the coach reads them against the plan.",
    ]
  }

  func build(
    coachId: String, name: String, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    var lines: [(line: CoachReportView.RosterLine, reasons: [AttentionReason])] = []
    let explain = AttentionReasons(context: context)
    for athlete in athletes {
      let setAside = context.setAside(athleteId: athlete.id)
      let entry = roster[athlete.id]
      let flags = (entry?.flags ?? "").split(separator: ",").map(String.init)
      let reasons = try explain.reasons(
        athleteId: athlete.id, roster: entry, flags: flags, setAside: setAside.count)
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
      let trend = try WeeklyTrend(athleteId: athlete.id, context: context)
      lines.append(
        (
          .init(
            id: athlete.id, name: athlete.username,
            readiness: entry.map {
              Units.score($0.readiness)
                + ($0.readinessDate.map { $0 == context.asOf ? "" : " (\(Units.day($0)))" } ?? "")
            } ?? Units.missing,
            sessions: entry.map { String($0.sessionsThisWeek) } ?? "0",
            volume: volume.isEmpty ? "no sets this week" : volumeText,
            leaguePoints:
              "\(athlete.currentLp) (\(Units.signed(entry?.lpChangeThisWeek ?? 0)))",
            tier: tier, records: String(entry?.newRecordsThisWeek ?? 0),
            flags: reasons.map { Self.flagText[$0.flag] ?? Units.words($0.flag) },
            setAside: setAside, readinessChart: trend.readinessChart,
            hardSetsChart: trend.hardSetsChart, readinessTrend: WeeklyTrend.text(trend.readiness),
            hardSetsTrend: WeeklyTrend.text(trend.hardSets)), reasons
        ))
    }
    // Who needs a look first: the most urgent flag, then the most flags, then the name.
    lines.sort { a, b in
      let left = (a.reasons.first?.rank ?? Int.max, -a.reasons.count)
      let right = (b.reasons.first?.rank ?? Int.max, -b.reasons.count)
      return left != right ? left < right : a.line.name < b.line.name
    }
    let attention = lines.flatMap { line, reasons in
      reasons.map {
        CoachReportView.AttentionLine(
          id: line.id, name: line.name, text: $0.text,
          link: "../athletes/\(line.id).html#\($0.section)")
      }
    }
    let departed = try context.store.departed(coachId: coachId).map {
      "\($0.username) (\($0.athleteId)) is no longer in athletes.csv since \(Units.day($0.since)): their page and rows are no longer published"
    }
    return CoachReportView(
      id: coachId, name: name, window: context.windowHeading, isoWeek: context.isoWeek,
      athleteCount: athletes.count, roster: lines.map(\.line), attention: attention,
      departed: departed, rules: rules)
  }
}
