import AuraDomain
import AuraStore

/// One reason an athlete needs the coach's attention, as the page and the mail show it: the
/// number, the rule's threshold, the lift or date it concerns, and the part of the athlete's
/// page that shows the evidence.
struct AttentionReason {
  /// The roster flag (`coach_roster.flags`) it explains.
  var flag: String
  /// "readiness 38 on Sun 22 Nov (flagged below 50)".
  var text: String
  /// The section of the athlete's page that shows the evidence (`readiness`, `sessions`).
  var section: String

  /// The flags in the order a coach should look at them: how soon each can hurt the athlete.
  static let urgency = [
    "low_readiness", "velocity_loss", "form_dropping", "missed_sessions", "check_entry",
    "quarantined",
  ]

  var rank: Int { Self.urgency.firstIndex(of: flag) ?? Self.urgency.count }
}

/// Explains an athlete's roster flags with the numbers behind them, by the rules the
/// aggregation stage applied (`RosterBuilder`): the same window, the same thresholds.
struct AttentionReasons {
  let context: ReportContext

  /// The reasons behind `flags` (and the athlete's set-aside inputs), most urgent first.
  func reasons(
    athleteId: String, roster: ReportRows.Roster?, flags: [String], setAside: Int
  ) throws -> [AttentionReason] {
    var reasons: [AttentionReason] = []
    for flag in flags {
      switch flag {
      case "low_readiness":
        let threshold = context.number("aggregation.roster.low_readiness")
        reasons.append(
          .init(
            flag: flag,
            text:
              "readiness \(Units.score(roster?.readiness))\(on(roster?.readinessDate)) (flagged below \(Units.score(threshold)))",
            section: "readiness"))
      case "velocity_loss":
        reasons.append(
          .init(flag: flag, text: try velocityLoss(athleteId), section: "sessions"))
      case "form_dropping":
        reasons.append(.init(flag: flag, text: try formDrop(athleteId), section: "sessions"))
      case "check_entry":
        reasons.append(.init(flag: flag, text: try entryCheck(athleteId), section: "sessions"))
      case "missed_sessions":
        let last = roster?.lastSessionDate.map { "; the last was on \(Units.day($0))" } ?? ""
        reasons.append(
          .init(
            flag: flag,
            text:
              "no session in the 7 days to \(Units.day(context.asOf))\(last.isEmpty ? "; none recorded yet" : last)",
            section: "sessions"))
      default:
        break
      }
    }
    if setAside > 0 {
      reasons.append(
        .init(
          flag: "quarantined",
          text: setAside == 1
            ? "1 input set aside (named under the athlete)"
            : "\(setAside) inputs set aside (named under the athlete)",
          section: "set-aside"))
    }
    return reasons.sorted { $0.rank < $1.rank }
  }

  private func on(_ date: String?) -> String { date.map { " on \(Units.day($0))" } ?? "" }

  /// The window's set that lost the most velocity among those past the threshold, how many
  /// more there are, and the rule: the numbers the roster's flag was raised on.
  private func velocityLoss(_ athleteId: String) throws -> String {
    let threshold = context.number("features.velocity_loss_threshold_pct") ?? 0
    let sessions = try context.store.sessions(
      athleteId: athleteId, since: ISODates.string(day: context.windowStartDay))
    let sets = try context.store.workoutSets(sessionIds: sessions.map(\.id))
    // A release published before the rule flagged any auto-stopped set.
    guard let flag = context.velocityLossFlag else {
      return velocityLoss(
        sets.filter(\.autoStopped), sessions: sessions, threshold: threshold,
        rule: "(flagged past \(Units.percent(threshold)))")
    }
    let rule =
      "(flagged at \(flag.sets) set\(flag.sets == 1 ? "" : "s") past \(Units.percent(threshold)) or one past \(Units.percent(threshold + flag.margin)))"
    return velocityLoss(
      sets.filter { flag.isPast($0.velocityLossPercent) }, sessions: sessions,
      threshold: threshold, rule: rule)
  }

  /// "velocity loss 34 % in bench press set 3 on Tue 24 Nov and 1 more set past 20 % (rule)":
  /// the set of `past` that lost the most.
  private func velocityLoss(
    _ past: [ReportRows.WorkoutSet], sessions: [ReportRows.Session], threshold: Double,
    rule: String
  ) -> String {
    guard
      let worst = past.max(by: { ($0.velocityLossPercent ?? 0) < ($1.velocityLossPercent ?? 0) }),
      let session = sessions.first(where: { $0.id == worst.sessionId })
    else { return "velocity loss past threshold \(rule)" }
    let more =
      past.count > 1
      ? " and \(past.count - 1) more set\(past.count > 2 ? "s" : "") past \(Units.percent(threshold))"
      : ""
    return
      "velocity loss \(Units.percent(worst.velocityLossPercent)) in \(context.exerciseName(worst.exerciseId).lowercased()) set \(worst.setNumber) on \(Units.day(session.startTime))\(more) \(rule)"
  }

  /// The first set of the last four weeks kept out of what counts until someone checks it.
  private func entryCheck(_ athleteId: String) throws -> String {
    let sessions = try context.store.sessions(
      athleteId: athleteId,
      since: ISODates.string(day: context.asOfDay + 1 - RosterRules.entryCheckDays))
    let sets = try context.store.workoutSets(sessionIds: sessions.map(\.id)).filter {
      $0.entryCheck != nil
    }
    guard let first = sets.first, let session = sessions.first(where: { $0.id == first.sessionId })
    else { return "check an entry of the last \(RosterRules.entryCheckDays) days" }
    let reps = (first.reps ?? first.repsLogged).map { " × \($0)" } ?? ""
    let more = sets.count > 1 ? " and \(sets.count - 1) more set\(sets.count > 2 ? "s" : "")" : ""
    return
      "check this entry: \(context.exerciseName(first.exerciseId).lowercased()) \(Units.kg(first.weightKg))\(reps) on \(Units.day(session.startTime)) (\(first.entryCheck ?? ""))\(more)"
  }

  /// The window's mean form score against the 3 weeks before it.
  private func formDrop(_ athleteId: String) throws -> String {
    let since = context.windowStartDay - RosterRules.formBaselineDays
    let sessions = try context.store.sessions(
      athleteId: athleteId, since: ISODates.string(day: since))
    var now: [Double] = []
    var before: [Double] = []
    for session in sessions {
      guard let form = session.averageFormScore, let day = ISODates.day(session.startTime) else {
        continue
      }
      if day >= context.windowStartDay { now.append(form) } else { before.append(form) }
    }
    func mean(_ values: [Double]) -> Double? {
      values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
    return
      "form \(Units.score(mean(now))) this week against \(Units.score(mean(before))) over the 3 weeks before (flagged on a drop of more than \(Units.score(RosterRules.formDrop)))"
  }
}
