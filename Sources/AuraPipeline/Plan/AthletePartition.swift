import AuraAggregation
import AuraCache
import AuraDomain
import AuraIngest
import AuraScoring
import AuraSupport
import Foundation

/// The aggregation partitions of one athlete: one per ISO week with sessions or wellness days
/// (`Aggregator.week`), each keyed by its own sessions' scoring keys, its wellness days and the
/// week before's key; and their history (`Aggregator.AthleteHistory`: the weeks joined with
/// their nutrition and morpho). A new session changes its week's key and, through the chain,
/// the later weeks' and the history's; the weeks before it, and every other athlete's
/// partitions, come from the cache, their session rows from the previous publication. The
/// last day of the data is in no key: when it moves, the aggregates that depend on it are
/// recomputed from the cached histories.
struct AthletePartition: Sendable {
  /// One athlete-week. Its key also keys the rows of its sessions as published (sessions,
  /// sets, reps, form components, with the LP changes and efforts the week adds): a change to
  /// how those rows are written must bump the aggregation or schema version, or a reused
  /// publication would keep rows written the old way.
  struct Week: Sendable {
    /// Days since 1970.
    let monday: Int
    let sessions: [(partition: String, resultKey: String)]
    let key: String

    /// "2026-W47".
    var label: String { ISODates.isoWeek(day: monday) }

  }

  /// What keys an athlete's partitions besides their own rows and sessions:
  /// `Stage.athleteWeek`'s and `Stage.athleteHistory`'s key templates and exercises.csv's
  /// digest.
  struct Templates: Sendable {
    let week: ContentKey
    let history: ContentKey
    let catalogDigest: String
  }

  /// The fields of an athlete's keys: each week's, by its Monday, and the history's. Made
  /// where an entry is stored or explained, not kept with the plan (a platform's athlete-weeks'
  /// fields would add up).
  struct Fields {
    var weeks: [Int: ContentKey]
    var history: ContentKey
  }

  let athleteId: String
  /// In time order.
  let weeks: [Week]
  /// The key of the athlete's history; nil for an athlete without a week (no session, no
  /// wellness day), whose history is made from their row alone each run: nothing worth a
  /// cache entry, of which a platform's idle accounts would make millions.
  let historyKey: String?

  /// `sessions` in start order.
  init(
    athlete: Athlete, inputs: Aggregator.AthleteInputs,
    sessions: [(partition: String, resultKey: String, startTime: SessionTime)],
    templates: Templates
  ) {
    athleteId = athlete.id
    let keyed = Self.keyed(
      athlete: athlete, inputs: inputs, sessions: sessions, templates: templates)
    weeks = keyed?.weeks ?? []
    historyKey = keyed?.fields.history.finalize()
  }

  /// The fields of the keys of the partitions `init` makes from the same arguments; nil for
  /// an athlete without a week.
  static func fields(
    athlete: Athlete, inputs: Aggregator.AthleteInputs,
    sessions: [(partition: String, resultKey: String, startTime: SessionTime)],
    templates: Templates
  ) -> Fields? {
    keyed(athlete: athlete, inputs: inputs, sessions: sessions, templates: templates)?.fields
  }

