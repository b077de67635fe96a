import AuraAggregation
import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The aggregation partition of one athlete: what their history (every aggregate not tied to
/// the data's last day, `Aggregator.AthleteHistory`) and their sessions' published rows are
/// computed from, as one content key. A new session of one athlete changes that athlete's key
/// only, so the others' histories come from the cache and their rows from the previous
/// publication. The last day is not in the key: when it moves, the aggregates that depend on
/// it are recomputed from the cached histories.
struct AthletePartition: Sendable {
  let athleteId: String
  /// Key of the athlete's history and of their session rows as published (sessions, sets,
  /// reps, form components, with the LP changes and efforts their aggregation adds): their
  /// scored sessions, their own inputs, the catalog, and the aggregation's parameters and code.
  /// A change to how those rows are written must bump the aggregation or schema version, or a
  /// reused publication would keep rows written the old way.
  let historyKey: String
  let historyFields: ContentKey

  init(
    athlete: Athlete, inputs: Aggregator.AthleteInputs,
    sessions: [(partition: String, scoringKey: String)], parameters: ParameterSet,
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
    historyKey = key.finalize()
    historyFields = key
  }

  /// SHA-256 of a value's canonical JSON (keys sorted).
  private static func digest<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return FieldHasher.hex(of: (try? encoder.encode(value)) ?? Data())
  }
}

/// The athlete partitions a release was published from, kept in the release itself
/// (`partitions.tsv`: athlete, history key) so that they always describe the rows beside them.
enum PublishedPartitions {
  static let fileName = "partitions.tsv"

  /// The history key of each athlete of the release in `folder`; empty when it has none.
  static func read(release folder: URL) -> [String: String] {
    var keys: [String: String] = [:]
    for row in TSVTable.read(folder.appendingPathComponent(fileName), columns: 2) {
      keys[row[0]] = row[1]
    }
    return keys
  }

  /// The history keys of the release `out/current` points to; empty when there is none.
  static func current(out: URL) -> [String: String] {
    read(release: out.appendingPathComponent("current").resolvingSymlinksInPath())
  }

  static func write(_ partitions: [AthletePartition], release folder: URL) throws {
    try TSVTable.write(
      partitions.map { [$0.athleteId, $0.historyKey] },
      to: folder.appendingPathComponent(fileName))
  }
}
