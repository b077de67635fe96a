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
  static func list(previous: URL, athletes: [Athlete], today: Int) -> [DepartedAthlete] {
    guard FileManager.default.fileExists(atPath: previous.path),
      let store = try? StoreReader(databasePath: previous.path)
    else { return [] }
    let present = Set(athletes.map(\.id))
    var departed: [String: DepartedAthlete] = [:]
    let named =
      (try? store.rows("SELECT athlete_id, username, coach_id, since FROM departed_athlete"))
      ?? []
    for row in named where row.count == 4 && !present.contains(row[0]) {
      guard let since = ISODates.day(row[3]), since > today - RosterRules.entryCheckDays else {
        continue
      }
      departed[row[0]] = DepartedAthlete(
        athleteId: row[0], username: row[1], coachId: row[2].isEmpty ? nil : row[2], since: since)
    }
    for row in (try? store.rows("SELECT id, username, coach_id FROM user_profile")) ?? []
    where row.count == 3 && !present.contains(row[0]) && departed[row[0]] == nil {
      departed[row[0]] = DepartedAthlete(
        athleteId: row[0], username: row[1], coachId: row[2].isEmpty ? nil : row[2], since: today)
    }
    return departed.keys.sorted().map { departed[$0]! }
  }
}
