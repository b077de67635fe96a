import AuraDomain
import AuraStore

/// One reason an athlete needs the coach's attention, as the page and the mail show it: the
/// number, the rule's threshold, the lift or date it concerns, and the part of the athlete's
/// page that shows the evidence.
struct AttentionReason {
  var flag: AttentionFlag
  /// "readiness 38 on Sun 22 Nov (flagged below 50)".
  var text: String
  /// The id on the athlete's page of what the reason is about: the set, the entry, the
  /// readiness of the day, or the section where the set is not shown on its own.
  var anchor: String
}

/// Explains an athlete's roster flags with the numbers behind them, by the rules the
/// aggregation stage applied (`RosterBuilder`): the same window, the same thresholds.
struct AttentionReasons {
  let context: ReportContext

  /// The reasons behind `flags` (and the athlete's set-aside inputs), most urgent first.
  func reasons(
    athleteId: String, roster: ReportRows.Roster?, flags: [AttentionFlag], setAside: Int
  ) throws -> [AttentionReason] {
    var reasons: [AttentionReason] = []
    for flag in flags {
      switch flag {
      case .lowReadiness:
        let threshold = context.settings.lowReadiness
        reasons.append(
          .init(
            flag: flag,
            text:
              "readiness \(Units.score(roster?.readiness))\(on(roster?.readinessDate)) (flagged below \(Units.score(threshold)))",
            anchor: "readiness"))
      case .velocityLoss:
        reasons.append(try velocityLoss(athleteId))
      case .formDropping:
        reasons.append(try formDrop(athleteId))
      case .checkEntry:
        reasons.append(try entryCheck(athleteId))
      case .missedSessions:
        let last = roster?.lastSessionDate.map { "; the last was on \(Units.day($0))" } ?? ""
        reasons.append(
          .init(
            flag: flag,
            text:
              "no session in the 7 days to \(Units.day(context.asOf))\(last.isEmpty ? "; none recorded yet" : last)",
            anchor: "sessions"))
      case .quarantined:
        break
      }
    }
    if setAside > 0 {
      reasons.append(
        .init(
          flag: .quarantined,
          text: setAside == 1
            ? "1 input set aside (named under the athlete)"
            : "\(setAside) inputs set aside (named under the athlete)",
          anchor: "set-aside"))
    }
    return reasons.sorted { $0.flag < $1.flag }
  }

  /// The ids of the week's sessions the athlete's page shows set by set: a reason links to a
  /// set or session only where the page has it.
  private func shown(_ week: [ReportRows.Session]) -> Set<String> {
    Set(AthleteWeekBuilder.detailed(week).map(\.id))
  }

  private func on(_ date: String?) -> String { date.map { " on \(Units.day($0))" } ?? "" }

  /// The week's set that lost the most velocity among those past the threshold, how many
  /// more there are, and the rule: the numbers the roster's flag was raised on.
  private func velocityLoss(_ athleteId: String) throws -> AttentionReason {
    let threshold = context.settings.velocityLossThresholdPct
    let sessions = try context.weekSessions(athleteId: athleteId)
    let sets = try context.store.workoutSets(sessionIds: sessions.map(\.id))
    // A release published before the rule flagged any auto-stopped set.
    guard let flag = context.settings.velocityLossFlag else {
      return velocityLoss(
        sets.filter(\.autoStopped), sessions: sessions, threshold: threshold,
        rule: "(flagged past \(Units.percent(threshold)))")
    }
    let past = sets.filter { flag.counts($0.velocityLossPercent) }
    let far = Units.percent(threshold + flag.margin)
    switch flag.rule {
    case .farSets(let count):
      return velocityLoss(
        past, sessions: sessions, threshold: flag.counted,
        rule:
          "(flagged at \(count) set\(count == 1 ? "" : "s") past \(far), \(Units.number(flag.margin, 0)) points past the auto-stop at \(Units.percent(threshold)))"
      )
    case .setsOrOneFar(let count):
      // A release published before the rule counted sets far past the threshold.
      return velocityLoss(
        past, sessions: sessions, threshold: threshold,
        rule:
          "(flagged at \(count) set\(count == 1 ? "" : "s") past \(Units.percent(threshold)) or one past \(far))"
      )
    }
  }

