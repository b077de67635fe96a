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

  static let historyMinSessions = Parameter.number(
    "aggregation.plausibility.history_min_sessions", 2, in: 1...100,
    "sessions of the exercise in that window before their history judges")
  static let maxLiftDOTS = Parameter.number(
    "aggregation.plausibility.max_lift_dots", 400, in: 100...2_000, unit: "DOTS points",
    "a free-weight e1RM past this many DOTS points (world records: 250-290)")

  /// The parameters the checks read, as the pipeline file lists them.
  static let declared: [ParameterDeclaration] = [
    .section(
      "aggregation.plausibility",
      "a logged set that cannot be right counts toward nothing until checked"),
    .one(SharedParameters.historyFactor), .one(historyMinSessions), .one(maxLiftDOTS),
  ]

  package init(_ p: ParameterSet, windowDays: Int) throws {
    historyFactor = try p.number(SharedParameters.historyFactor)
    historyMinimumSessions = Int(try p.number(Self.historyMinSessions))
    maximumLiftDOTS = try p.number(Self.maxLiftDOTS)
    self.windowDays = windowDays
  }

  /// One trusted set of the history: its day and e1RM.
  package struct Best: Sendable {
    package var day: Int
    package var oneRepMaxKg: Double
  }

  /// One logged set as the rules see it.
  package struct Entry: Sendable {
    package var setId: String
    package var exerciseId: String
    /// Its e1RM from load and reps (and logged RPE); nil where it has none.
    package var oneRepMaxKg: Double?
    /// A person confirmed it (`load_confirmed`): it counts as logged.
    package var confirmed: Bool

    package init(setId: String, exerciseId: String, oneRepMaxKg: Double?, confirmed: Bool) {
      self.setId = setId
      self.exerciseId = exerciseId
      self.oneRepMaxKg = oneRepMaxKg
      self.confirmed = confirmed
    }
  }

  /// Why each suspect entry of `sessions` (their days and entries, in time order) is suspect,
  /// by set id. `history` holds the athlete's trusted sets before the first session, by
  /// exercise. A session is judged against earlier sessions' trusted sets, never against
  /// its own (a ramp of warm-ups is not a history).
  package func suspects(
    _ sessions: [(day: Int, entries: [Entry])], athlete: Athlete, catalog: ExerciseCatalog,
    history: [String: [Best]] = [:]
  ) -> [String: String] {
    var bests = history
    var suspects: [String: String] = [:]
    for session in sessions {
      var kept: [Entry] = []
      for entry in session.entries {
        if !entry.confirmed,
          let reason = suspicion(
            e1rm: entry.oneRepMaxKg, day: session.day, athlete: athlete,
            equipment: catalog.resolve(entry.exerciseId)?.equipment,
            history: bests[entry.exerciseId] ?? [])
        {
          suspects[entry.setId] = reason
        } else {
          kept.append(entry)
        }
      }
      for entry in kept {
        if let e1rm = entry.oneRepMaxKg {
          bests[entry.exerciseId, default: []].append(Best(day: session.day, oneRepMaxKg: e1rm))
        }
      }
    }
    return suspects
  }

  /// `sessions` (in time order) with every suspect set left out of the sets that count (their
  /// totals recomputed), and why each suspect set is suspect, by set id. `history` is the
  /// athlete's trusted sets before the first session, by exercise
  /// (`StrengthTracker.history`).
  func screen(
    _ sessions: [ScoredSession], athlete: Athlete, catalog: ExerciseCatalog,
    history: [String: [StrengthTracker.Point]]
  ) -> (trusted: [ScoredSession], suspects: [String: String]) {
    let suspects = suspects(
      sessions.map { session in
        (
          session.startTime.day,
          session.sets.map {
            Entry(
              setId: session.setId($0), exerciseId: $0.features.exerciseId,
              oneRepMaxKg: $0.estimatedOneRepMaxKg, confirmed: $0.features.loadConfirmed)
          }
        )
      }, athlete: athlete, catalog: catalog,
      history: history.mapValues { points in
        points.compactMap { point in
          point.repBasedOneRepMax.map { Best(day: point.day, oneRepMaxKg: $0) }
        }
      })
    guard !suspects.isEmpty else { return (sessions, suspects) }
    let trusted = sessions.map { session in
      let kept = session.sets.filter { suspects[session.setId($0)] == nil }
      guard kept.count != session.sets.count else { return session }
      var screened = session
      screened.sets = kept
      screened.totalVolumeKg = kept.reduce(0) { $0 + $1.volumeKg }
      screened.totalXP = kept.reduce(0) { $0 + $1.xp }
      return screened
    }
    return (trusted, suspects)
  }

  /// Why a set with e1RM `e1rm`, done on `day`, cannot be counted as logged; nil when it can.
  func suspicion(
    e1rm: Double?, day: Int, athlete: Athlete, equipment: EquipmentType?, history: [Best]
  ) -> String? {
    guard let e1rm, e1rm > 0 else { return nil }
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
