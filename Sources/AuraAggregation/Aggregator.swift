import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The aggregation stage for one athlete: LP and tier, effort and e1RM, weekly volume,
/// recovery, readiness, rankings, records, nutrition, exercise risk and their roster line.
package struct Aggregator: Sendable {
  package let settings: AggregationSettings
  package let gamification: Gamification
  package let catalog: ExerciseCatalog

  package init(settings: AggregationSettings, gamification: Gamification, catalog: ExerciseCatalog)
  {
    self.settings = settings
    self.gamification = gamification
    self.catalog = catalog
  }

  /// One athlete's inputs beside their sessions.
  package struct AthleteInputs: Sendable {
    package var wellness: [WellnessDay]
    package var nutrition: [NutritionDay]
    package var morpho: [MorphoRecord]

    package init(wellness: [WellnessDay], nutrition: [NutritionDay], morpho: [MorphoRecord]) {
      self.wellness = wellness
      self.nutrition = nutrition
      self.morpho = morpho
    }
  }

  /// One athlete's aggregates that do not depend on the day they are computed for, with what
  /// those that do (weekly volume, muscle recovery, the roster line) are computed from: a run
  /// whose data ends a day later recomputes those from this alone, without reading the
  /// athlete's sessions back.
  package struct AthleteHistory: Codable, Sendable {
    package var athleteId: String
    /// Every aggregate but the day-dependent ones (left empty).
    package var results: AggregateResults
    /// LP change per session id, for the roster line. The sets' efforts, which only their
    /// rows need, stay with the weeks (`AthleteWeek.annotations`).
    var leaguePoints: [String: Int]
    var doseLog: MuscleModel.DoseLog
    var sessions: [RosterBuilder.SessionSummary]
  }

  /// One athlete's history from their sessions (any order): their weeks walked in order.
  package func history(athlete: Athlete, inputs: AthleteInputs, sessions: [ScoredSession])
    -> AthleteHistory
  {
    var fold = AthleteFold()
    let weeks = Self.weeks(of: sessions, start: \.startTime, wellness: inputs.wellness).map {
      let week = self.week(
        athlete: athlete, monday: $0.monday, sessions: $0.sessions, wellness: $0.wellness,
        after: fold)
      fold = week.fold
      return week
    }
    return history(athlete: athlete, inputs: inputs, weeks: weeks)
  }

  /// One athlete's history from their weeks (`week(athlete:monday:sessions:wellness:after:)`,
  /// each walked on from the one before, in order) and their own inputs.
  package func history(athlete: Athlete, inputs: AthleteInputs, weeks: [AthleteWeek])
    -> AthleteHistory
  {
    let fold = weeks.last?.fold ?? AthleteFold()
    let standing = AthleteStanding(
      athleteId: athlete.id, leaguePoints: fold.leaguePoints,
      tier: gamification.tier(leaguePoints: fold.leaguePoints), totalXP: fold.totalXP)
    var results = AggregateResults(
      standings: [standing], weeklyVolume: [], readiness: weeks.flatMap(\.readiness),
      rankings: weeks.compactMap(\.ranking),
      personalRecords: fold.records.keys.sorted().map { fold.records[$0]! }, muscles: [])
    results.strengthProfiles = weeks.flatMap(\.profiles)
    results.nutritionWeeks = NutritionModel(settings: settings).weeks(
      athlete: athlete, days: inputs.nutrition)
    // Pose-measured lengths stand in only where no morpho.csv scan exists.
    let scan =
      inputs.morpho.max { $0.date < $1.date }
      ?? PoseScan.scan(athleteId: athlete.id, measured: weeks.flatMap(\.poseMeasures))
    if inputs.morpho.isEmpty, let scan { results.poseScans = [scan] }
    results.risks = ExerciseRiskRule(thresholds: settings.risk).assess(
      athleteId: athlete.id, scan: scan, catalog: catalog)
    var leaguePoints: [String: Int] = [:]
    for week in weeks { leaguePoints.merge(week.annotations.leaguePoints) { $1 } }
    return AthleteHistory(
      athleteId: athlete.id, results: results, leaguePoints: leaguePoints,
      doseLog: .init(weeks.flatMap(\.doseLog.doses)), sessions: weeks.flatMap(\.sessions))
  }

  /// An athlete's aggregates as of `asOfDay` (days since 1970; the dataset's last session day,
  /// shared by every athlete so they compare): their history with weekly volume, muscle
  /// recovery and their roster line computed for that day.
  package func aggregate(_ history: AthleteHistory, asOfDay: Int) -> AggregateResults {
    let id = history.athleteId
    let muscles = MuscleModel(settings: settings, catalog: catalog)
    var results = history.results
    let doses = history.doseLog.doses
    results.weeklyVolume = muscles.weeklyVolume(
      athleteId: id, doses: doses, asOfDay: asOfDay)
    results.muscles = muscles.states(athleteId: id, doses: doses, asOfDay: asOfDay)
    results.recoveryHeatmap = muscles.heatmap(
      athleteId: id, doses: doses, asOfDay: asOfDay)
    if let standing = results.standings.first {
      results.roster = [
        RosterBuilder(settings: settings).entry(
          standing: standing, sessions: history.sessions,
          leaguePoints: history.leaguePoints, readiness: results.readiness,
          records: results.personalRecords, asOfDay: asOfDay)
      ]
    }
    return results
  }

  /// Heaviest load and best e1RM per exercise; most reps and best velocity per exercise and
  /// load; each with the session it came from (the first to reach it).
  func personalRecords(athleteId: String, sessions: [ScoredSession]) -> [PersonalRecord] {
    var best: [String: PersonalRecord] = [:]
    offerRecords(athleteId: athleteId, sessions: sessions, to: &best)
    return best.keys.sorted().map { best[$0]! }
  }

  /// Offers every set of `sessions` (in time order) to `best`, the records so far by
  /// exercise, type and load: a record is replaced only by a strictly better value.
  func offerRecords(
    athleteId: String, sessions: [ScoredSession], to best: inout [String: PersonalRecord]
  ) {
    func offer(
      _ type: String, _ value: Double, load: Double?, exercise: String, session: ScoredSession
    ) {
      let key = "\(exercise)|\(type)|\(load.map { String($0) } ?? "")"
      let current = best[key]
      if let current, current.value >= value { return }
      // What it beat is the best before this session: a set that beats one of the same
      // session is not news on its own.
      let previous =
        current.map { $0.sessionId == session.sessionId ? $0.previousValue : $0.value } ?? nil
      let margin = type == "most_reps_at_load" ? settings.recordRepsMargin : 0
      best[key] = PersonalRecord(
        athleteId: athleteId, exerciseId: exercise, recordType: type, value: value, loadKg: load,
        achievedAt: session.startTime, sessionId: session.sessionId, previousValue: previous,
        notable: previous.map { value - $0 >= margin } ?? false)
    }
    for session in sessions {
      for set in session.sets {
        guard let reps = set.features.repCount, reps > 0 else { continue }
        let exercise = set.features.exerciseId
        if let e1rm = set.estimatedOneRepMaxKg {
          offer(
            "best_e1rm", (e1rm * 10).rounded() / 10, load: nil, exercise: exercise, session: session
          )
        }
        guard let load = set.features.loadKg, load > 0 else { continue }
        offer("heaviest_load", load, load: nil, exercise: exercise, session: session)
        offer(
          "most_reps_at_load", Double(reps), load: load, exercise: exercise,
          session: session)
        if let velocity = set.features.reps.compactMap(\.meanConcentricVelocity).max() {
          offer(
            "best_velocity_at_load", (velocity * 1000).rounded() / 1000, load: load,
            exercise: exercise, session: session)
        }
      }
    }
  }
}