  /// "velocity loss 34 % in bench press set 3 on Tue 24 Nov and 1 more set past 20 % (rule)":
  /// the set of `past` that lost the most, linked to its row.
  private func velocityLoss(
    _ past: [ReportRows.WorkoutSet], sessions: [ReportRows.Session], threshold: Double,
    rule: String
  ) -> AttentionReason {
    guard
      let worst = past.max(by: { ($0.velocityLossPercent ?? 0) < ($1.velocityLossPercent ?? 0) }),
      let session = sessions.first(where: { $0.id == worst.sessionId })
    else {
      return .init(
        flag: .velocityLoss, text: "velocity loss past threshold \(rule)", anchor: "sessions")
    }
    let more =
      past.count > 1
      ? " and \(past.count - 1) more set\(past.count > 2 ? "s" : "") past \(Units.percent(threshold))"
      : ""
    return .init(
      flag: .velocityLoss,
      text:
        "velocity loss \(Units.percent(worst.velocityLossPercent)) in \(context.exerciseName(worst.exerciseId).lowercased()) set \(worst.setNumber) on \(Units.day(session.startTime))\(more) \(rule)",
      anchor: shown(sessions).contains(session.id)
        ? PageAnchor.set(session.id, worst.setNumber) : "sessions")
  }

  /// The first set of the last four weeks kept out of what counts until someone checks it,
  /// linked to its line under the page's "Entries to check".
  private func entryCheck(_ athleteId: String) throws -> AttentionReason {
    let entries = try EntryChecks(context: context).entries(athleteId: athleteId)
    guard let first = entries.first else {
      return .init(
        flag: .checkEntry, text: "check an entry of the last \(RosterRules.entryCheckDays) days",
        anchor: "sessions")
    }
    let more =
      entries.count > 1 ? " and \(entries.count - 1) more set\(entries.count > 2 ? "s" : "")" : ""
    return .init(
      flag: .checkEntry, text: "check this entry: \(first.text)\(more)", anchor: first.anchor)
  }

  /// The week's mean form score against the 3 weeks before it, and the week's session with
  /// the lowest, linked to.
  private func formDrop(_ athleteId: String) throws -> AttentionReason {
    let since = context.windowStartDay - RosterRules.formBaselineDays
    let sessions = try context.store.sessions(
      athleteId: athleteId, since: ISODates.string(day: since))
    var week: [ReportRows.Session] = []
    var now: [(session: ReportRows.Session, form: Double)] = []
    var before: [Double] = []
    for session in sessions {
      guard let day = ISODates.day(session.startTime) else { continue }
      if day >= context.windowStartDay, day <= context.asOfDay { week.append(session) }
      guard let form = session.averageFormScore else { continue }
      if day >= context.windowStartDay { now.append((session, form)) } else { before.append(form) }
    }
    func mean(_ values: [Double]) -> Double? {
      values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
    let lowest = now.min { $0.form < $1.form }
    let shownIds = shown(week)
    let lowestText =
      lowest.map {
        now.count > 1
          ? "; lowest \(Units.score($0.form)) on \(Units.day($0.session.startTime))" : ""
      } ?? ""
    return .init(
      flag: .formDropping,
      text:
        "form \(Units.score(mean(now.map(\.form)))) this week against \(Units.score(mean(before))) over the 3 weeks before\(lowestText) (flagged on a drop of more than \(Units.score(context.settings.formDropPoints)))",
      anchor: lowest.flatMap {
        shownIds.contains($0.session.id) ? PageAnchor.session($0.session.id) : nil
      } ?? "sessions")
  }
}
