import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The aggregation partition of one athlete: what their aggregates and their sessions'
/// published rows are computed from, as two content keys. A new session of one athlete changes
/// that athlete's keys only, so the others' aggregates come from the cache and their rows from
/// the previous publication.
struct AthletePartition: Sendable {
  let athleteId: String
  /// Key of the athlete's session rows as published (sessions, sets, reps, form components,
  /// with the LP changes and efforts their aggregation adds): their scored sessions, their own
  /// inputs, the catalog, and the aggregation's parameters and code. A change to how those rows
  /// are written must bump the aggregation or schema version, or a reused publication would
  /// keep rows written the old way.
  let rowsKey: String
  /// Key of the athlete's aggregates: the rows key's fields and the day the data ends (the day
  /// recovery, readiness and the roster are computed for).
  let aggregateKey: String
  let aggregateFields: ContentKey

  init(
    athlete: Athlete, inputs: Aggregator.AthleteInputs,
    sessions: [(partition: String, scoringKey: String)], asOfDay: Int, parameters: ParameterSet,
    catalogDigest: String
  ) {
    athleteId = athlete.id
    var key = ContentKey(stage: "aggregation", codeVersion: StageVersions.aggregation)
    key.add("code schema", String(StageVersions.schema))
    key.add(
      parameters: parameters,
      keys: AggregationSettings.parameterKeys + Gamification.Settings.parameterKeys)
    key.add("input exercises.csv", catalogDigest)
    key.add("athlete \(athlete.id)", Self.digest(athlete))
    key.add("wellness", Self.digest(inputs.wellness))
    key.add("nutrition", Self.digest(inputs.nutrition))
    key.add("morpho", Self.digest(inputs.morpho))
    for session in sessions { key.add("scoring of \(session.partition)", session.scoringKey) }
    rowsKey = key.finalize()
    key.add("as of", ISODates.string(day: asOfDay))
    aggregateFields = key
    aggregateKey = key.finalize()
  }

  /// SHA-256 of a value's canonical JSON (keys sorted).
  private static func digest<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return ContentKey.digest((try? encoder.encode(value)) ?? Data())
  }
}

/// The athlete partitions a release was published from, kept in the release itself
/// (`partitions.tsv`: athlete, rows key, aggregate key) so that they always describe the rows
/// beside them.
enum PublishedPartitions {
  static let fileName = "partitions.tsv"

  struct Entry: Equatable {
    var rowsKey: String
    var aggregateKey: String
  }

  /// The partitions of the release in `folder`; empty when it has none.
  static func read(release folder: URL) -> [String: Entry] {
    var entries: [String: Entry] = [:]
    for row in StateTable.read(folder.appendingPathComponent(fileName), columns: 3) {
      entries[row[0]] = Entry(rowsKey: row[1], aggregateKey: row[2])
    }
    return entries
  }

  /// The partitions of the release `out/current` points to; empty when there is none.
  static func current(out: URL) -> [String: Entry] {
    read(release: out.appendingPathComponent("current").resolvingSymlinksInPath())
  }

  static func write(_ partitions: [AthletePartition], release folder: URL) throws {
    try StateTable.write(
      partitions.map { [$0.athleteId, $0.rowsKey, $0.aggregateKey] },
      to: folder.appendingPathComponent(fileName))
  }
}
