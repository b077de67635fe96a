import AuraDomain
import AuraStore

/// A coach's report: the roster, who needs a look first, then why each is flagged.
struct CoachReportView {
  var id, name, window, isoWeek: String
  var athleteCount: Int
  /// The athletes, who needs a look first.
  var roster: [RosterLine]
  var attention: [AttentionLine]
  /// Athletes of this coach no longer in athletes.csv, one line each.
  var departed: [String]
  /// What each severity asks of the coach.
  var severities: [Severity]
  /// Each flag's rule, with the thresholds the run used.
  var rules: [String]
  var glossary = GlossaryTemplates.view

  struct Severity {
    var word, meaning: String
  }

  /// One reason one athlete needs attention, linking to the evidence on the athlete's page.
  struct AttentionLine {
    var id, name, severity, text, link: String
  }

  /// A flag as the roster shows it: its words, its severity and the evidence it links to.
  struct FlagLink {
    var label, severity, link: String
  }

  /// One athlete's row in the roster.
  struct RosterLine {
    var id, name, readiness, sessions, volume, leaguePoints, tier, records: String
    /// The day of the readiness shown where it is not the data's last day ("Sun 22 Nov").
    var readinessDay: String?
    /// The most urgent flag, nil when none; "+2 more" where there are more.
    var worst: FlagLink?
    var more: String?
    /// Every flag's words, most urgent first.
    var flags: [String]
    /// "LP 124 (+50) · Bronze (from Iron) · 1 new PR · 7 muscles trained, 1 below MEV".
    var details: String
    /// What the run set aside of the athlete's inputs, with file and line.
    var setAside: [String]
    /// The last 8 ISO weeks: charts (nil without data) and their numbers.
    var readinessChart, hardSetsChart: String?
    var readinessTrend, hardSetsTrend: String
    /// The readiness trend's first and last weeks with data: "62 → 69".
    var readinessChange: String
  }
}

struct CoachReportBuilder {
  let context: ReportContext

  init(context: ReportContext) throws {
    self.context = context
  }

  func build(
    coach: ReportRows.Coach, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    try build(coachId: coach.id, name: coach.name, athletes: athletes)
  }

  /// The flag rules in a coach's words, with the run's thresholds.
  var rules: [String] {
    let low = Units.score(context.settings.lowReadiness)
    let loss = Units.percent(context.settings.velocityLossThresholdPct)
    // A release published before the rule had its sets and margin flagged any auto-stop.
    let velocity: String
    switch context.settings.velocityLossFlag {
    case let flag?:
      let far = Units.percent(flag.threshold + flag.margin)
      switch flag.rule {
      case .farSets(let count):
        velocity =
          "Velocity loss past threshold: \(count) sets this week ended \(far) or more slower than their fastest rep, \(Units.number(flag.margin, 0)) points past the auto-stop at \(loss): the athlete keeps going well beyond where the set should stop. Sets a little past \(loss) are ordinary hard training and are shown on the athlete's page, not flagged."
      case .setsOrOneFar(let count):
        // A release published before the rule counted sets far past the threshold.
        velocity =
          "Velocity loss past threshold: \(count) sets this week ended \(loss) or more slower than their fastest rep, or one set \(far) or more: the sets went nearer failure than auto-stop allows. One set past \(loss) is ordinary hard training and is shown on the athlete's page, not flagged."
      }
    case nil:
      // A release published before the rule had its sets and margin flagged any auto-stop.
      velocity =
        "Velocity loss past threshold: a set this week lost more than \(loss) of its fastest rep's speed, where it should have stopped."
    }
    return [
      "Low readiness: the latest readiness is below \(low) (0-100; 100 is the athlete's usual).",
      velocity,
      "Form dropping: this week's mean form score is more than \(Units.score(context.settings.formDropPoints)) below that of the \(RosterRules.formBaselineDays / 7) weeks before its Monday.",
      "No sessions in 7 days: nothing recorded or logged in the 7 days to the last day with data.",
      "Check an entry: a set logged in the last \(RosterRules.entryCheckDays) days lies far beyond the athlete's best e1RM of the exercise over the last \(Units.number(context.settings.strengthWindowDays, 0)) days (more than \(Units.number(context.settings.historyFactor, 1)) times it), or beyond the heaviest lifts made at their bodyweight. It counts toward no record, e1RM, LP or ranking until it is corrected, or confirmed with load_confirmed in the session's file.",
      "Input set aside: a file or row of the athlete's could not be read; it is named under the athlete, with what the pages show without it.",
      "Weekly sets below MEV or above MRV are shown, not flagged: a programme rarely trains every muscle to MEV every week, so the coach reads them against the plan.",
    ]
  }

