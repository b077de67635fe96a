import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The aggregation stage for one athlete: LP and tier, effort and e1RM, weekly volume,
/// recovery, readiness, rankings, records, nutrition, exercise risk and their roster line.
public struct Aggregator: Sendable {
  public let settings: AggregationSettings
  public let gamification: Gamification
  public let catalog: ExerciseCatalog

  public init(settings: AggregationSettings, gamification: Gamification, catalog: ExerciseCatalog) {
    self.settings = settings
    self.gamification = gamification
    self.catalog = catalog
  }

  /// What one athlete's aggregation gives: rows to publish and what their sessions' rows add.
  public struct AthleteAggregate: Codable, Sendable {
    public var results: AggregateResults
    public var annotations: SessionAnnotations
  }

  /// One athlete's inputs beside their sessions.
  public struct AthleteInputs: Sendable {
    public var wellness: [WellnessDay]
    public var nutrition: [NutritionDay]
    public var morpho: [MorphoRecord]

    public init(wellness: [WellnessDay], nutrition: [NutritionDay], morpho: [MorphoRecord]) {
      self.wellness = wellness
      self.nutrition = nutrition
      self.morpho = morpho
    }
  }

  /// One athlete's aggregates that do not depend on the day they are computed for, with what
  /// those that do (weekly volume, muscle recovery, the roster line) are computed from: a run
  /// whose data ends a day later recomputes those from this alone, without reading the
  /// athlete's sessions back.
  public struct AthleteHistory: Codable, Sendable {
    public var athleteId: String
    /// Every aggregate but the day-dependent ones (left empty).
    public var results: AggregateResults
    public var annotations: SessionAnnotations
    var doseLog: MuscleModel.DoseLog
    var sessions: [RosterBuilder.SessionSummary]
  }

  /// One athlete's history from their sessions (any order).
  public func history(athlete: Athlete, inputs: AthleteInputs, sessions: [ScoredSession])
    -> AthleteHistory
  {
    let mine = sessions.sorted { ($0.startTime, $0.sessionId) < ($1.startTime, $1.sessionId) }
    let (standing, leaguePoints) = standings(athlete: athlete, sessions: mine)
    var tracker = StrengthTracker(settings: settings, catalog: catalog)
    let (efforts, profiles) = tracker.walk(mine, athleteId: athlete.id)
    let readiness = ReadinessModel(settings: settings).days(
      athleteId: athlete.id, wellness: inputs.wellness.sorted { $0.date < $1.date },
      sessions: mine)
    var results = AggregateResults(
      standings: [standing], weeklyVolume: [], readiness: readiness,
      rankings: rankings(
        athlete: athlete, sessions: mine, leaguePoints: leaguePoints, profiles: profiles),
      personalRecords: personalRecords(athleteId: athlete.id, sessions: mine), muscles: [])
    results.strengthProfiles = profiles
    results.nutritionWeeks = NutritionModel(settings: settings).weeks(
      athlete: athlete, days: inputs.nutrition)
    // Pose-measured lengths stand in only where no morpho.csv scan exists.
    let scan =
      inputs.morpho.max { $0.date < $1.date }
      ?? PoseScan.scan(athleteId: athlete.id, sessions: mine)
    if inputs.morpho.isEmpty, let scan { results.poseScans = [scan] }
    results.risks = ExerciseRiskRule(thresholds: settings.risk).assess(
      athleteId: athlete.id, scan: scan, catalog: catalog)
    return AthleteHistory(
      athleteId: athlete.id, results: results,
      annotations: SessionAnnotations(leaguePoints: leaguePoints, efforts: efforts),
      doseLog: .init(
        MuscleModel(settings: settings, catalog: catalog).doses(mine, efforts: efforts)),
      sessions: mine.map(RosterBuilder.SessionSummary.init))
  }

