import AuraDomain
import AuraScoring
import Foundation

/// Walks one athlete's sets in time order. For each set it estimates the effort (reps in
/// reserve and RPE) from what came before, then remembers the set for the athlete's e1RM per
/// exercise: from a load–velocity profile where the minimum-data rule holds, else from reps and
/// load (Epley with logged RPE's reps in reserve added).
struct StrengthTracker {
  let settings: AggregationSettings
  let catalog: ExerciseCatalog
  /// Sets seen so far, by exercise: what a later week's walk starts from.
  private(set) var history: [String: [Point]]

  struct Point: Codable, Sendable {
    var day: Int
    var loadKg: Double
    /// Fastest rep's mean concentric velocity, m/s (nil for a logbook set).
    var velocity: Double?
    var repBasedOneRepMax: Double?
  }

  init(settings: AggregationSettings, catalog: ExerciseCatalog, history: [String: [Point]] = [:]) {
    self.settings = settings
    self.catalog = catalog
    self.history = history
  }

  /// Walks an athlete's sessions (in time order): each set's effort by set id, and the e1RM of
  /// each exercise at the end of every ISO week it was trained.
  mutating func walk(_ sessions: [ScoredSession], athleteId: String) -> (
    efforts: [String: SetEffort], profiles: [StrengthProfileWeek]
  ) {
    var efforts: [String: SetEffort] = [:]
    var profiles: [StrengthProfileWeek] = []
    // This week's latest estimate per exercise, flushed when the week ends.
    var week: [String: StrengthProfileWeek] = [:]
    func flush() {
      profiles += week.keys.sorted().map { week[$0]! }
      week = [:]
    }
    for session in sessions {
      let day = session.startTime.day
      let isoWeek = ISODates.isoWeek(day: day)
      if let open = week.values.first?.isoWeek, open != isoWeek { flush() }
      for set in session.sets {
        efforts[session.setId(set)] = effort(of: set, day: day)
      }
      for set in session.sets { record(set, day: day) }
      for exercise in Set(session.sets.map(\.features.exerciseId)) {
        guard let estimate = estimate(exercise: exercise, through: day) else { continue }
        week[exercise] = StrengthProfileWeek(
          athleteId: athleteId, exerciseId: exercise, isoWeek: isoWeek,
          oneRepMaxKg: (estimate.oneRepMaxKg * 10).rounded() / 10, method: estimate.method,
          profileIntercept: estimate.profile?.intercept, profileSlope: estimate.profile?.slope,
          profileRSquared: estimate.profile?.rSquared, profileLoads: estimate.profile?.loads)
      }
    }
    flush()
    return (efforts, profiles)
  }

  /// The set's effort from its velocity loss (a recorded set), else from the RTS chart with
  /// the athlete's e1RM before this session (a logbook set); nil when neither applies.
  func effort(of set: ScoredSet, day: Int) -> SetEffort? {
    let f = set.features
    guard let pattern = catalog.resolve(f.exerciseId)?.pattern, let reps = f.repCount, reps > 0
    else { return nil }
    if f.source != .log, f.repCountUnknown == nil, let loss = f.velocityLossPercent,
      f.reps.count >= 2,
      let failure = settings.failureVelocityLoss[pattern], failure > 0
    {
      // Velocity loss grows almost linearly with the share of possible reps done
      // (Hernández-Belmonte 2022; 20 % ≈ half the reps in a squat, Pareja-Blanco 2017).
      let share = min(1, max(0, loss) / failure)
      let inReserve =
        share > 0 ? Double(f.reps.count) * (1 / share - 1) : settings.maximumReliableRIR
      return SetEffort(rir: inReserve, method: .velocityLoss, cap: settings.maximumReliableRIR)
    }
    guard let load = f.loadKg, load > 0,
      let max = estimate(exercise: f.exerciseId, before: day)?.oneRepMaxKg, max > 0
    else { return nil }
    let fraction = load / max
    guard let rpe = RPEChart.rpe(reps: reps, fractionOfMax: fraction) else {
      // Lighter than the chart reaches: at least the most reps in reserve we report.
      return SetEffort(
        rir: settings.maximumReliableRIR, method: .rtsChart, cap: settings.maximumReliableRIR)
    }
    return SetEffort(rir: 10 - rpe, method: .rtsChart, cap: settings.maximumReliableRIR)
  }

  /// Remembers a set for later e1RM estimates. Sets come in time order, so sets older than any
  /// window still to be asked for (the one ending the day before `day`) are dropped: the
  /// history stays one window long however long the data is.
  mutating func record(_ set: ScoredSet, day: Int) {
    let f = set.features
    guard let load = f.loadKg, load > 0, (f.repCount ?? 0) > 0 else { return }
    history[f.exerciseId, default: []].removeAll {
      $0.day <= day - 1 - settings.strengthWindowDays
    }
    history[f.exerciseId, default: []].append(
      Point(
        day: day, loadKg: load, velocity: f.reps.compactMap(\.meanConcentricVelocity).max(),
        repBasedOneRepMax: set.estimatedOneRepMaxKg))
  }

  /// The e1RM of `exercise` from sets in the window ending the day before `day`.
  func estimate(exercise: String, before day: Int) -> StrengthEstimate? {
    estimate(exercise: exercise, through: day - 1)
  }

  /// The e1RM of `exercise` from sets within the window ending on `day` (inclusive).
  func estimate(exercise: String, through day: Int) -> StrengthEstimate? {
    let points = (history[exercise] ?? []).filter {
      $0.day <= day && $0.day > day - settings.strengthWindowDays
    }
    guard !points.isEmpty else { return nil }
    if let pattern = catalog.resolve(exercise)?.pattern,
      let minimal = settings.minimalVelocity[pattern],
      let profile = LoadVelocityProfile.fit(
        points.compactMap { p in p.velocity.map { (loadKg: p.loadKg, velocity: $0) } },
        rule: settings.profileRule)
    {
      return StrengthEstimate(
        oneRepMaxKg: profile.load(atVelocity: minimal), method: .loadVelocity, profile: profile)
    }
    guard let best = points.compactMap(\.repBasedOneRepMax).max() else { return nil }
    return StrengthEstimate(oneRepMaxKg: best, method: .repsLoad, profile: nil)
  }
}

/// An e1RM and where it came from.
struct StrengthEstimate {
  var oneRepMaxKg: Double
  var method: OneRepMaxMethod
  var profile: LoadVelocityProfile?
}

/// Estimated effort of one set.
package struct SetEffort: Codable, Sendable, Equatable {
  /// Reps in reserve, to the half rep, at most the reliable maximum.
  package var repsInReserve: Double
  /// 10 − reps in reserve (Zourdos 2016 RIR-based RPE).
  package var rpe: Double
  package var method: EffortMethod

  init(rir: Double, method: EffortMethod, cap: Double) {
    let rounded = (min(cap, max(0, rir)) * 2).rounded() / 2
    repsInReserve = rounded
    rpe = 10 - rounded
    self.method = method
  }
}
