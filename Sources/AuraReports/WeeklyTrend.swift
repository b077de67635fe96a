import AuraCharts
import AuraDomain
import AuraStore

/// An athlete's last `weeks` ISO weeks (the report's week last): mean readiness and hard sets
/// (working sets at RPE 7 or more, reported or else estimated: 3 reps or fewer in reserve).
struct WeeklyTrend {
  static let weeks = 8
  /// The RPE from which a set counts as hard.
  static let hardRPE = 7.0

  var readiness: [Double?]
  var hardSets: [Double?]

  init(athleteId: String, context: ReportContext) throws {
    let firstMonday = context.windowStartDay - 7 * (Self.weeks - 1)
    func week(_ text: String) -> Int? {
      guard let day = ISODates.day(text), day >= firstMonday, day <= context.asOfDay else {
        return nil
      }
      return (day - firstMonday) / 7
    }
    var scores = Array(repeating: [Double](), count: Self.weeks)
    for day in try context.store.readinessDays(athleteId: athleteId) {
      if let value = day.readiness, let index = week(day.date) { scores[index].append(value) }
    }
    readiness = scores.map { $0.isEmpty ? nil : $0.reduce(0, +) / Double($0.count) }
    let sessions = try context.store.sessions(
      athleteId: athleteId, since: ISODates.string(day: firstMonday))
    let weekOf = Dictionary(
      sessions.compactMap { session in week(session.startTime).map { (session.id, $0) } },
      uniquingKeysWith: { first, _ in first })
    var hard: [Double?] = Array(repeating: nil, count: Self.weeks)
    for index in Set(weekOf.values) { hard[index] = 0 }
    for set in try context.store.workoutSets(sessionIds: sessions.map(\.id)) {
      guard let index = weekOf[set.sessionId] else { continue }
      if (set.rpe ?? set.rpeEstimated ?? 0) >= Self.hardRPE { hard[index] = (hard[index] ?? 0) + 1 }
    }
    hardSets = hard
  }

  /// "62 · – · 70 · 71": one value a week, oldest first.
  static func text(_ values: [Double?]) -> String {
    values.map { Units.score($0) }.joined(separator: " · ")
  }

  /// "62 → 69": the first and the last week with a value, "–" without any.
  static func change(_ values: [Double?]) -> String {
    let present = values.compactMap { $0 }
    guard let first = present.first, let last = present.last else { return Units.missing }
    return present.count == 1 ? Units.score(last) : "\(Units.score(first)) → \(Units.score(last))"
  }

  var readinessChart: String? {
    Sparkline(title: "Readiness by week", values: readiness, style: .line, maximum: 100)
      .render(summary: "Mean readiness of each of the last 8 ISO weeks: \(Self.text(readiness))")
  }

  var hardSetsChart: String? {
    Sparkline(title: "Hard sets by week", values: hardSets, style: .bars)
      .render(summary: "Hard sets in each of the last 8 ISO weeks: \(Self.text(hardSets))")
  }
}
