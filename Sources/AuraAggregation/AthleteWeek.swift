import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// What an athlete's aggregation carries from one ISO week to the next: LP, the e1RM window,
/// records so far, and the training load and wellness baseline behind readiness. A week is
/// computed from the fold of the week before it and its own sessions and wellness days alone.
package struct AthleteFold: Codable, Sendable {
  var leaguePoints = 0
  /// The volumes of the last sessions, as many as the LP baseline averages.
  var recentVolumes: [Double] = []
  var previousDay: Int? = nil
  var totalXP = 0
  /// LP as the weekly ranking snapshots sum it (session changes, no inactivity decay).
  var rankingLeaguePoints = 0
  /// The latest e1RM per exercise, as the ranking snapshots total it.
  var latestOneRepMax: [String: Double] = [:]
  var strength: [String: [StrengthTracker.Point]] = [:]
  /// Best record so far per exercise, type and load (`Aggregator.offerRecords`).
  var records: [String: PersonalRecord] = [:]
  var readiness = ReadinessModel.Fold()

  /// Before an athlete's first week.
  package init() {}
}

/// One ISO week of one athlete's aggregation: what its sessions and wellness days add to the
/// athlete's history, and the fold at its end. An athlete's history is their weeks joined
/// (`Aggregator.history(athlete:inputs:weeks:)`), so a new session recomputes its week and the
/// weeks after it, never the ones before.
package struct AthleteWeek: Codable, Sendable {
  /// The week's Monday, days since 1970.
  package var monday: Int
  var sessions: [RosterBuilder.SessionSummary]
  /// LP changes of the week's sessions and efforts of their sets: what their rows add.
  package var annotations: SessionAnnotations
  var doseLog: MuscleModel.DoseLog
  var profiles: [StrengthProfileWeek]
  var readiness: [ReadinessDay]
  var ranking: RankingSnapshot?
  var poseMeasures: [PoseScan.Measure]
  package var fold: AthleteFold
}

extension Aggregator {
  /// The Monday (days since 1970) of the ISO week a session starting at `startTime` belongs to.
  package static func monday(ofSession startTime: SessionTime) -> Int {
    ISODates.mondayOfWeek(day: startTime.day)
  }

  /// The Monday of the ISO week of a wellness day; nil when its date does not parse.
  package static func monday(ofWellness day: WellnessDay) -> Int? {
    ISODates.day(day.date).map(ISODates.mondayOfWeek(day:))
  }

  /// `sessions` (by their `start` time) and `wellness` days grouped by ISO week, in time order:
  /// every week with one or the other. A wellness day whose date does not parse is left out.
  package static func weeks<Session>(
    of sessions: [Session], start: (Session) -> SessionTime, wellness: [WellnessDay]
  ) -> [(monday: Int, sessions: [Session], wellness: [WellnessDay])] {
    let sessionWeeks = Dictionary(grouping: sessions) { monday(ofSession: start($0)) }
    let wellnessWeeks = wellnessByWeek(wellness)
    return Set(sessionWeeks.keys).union(wellnessWeeks.keys).sorted().map {
      ($0, sessionWeeks[$0] ?? [], wellnessWeeks[$0] ?? [])
    }
  }

  /// `wellness` days by the Monday of their ISO week, each week's in their order; a day whose
  /// date does not parse is left out.
  package static func wellnessByWeek(_ wellness: [WellnessDay]) -> [Int: [WellnessDay]] {
    var weeks: [Int: [WellnessDay]] = [:]
    for day in wellness {
      if let monday = monday(ofWellness: day) { weeks[monday, default: []].append(day) }
    }
    return weeks
  }