  private static func keyed(
    athlete: Athlete, inputs: Aggregator.AthleteInputs,
    sessions: [(partition: String, resultKey: String, startTime: SessionTime)],
    templates: Templates
  ) -> (weeks: [Week], fields: Fields)? {
    let found = Aggregator.weeks(of: sessions, start: \.startTime, wellness: inputs.wellness)
    guard !found.isEmpty else { return nil }
    // Each node's key from the stage table: its template, then its inputs in the order
    // `Stage.inputs` gives them.
    let athleteDigest = Self.digest(athlete)
    func key(
      _ stage: Stage, template: ContentKey, monday: Int? = nil, before: Week? = nil,
      upstream: [(label: String, key: String)], wellness: [WellnessDay] = []
    ) -> ContentKey {
      var key = template
      for input in stage.inputs {
        switch input {
        case .catalog: key.add("input exercises.csv", templates.catalogDigest)
        case .athleteRow: key.add("athlete \(athlete.id)", athleteDigest)
        case .isoWeek: key.add("week", ISODates.isoWeek(day: monday!))
        case .weekBefore: if let before { key.add("week \(before.label)", before.key) }
        case .wellness: key.add("wellness", Self.digest(wellness))
        case .nutrition: key.add("nutrition", Self.digest(inputs.nutrition))
        case .morpho: key.add("morpho", Self.digest(inputs.morpho))
        case .upstream: for node in upstream { key.add(node.label, node.key) }
        case .customExercises, .sessionFiles, .athleteBody:
          preconditionFailure("\(stage) is an athlete's stage: \(input) is a session's")
        }
      }
      return key
    }
    var weeks: [Week] = []
    var fields: [Int: ContentKey] = [:]
    for (monday, mine, wellness) in found {
      let week = key(
        .athleteWeek, template: templates.week, monday: monday, before: weeks.last,
        upstream: mine.map {
          ("\(Stage.sessionResult.rawValue) of \($0.partition)", $0.resultKey)
        }, wellness: wellness
      ).sealed()
      weeks.append(
        Week(
          monday: monday, sessions: mine.map { ($0.partition, $0.resultKey) }, key: week.finalize())
      )
      fields[monday] = week
    }
    let history = key(
      .athleteHistory, template: templates.history,
      upstream: weeks.last.map { [("week \($0.label)", $0.key)] } ?? []
    ).sealed()
    return (weeks, Fields(weeks: fields, history: history))
  }

  /// The partitions of an athlete with no session and no wellness day: none.
  init(idle athleteId: String) {
    self.athleteId = athleteId
    weeks = []
    historyKey = nil
  }

  /// The first week whose sessions' rows differ from those of the publication whose partition
  /// keys are `published` (`PublishedPartitions`): a week that is new, changed or gone. Nil
  /// when every week is as published.
  func firstChangedWeek(since published: [String: String]) -> Int? {
    var changed = weeks.first { published[ISODates.string(day: $0.monday)] != $0.key }?.monday
    let mondays = Set(weeks.map(\.monday))
    for partition in published.keys {
      guard let day = ISODates.day(partition), !mondays.contains(day) else { continue }
      changed = min(changed ?? day, day)
    }
    return changed
  }

  /// The weeks from `monday` on; none when it is nil.
  func weeks(from monday: Int?) -> ArraySlice<Week> {
    guard let monday else { return [] }
    return weeks.drop { $0.monday < monday }
  }

  /// SHA-256 of a value's canonical JSON (keys sorted).
  private static func digest<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return FieldHasher.hex(of: (try? encoder.encode(value)) ?? Data())
  }
}

/// The athlete partitions a release was published from, kept in the release itself
/// (`partitions.tsv`: athlete, partition, key; the partition is a week's Monday or `history`)
/// so that they always describe the rows beside them. An athlete without weeks has neither.
enum PublishedPartitions {
  static let fileName = "partitions.tsv"
  static let history = "history"

  /// The partition keys of each athlete of the release in `folder`; empty when it has none.
  static func read(release folder: URL) -> [String: [String: String]] {
    var keys: [String: [String: String]] = [:]
    for row in TSVTable.read(folder.appendingPathComponent(fileName), columns: 3) {
      keys[row[0], default: [:]][row[1]] = row[2]
    }
    return keys
  }

  /// The partition keys of the release `out/current` points to; empty when there is none.
  static func current(out: URL) -> [String: [String: String]] {
    read(release: OutputLayout(out).currentRelease)
  }

  static func write(_ partitions: [AthletePartition], release folder: URL) throws {
    try TSVTable.write(
      partitions.flatMap { athlete in
        athlete.weeks.map { [athlete.athleteId, ISODates.string(day: $0.monday), $0.key] }
          + (athlete.historyKey.map { [[athlete.athleteId, history, $0]] } ?? [])
      },
      to: folder.appendingPathComponent(fileName))
  }
}