  /// An athlete's aggregates as of `asOfDay` (days since 1970; the dataset's last session day,
  /// shared by every athlete so they compare): their history with weekly volume, muscle
  /// recovery and their roster line computed for that day.
  public func aggregate(_ history: AthleteHistory, asOfDay: Int) -> AthleteAggregate {
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
          leaguePoints: history.annotations.leaguePoints, readiness: results.readiness,
          records: results.personalRecords, asOfDay: asOfDay)
      ]
    }
    return AthleteAggregate(results: results, annotations: history.annotations)
  }

  /// LP walked session by session (with inactivity decay), the tier it reaches and total XP.
  func standings(athlete: Athlete, sessions: [ScoredSession]) -> (AthleteStanding, [String: Int]) {
    var lp = 0
    var volumes: [Double] = []
    var changes: [String: Int] = [:]
    var previousDay: Int? = nil
    for session in sessions {
      let day = ISODates.day(session.startTime) ?? 0
      if let previousDay { lp = max(0, lp - gamification.decay(idleDays: day - previousDay)) }
      let change = gamification.leaguePointChange(
        volumeKg: session.totalVolumeKg, previousVolumes: volumes)
      lp = max(0, lp + change)
      changes[session.sessionId] = change
      volumes.append(session.totalVolumeKg)
      previousDay = day
    }
    let standing = AthleteStanding(
      athleteId: athlete.id, leaguePoints: lp, tier: gamification.tier(leaguePoints: lp),
      totalXP: sessions.reduce(0) { $0 + $1.totalXP })
    return (standing, changes)
  }

  /// Heaviest load and best e1RM per exercise; most reps and best velocity per exercise and
  /// load; each with the session it came from (the first to reach it).
  func personalRecords(athleteId: String, sessions: [ScoredSession]) -> [PersonalRecord] {
    var best: [String: PersonalRecord] = [:]
    func offer(
      _ type: String, _ value: Double, load: Double?, exercise: String, session: ScoredSession
    ) {
      let key = "\(exercise)|\(type)|\(load.map { String($0) } ?? "")"
      if let current = best[key], current.value >= value { return }
      best[key] = PersonalRecord(
        athleteId: athleteId, exerciseId: exercise, recordType: type, value: value, loadKg: load,
        achievedAt: session.startTime, sessionId: session.sessionId)
    }
    for session in sessions {
      for set in session.sets where set.features.repCount > 0 {
        let exercise = set.features.exerciseId
        if let e1rm = set.estimatedOneRepMaxKg {
          offer(
            "best_e1rm", (e1rm * 10).rounded() / 10, load: nil, exercise: exercise, session: session
          )
        }
        guard let load = set.features.loadKg, load > 0 else { continue }
        offer("heaviest_load", load, load: nil, exercise: exercise, session: session)
        offer(
          "most_reps_at_load", Double(set.features.repCount), load: load, exercise: exercise,
          session: session)
        if let velocity = set.features.reps.compactMap(\.meanConcentricVelocity).max() {
          offer(
            "best_velocity_at_load", (velocity * 1000).rounded() / 1000, load: load,
            exercise: exercise, session: session)
        }
      }
    }
    return best.keys.sorted().map { best[$0]! }
  }

  /// A snapshot per ISO week trained: LP, tier, strength points of the week's e1RM total,
  /// form and velocity.
  func rankings(
    athlete: Athlete, sessions: [ScoredSession], leaguePoints: [String: Int],
    profiles: [StrengthProfileWeek]
  ) -> [RankingSnapshot] {
    let weeks = Dictionary(grouping: sessions) {
      ISODates.mondayOfWeek(day: ISODates.day($0.startTime) ?? 0)
    }
    var lp = 0
    var latest: [String: Double] = [:]
    let profilesByWeek = Dictionary(grouping: profiles, by: \.isoWeek)
    return weeks.keys.sorted().map { monday in
      let week = weeks[monday]!
      for session in week { lp = max(0, lp + (leaguePoints[session.sessionId] ?? 0)) }
      for profile in profilesByWeek[ISODates.isoWeek(day: monday)] ?? [] {
        latest[profile.exerciseId] = profile.oneRepMaxKg
      }
      let total = ["back_squat", "bench_press", "deadlift"].compactMap { latest[$0] }.reduce(0, +)
      var strength: Double? = nil
      if total > 0, let weight = athlete.weightKg, weight > 0 {
        if let sex = athlete.biologicalSex, sex != "other" {
          strength = StrengthFormulas.points(
            settings.pointsFormula, totalKg: total, bodyweightKg: weight, female: sex == "female")
        } else {
          strength = total / weight
        }
      }
      let forms = week.compactMap(\.averageFormScore)
      let velocities = week.flatMap {
        $0.sets.flatMap { $0.features.reps.compactMap(\.meanConcentricVelocity) }
      }
      return RankingSnapshot(
        athleteId: athlete.id, recordDate: ISODates.string(day: monday + 6),
        tier: gamification.tier(leaguePoints: lp), leaguePoints: lp,
        strengthToWeightRatio: strength.map { ($0 * 100).rounded() / 100 },
        formQualityAverage: forms.isEmpty ? nil : forms.reduce(0, +) / Double(forms.count),
        velocityScore: velocities.isEmpty ? nil : velocities.reduce(0, +) / Double(velocities.count)
      )
    }
  }
}