  /// One ISO week of `athlete`: their `sessions` and `wellness` days of the week starting on
  /// `monday` (any order), walked on from the `fold` of the week before.
  package func week(
    athlete: Athlete, monday: Int, sessions: [ScoredSession], wellness: [WellnessDay],
    after fold: AthleteFold
  ) -> AthleteWeek {
    let mine = sessions.sorted { ($0.startTime, $0.sessionId) < ($1.startTime, $1.sessionId) }
    var fold = fold
    // What counts toward LP, e1RM, records and rankings: the sets that are plausible as
    // logged. The logbook, the week's volume and the roster keep every set.
    let (trusted, suspects) = settings.plausibility.screen(
      mine, athlete: athlete, catalog: catalog, history: fold.strength)
    let leaguePoints = walkLeaguePoints(trusted, fold: &fold)
    var tracker = StrengthTracker(settings: settings, catalog: catalog, history: fold.strength)
    let (efforts, profiles) = tracker.walk(trusted, athleteId: athlete.id)
    fold.strength = tracker.history
    let readiness = ReadinessModel(settings: settings).days(
      athleteId: athlete.id, wellness: wellness.sorted { $0.date < $1.date }, sessions: trusted,
      through: monday + 6, fold: &fold.readiness)
    let ranking =
      trusted.isEmpty
      ? nil
      : rankingSnapshot(
        athlete: athlete, monday: monday, sessions: trusted, leaguePoints: leaguePoints,
        profiles: profiles, fold: &fold)
    offerRecords(athleteId: athlete.id, sessions: trusted, to: &fold.records)
    return AthleteWeek(
      monday: monday,
      sessions: mine.map { RosterBuilder.SessionSummary($0, suspects: suspects) },
      annotations: SessionAnnotations(
        leaguePoints: leaguePoints, efforts: efforts, suspects: suspects),
      doseLog: .init(
        MuscleModel(settings: settings, catalog: catalog).doses(mine, efforts: efforts)),
      profiles: profiles, readiness: readiness, ranking: ranking,
      poseMeasures: PoseScan.measures(mine), fold: fold)
  }

  /// LP walked session by session (with inactivity decay): each session's change.
  private func walkLeaguePoints(_ sessions: [ScoredSession], fold: inout AthleteFold)
    -> [String: Int]
  {
    var changes: [String: Int] = [:]
    let baseline = max(0, gamification.settings.lpBaselineSessions)
    for session in sessions {
      let day = session.startTime.day
      if let previousDay = fold.previousDay {
        fold.leaguePoints = max(
          0, fold.leaguePoints - gamification.decay(idleDays: day - previousDay))
      }
      let change = gamification.leaguePointChange(
        volumeKg: session.totalVolumeKg, previousVolumes: fold.recentVolumes)
      fold.leaguePoints = max(0, fold.leaguePoints + change)
      changes[session.sessionId] = change
      fold.recentVolumes = Array((fold.recentVolumes + [session.totalVolumeKg]).suffix(baseline))
      fold.previousDay = day
      fold.totalXP += session.totalXP
    }
    return changes
  }

  /// The week's ranking snapshot: LP, tier, strength points of the latest e1RM total, form
  /// and velocity.
  private func rankingSnapshot(
    athlete: Athlete, monday: Int, sessions: [ScoredSession], leaguePoints: [String: Int],
    profiles: [StrengthProfileWeek], fold: inout AthleteFold
  ) -> RankingSnapshot {
    for session in sessions {
      fold.rankingLeaguePoints = max(
        0, fold.rankingLeaguePoints + (leaguePoints[session.sessionId] ?? 0))
    }
    for profile in profiles { fold.latestOneRepMax[profile.exerciseId] = profile.oneRepMaxKg }
    let total = ["back_squat", "bench_press", "deadlift"].compactMap { fold.latestOneRepMax[$0] }
      .reduce(0, +)
    var strength: Double? = nil
    if total > 0, let weight = athlete.weightKg, weight > 0 {
      if let sex = athlete.biologicalSex, sex != "other" {
        strength = StrengthFormulas.points(
          settings.pointsFormula, totalKg: total, bodyweightKg: weight, female: sex == "female")
      } else {
        strength = total / weight
      }
    }
    let forms = sessions.compactMap(\.averageFormScore)
    let velocities = sessions.flatMap {
      $0.sets.flatMap { $0.features.reps.compactMap(\.meanConcentricVelocity) }
    }
    let lp = fold.rankingLeaguePoints
    return RankingSnapshot(
      athleteId: athlete.id, recordDate: ISODates.string(day: monday + 6),
      tier: gamification.tier(leaguePoints: lp), leaguePoints: lp,
      strengthToWeightRatio: strength.map { ($0 * 100).rounded() / 100 },
      formQualityAverage: forms.isEmpty ? nil : forms.reduce(0, +) / Double(forms.count),
      velocityScore: velocities.isEmpty ? nil : velocities.reduce(0, +) / Double(velocities.count)
    )
  }
}
