import AuraDomain
import AuraIngest
import AuraScoring

/// Judges a logged set's load and reps before they count: a set whose e1RM lies far beyond
/// the athlete's own recent best of the exercise, or beyond what the strongest lifters of
/// their bodyweight and sex lift, is suspect (a 950 typed for 95). A suspect set stays in the
/// logbook but is kept out of records, e1RM, strength profiles, LP, tiers and leaderboards,
/// and the coach is asked to check it, until a person confirms it (`load_confirmed` in
/// session.json) and the next run counts it.
package struct EntryPlausibility: Sendable, Equatable {
  /// A set is suspect when its e1RM is more than this times the athlete's best e1RM of the
  /// exercise over the strength window (`aggregation.strength.window_days`).
  package var historyFactor: Double
  /// Sessions of the exercise the window must hold before the athlete's own history judges.
  package var historyMinimumSessions: Int
  /// A free-weight set is suspect when its e1RM scores more DOTS points (as if it were a
  /// whole total) than this: the heaviest single lifts ever made score about 250-290.
  package var maximumLiftDOTS: Double
  /// Days of history the first rule looks back over.
  package var windowDays: Int

  /// The bodyweight that stands in where the athlete's is unknown: the heaviest the DOTS
  /// formula knows, so that the lift judged is the heaviest it allows.
  static let unknownBodyweightKg = 210.0
  /// What the absolute rule judges: loads on free weights and the body, where world records
  /// bound them (a machine's stack or a leg press's sled does not compare).
  static let freeWeights: Set<EquipmentType> = [.barbell, .dumbbell, .kettlebell, .bodyweight]

  package init(_ p: ParameterSet, windowDays: Int) throws {
    historyFactor = try p.number("aggregation.plausibility.history_factor")
    historyMinimumSessions = Int(try p.number("aggregation.plausibility.history_min_sessions"))
    maximumLiftDOTS = try p.number("aggregation.plausibility.max_lift_dots")
    self.windowDays = windowDays
  }

  /// One trusted set of the history: its day and e1RM.
  struct Best {
    var day: Int
    var oneRepMaxKg: Double
  }

  /// `sessions` (in time order) with every suspect set left out of the sets that count (their
  /// totals recomputed), and why each suspect set is suspect, by set id. `history` is the
  /// athlete's trusted sets before the first session, by exercise
  /// (`StrengthTracker.history`).
  func screen(
    _ sessions: [ScoredSession], athlete: Athlete, catalog: ExerciseCatalog,
    history: [String: [StrengthTracker.Point]]
  ) -> (trusted: [ScoredSession], suspects: [String: String]) {
    var bests = history.mapValues { points in
      points.compactMap { point in
        point.repBasedOneRepMax.map { Best(day: point.day, oneRepMaxKg: $0) }
      }
    }
    var suspects: [String: String] = [:]
    var trusted: [ScoredSession] = []
    for session in sessions {
      let day = session.startTime.day
      var kept: [ScoredSet] = []
      for set in session.sets {
        let equipment = catalog.resolve(set.features.exerciseId)?.equipment
        if !set.features.loadConfirmed,
          let reason = suspicion(
            of: set, day: day, athlete: athlete, equipment: equipment,
            history: bests[set.features.exerciseId] ?? [])
        {
          suspects[session.setId(set)] = reason
        } else {
          kept.append(set)
        }
      }
      // Later sessions are judged against this one's trusted sets, not against each other
      // within it (a ramp of warm-ups is not a history).
      for set in kept {
        if let e1rm = set.estimatedOneRepMaxKg {
          bests[set.features.exerciseId, default: []].append(Best(day: day, oneRepMaxKg: e1rm))
        }
      }
      guard kept.count != session.sets.count else {
        trusted.append(session)
        continue
      }
      var screened = session
      screened.sets = kept
      screened.totalVolumeKg = kept.reduce(0) { $0 + $1.volumeKg }
      screened.totalXP = kept.reduce(0) { $0 + $1.xp }
      trusted.append(screened)
    }
    return (trusted, suspects)
  }

  /// Why `set`, done on `day`, cannot be counted as logged; nil when it can.
  func suspicion(
    of set: ScoredSet, day: Int, athlete: Athlete, equipment: EquipmentType?,
    history: [Best]
  ) -> String? {
    guard let e1rm = set.estimatedOneRepMaxKg, e1rm > 0 else { return nil }
    let window = history.filter { $0.day < day && $0.day > day - 1 - windowDays }
    if Set(window.map(\.day)).count >= historyMinimumSessions,
      let best = window.map(\.oneRepMaxKg).max(), e1rm > historyFactor * best
    {
      return "best e1RM before: \(Self.kilograms(best)) kg"
    }
    if let equipment, Self.freeWeights.contains(equipment) {
      let female = athlete.biologicalSex == "female"
      let bodyweight = athlete.weightKg ?? Self.unknownBodyweightKg
      let points = StrengthFormulas.dots(totalKg: e1rm, bodyweightKg: bodyweight, female: female)
      if points > maximumLiftDOTS {
        let weight =
          athlete.weightKg.map { "at \(Self.kilograms($0)) kg bodyweight" } ?? "at any bodyweight"
        return "an e1RM of \(Self.kilograms(e1rm)) kg is beyond the heaviest lifts \(weight)"
      }
    }
    return nil
  }

  /// A load to a tenth of a kilogram, without a trailing ".0".
  static func kilograms(_ value: Double) -> String {
    let tenth = (value * 10).rounded() / 10
    return tenth == tenth.rounded() ? String(Int(tenth)) : String(tenth)
  }
}
