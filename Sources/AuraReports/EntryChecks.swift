import AuraDomain
import AuraStore

/// The sets of an athlete's last `RosterRules.entryCheckDays` days kept out of what counts
/// until someone checks them (`workout_set.entry_check`): what the roster's `check_entry`
/// flag stands on, listed on the athlete's page so the coach's link lands on each.
struct EntryChecks {
  let context: ReportContext

  /// One suspect set: "back squat 550 kg × 9 on Sat 14 Nov (best e1RM before: 86.5 kg)".
  struct Entry {
    var text: String
    /// Its line's id on the athlete's page.
    var anchor: String
  }

  /// The suspect sets, oldest first.
  func entries(athleteId: String) throws -> [Entry] {
    let sessions = try context.store.sessions(
      athleteId: athleteId,
      since: ISODates.string(day: context.asOfDay + 1 - RosterRules.entryCheckDays)
    ).filter { (ISODates.day($0.startTime) ?? Int.max) <= context.asOfDay }
    let sets = try context.store.workoutSets(sessionIds: sessions.map(\.id)).filter {
      $0.entryCheck != nil
    }
    return sets.compactMap { set in
      guard let session = sessions.first(where: { $0.id == set.sessionId }) else { return nil }
      let reps = (set.reps ?? set.repsLogged).map { " × \($0)" } ?? ""
      return Entry(
        text:
          "\(context.exerciseName(set.exerciseId).lowercased()) \(Units.kg(set.weightKg))\(reps) on \(Units.day(session.startTime)) (\(set.entryCheck ?? ""))",
        anchor: PageAnchor.entry(session.id, set.setNumber))
    }
  }
}
