import AuraDomain
import AuraIngest
import AuraStore
import Foundation

/// Nobody leaves a coach's page without a word: an athlete the current release publishes who
/// is no longer in athletes.csv is named on their coach's page, with the day a run first
/// missed them, for `RosterRules.entryCheckDays` days from that day.
enum DepartedAthletes {
  /// Those of the release whose database is `previous` (its athletes and those it still named)
  /// that `athletes` lacks, as of `today` (days since 1970).
  static func list(previous: URL, athletes: AthleteRoster, today: Int) -> [DepartedAthlete] {
    guard FileManager.default.fileExists(atPath: previous.path),
      let store = try? StoreReader(databasePath: previous.path)
    else { return [] }
    var departed: [String: DepartedAthlete] = [:]
    for row in (try? store.departedAthletes()) ?? [] where !athletes.contains(id: row.athleteId) {
      guard let since = ISODates.day(row.since), since > today - RosterRules.entryCheckDays
      else { continue }
      departed[row.athleteId] = DepartedAthlete(
        athleteId: row.athleteId, username: row.username, coachId: nonEmpty(row.coachId),
        since: since)
    }
    for row in (try? store.athleteNames(where: { !athletes.contains(id: $0) })) ?? []
    where departed[row.id] == nil {
      departed[row.id] = DepartedAthlete(
        athleteId: row.id, username: row.username, coachId: nonEmpty(row.coachId), since: today)
    }
    return departed.keys.sorted().map { departed[$0]! }
  }

  private static func nonEmpty(_ coach: String?) -> String? {
    coach.flatMap { $0.isEmpty ? nil : $0 }
  }
}