  func build(
    coachId: String, name: String, athletes: [ReportRows.Athlete]
  ) throws -> CoachReportView {
    let explain = AttentionReasons(context: context)
    // The roster rows of this page's athletes alone: a coach's, or one athlete's own, never
    // the whole platform's (memory grows with the page, not with the athletes).
    let rows =
      athletes.count == 1
      ? try context.store.roster(athleteId: athletes[0].id)
      : try context.store.roster(coachId: coachId)
    let roster = Dictionary(rows.map { ($0.athleteId, $0) }, uniquingKeysWith: { a, _ in a })
    var lines = try athletes.map {
      try rosterLine($0, entry: roster[$0.id], explain: explain)
    }
    // Who needs a look first: the most urgent flag, then the most flags, then the name.
    lines.sort { a, b in
      switch (a.reasons.first?.flag, b.reasons.first?.flag) {
      case (let left?, let right?) where left != right: return left < right
      case (.some, nil): return true
      case (nil, .some): return false
      default:
        return a.reasons.count != b.reasons.count
          ? a.reasons.count > b.reasons.count : a.line.name < b.line.name
      }
    }
    let attention = lines.flatMap { line, reasons in
      reasons.map {
        CoachReportView.AttentionLine(
          id: line.id, name: line.name, severity: $0.flag.severity.word, text: $0.text,
          link: "../athletes/\(line.id).html#\($0.anchor)")
      }
    }
    let departed = try context.store.departed(coachId: coachId).map {
      "\($0.username) (\($0.athleteId)) is no longer in athletes.csv since \(Units.day($0.since)): their page and rows are no longer published"
    }
    return CoachReportView(
      id: coachId, name: name, window: context.windowHeading, isoWeek: context.isoWeek,
      athleteCount: athletes.count, roster: lines.map(\.line), attention: attention,
      departed: departed,
      severities: AttentionSeverity.allCases.map { .init(word: $0.word, meaning: $0.meaning) },
      rules: rules)
  }

  /// An athlete's line of the roster (`entry`: their coach_roster row) and the reasons they
  /// need a look, most urgent first.
  private func rosterLine(
    _ athlete: ReportRows.Athlete, entry: ReportRows.Roster?, explain: AttentionReasons
  ) throws -> (line: CoachReportView.RosterLine, reasons: [AttentionReason]) {
    let setAside = context.setAside(athleteId: athlete.id)
    let reasons = try explain.reasons(
      athleteId: athlete.id, roster: entry, flags: AttentionFlag.parse(entry?.flags),
      setAside: setAside.count)
    let volume = try context.store.volume(athleteId: athlete.id).filter {
      $0.isoWeek == context.isoWeek
    }
    let below = volume.filter { $0.band == VolumeBand.belowMEV.rawValue }.count
    let above = volume.filter { $0.band == VolumeBand.aboveMRV.rawValue }.count
    // "7 muscles trained", "1 below MEV", "2 above MRV": the mail joins them with " · ", the
    // roster's detail line (already " · "-separated) with commas.
    var volumeParts = ["\(volume.count) muscles trained"]
    if below > 0 { volumeParts.append("\(below) below MEV") }
    if above > 0 { volumeParts.append("\(above) above MRV") }
    let tierThen = try context.store.rankingRecords(athleteId: athlete.id).last {
      try ReportContext.day($0.recordDate, column: "ranking_record.record_date")
        < context.windowStartDay
    }?.tier
    var tier = Units.words(athlete.currentRankTier)
    if let tierThen, tierThen != athlete.currentRankTier {
      tier += " (from \(Units.words(tierThen)))"
    }
    let trend = try WeeklyTrend(athleteId: athlete.id, context: context)
    let leaguePoints = "\(athlete.currentLp) (\(Units.signed(entry?.lpChangeThisWeek ?? 0)))"
    let records = entry?.newRecordsThisWeek ?? 0
    let link = "../athletes/\(athlete.id).html"
    var details = ["LP \(leaguePoints)", tier]
    if records > 0 { details.append(records == 1 ? "1 new PR" : "\(records) new PRs") }
    details.append(
      volume.isEmpty ? "no sets this week" : volumeParts.joined(separator: ", "))
    return (
      .init(
        id: athlete.id, name: athlete.username,
        readiness: entry.map { Units.score($0.readiness) } ?? Units.missing,
        sessions: entry.map { String($0.sessionsThisWeek) } ?? "0",
        volume: volume.isEmpty ? "no sets this week" : volumeParts.joined(separator: " · "),
        leaguePoints: leaguePoints, tier: tier, records: String(records),
        readinessDay: entry?.readinessDate.flatMap {
          $0 == context.asOf ? nil : Units.day($0)
        },
        worst: reasons.first.map {
          .init(
            label: $0.flag.label, severity: $0.flag.severity.word,
            link: "\(link)#\($0.anchor)")
        },
        more: reasons.count > 1 ? "+\(reasons.count - 1) more" : nil,
        flags: reasons.map(\.flag.label), details: details.joined(separator: " · "),
        setAside: setAside, readinessChart: trend.readinessChart,
        hardSetsChart: trend.hardSetsChart, readinessTrend: WeeklyTrend.text(trend.readiness),
        hardSetsTrend: WeeklyTrend.text(trend.hardSets),
        readinessChange: WeeklyTrend.change(trend.readiness)), reasons
    )
  }
}
