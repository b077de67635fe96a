import AuraDomain
import AuraScoring

/// One athlete's line on the Zirofit-style coach roster, as of the data window's last day:
/// sessions and LP over the last 7 days, latest readiness, new records, and flags that need
/// the coach's attention.
struct RosterBuilder {
  let settings: AggregationSettings

  /// What the roster needs of one session.
  struct SessionSummary: Codable, Sendable {
    var sessionId: String
    var startTime: SessionTime
    /// Each set's published velocity loss, percent, where it has one.
    var velocityLosses: [Double]
    var averageFormScore: Double?
    /// Sets kept out of what counts until someone checks them (`EntryPlausibility`).
    var suspectSets: Int

    /// `session`'s summary; `suspects` holds the set ids that are suspect.
    init(_ session: ScoredSession, suspects: [String: String]) {
      sessionId = session.sessionId
      startTime = session.startTime
      velocityLosses = session.sets.compactMap(\.features.velocityLossPercent)
      averageFormScore = session.averageFormScore
      suspectSets = session.sets.filter { suspects[session.setId($0)] != nil }.count
    }
  }

  /// The line of the athlete with `standing` and `sessions` (in start order).
  func entry(
    standing: AthleteStanding, sessions: [SessionSummary], leaguePoints: [String: Int],
    readiness: [ReadinessDay], records: [PersonalRecord], asOfDay: Int
  ) -> RosterEntry {
    // The counts and the week's flags are of the as-of day's ISO week, Monday on; "no
    // sessions" looks back 7 days whatever the weekday, or every Monday would flag everyone.
    let weekStart = ISODates.mondayOfWeek(day: asOfDay)
    let days = sessions.map { ($0, $0.startTime.day) }
    let recent = days.filter { $0.1 >= weekStart && $0.1 <= asOfDay }.map(\.0)
    let lastSevenDays = days.filter { $0.1 >= asOfDay - 6 && $0.1 <= asOfDay }
    let earlier = days.filter {
      $0.1 >= weekStart - RosterRules.formBaselineDays && $0.1 < weekStart
    }.map(\.0)
    let latest = readiness.last { $0.readiness != nil }
    var flags: [AttentionFlag] = []
    if let value = latest?.readiness, value < settings.lowReadiness {
      flags.append(.lowReadiness)
    }
    if settings.velocityLossFlag.flags(recent.flatMap(\.velocityLosses)) {
      flags.append(.velocityLoss)
    }
    if let now = Self.meanForm(recent), let before = Self.meanForm(earlier),
      now < before - settings.formDrop
    {
      flags.append(.formDropping)
    }
    if lastSevenDays.isEmpty { flags.append(.missedSessions) }
    if days.contains(where: {
      $0.0.suspectSets > 0 && $0.1 > asOfDay - RosterRules.entryCheckDays && $0.1 <= asOfDay
    }) {
      flags.append(.checkEntry)
    }
    return RosterEntry(
      athleteId: standing.athleteId, sessionsThisWeek: recent.count,
      lastSessionDate: sessions.last.map { String($0.startTime.text.prefix(10)) },
      readiness: latest?.readiness, readinessDate: latest?.date,
      leaguePoints: standing.leaguePoints, tier: standing.tier,
      leaguePointsChangeThisWeek: recent.reduce(0) { $0 + (leaguePoints[$1.sessionId] ?? 0) },
      newRecordsThisWeek: records.filter { $0.notable && $0.achievedAt.day >= weekStart }.count,
      flags: flags, isoWeek: ISODates.isoWeek(day: asOfDay))
  }

  static func meanForm(_ sessions: [SessionSummary]) -> Double? {
    let forms = sessions.compactMap(\.averageFormScore)
    return forms.isEmpty ? nil : forms.reduce(0, +) / Double(forms.count)
  }
}
