import AuraAggregation
import AuraDomain
import AuraIngest
import Foundation

/// Each athlete's aggregation partitions, decided before anything is read back: their published
/// sessions (by scoring key, in start order), their own inputs, and their weeks' and history's
/// keys.
struct AggregationPlan {
  struct AthleteWork: Sendable {
    let athlete: Athlete
    let sessions: [(partition: String, resultKey: String, startTime: SessionTime)]
    let partition: AthletePartition
    /// Where the athlete's wellness, nutrition and morpho rows are read from.
    let tables: DatasetTables?
    /// What else keys the athlete's partitions.
    let templates: AthletePartition.Templates

    /// The athlete's rows of the per-athlete tables, read from where the tables set them
    /// aside: a run holds an athlete's only while it computes them.
    func inputs() -> Aggregator.AthleteInputs {
      guard let tables else {
        return Aggregator.AthleteInputs(wellness: [], nutrition: [], morpho: [])
      }
      return AggregationPlan.inputs(of: athlete.id, in: tables)
    }

    /// The fields of `partition`'s keys, made again from the athlete's rows `inputs`; nil
    /// where they no longer give the planned keys, or the athlete has no week.
    func fields(inputs: Aggregator.AthleteInputs) -> AthletePartition.Fields? {
      guard
        let fields = AthletePartition.fields(
          athlete: athlete, inputs: inputs, sessions: sessions, templates: templates),
        fields.history.finalize() == partition.historyKey,
        fields.weeks.count == partition.weeks.count,
        partition.weeks.allSatisfy({ fields.weeks[$0.monday]?.finalize() == $0.key })
      else { return nil }
      return fields
    }
  }

  /// Every athlete's work in id order, made when it is read for an athlete with nothing but
  /// their row: a platform's idle accounts cost no memory of their own.
  let athletes: Works
  /// The athletes with a session or an input row, in id order: the only ones with weeks,
  /// sessions or a history, so what counts those reads these alone.
  let withData: [AthleteWork]
  /// The dataset's last session day, shared by every athlete so their aggregates compare.
  let asOfDay: Int

  init(
    plan: PipelinePlan, records: some Sequence<(partition: String, record: RunState.SessionRecord)>,
    parameters: ParameterSet
  ) {
    // Grouped as they are read, with no list of every session beside the groups.
    var byAthlete: [String: [(partition: String, resultKey: String, startTime: SessionTime)]] =
      [:]
    var lastDay = 0
    for (partition, record) in records {
      guard let published = record.published else { continue }
      byAthlete[published.athleteId, default: []].append(
        (partition, record.keys[Stage.sessionResult], published.startTime))
      lastDay = max(lastDay, published.startTime.day)
    }
    asOfDay = lastDay
    let tables = plan.tables
    let templates = AthletePartition.Templates(
      week: Stage.athleteWeek.key(parameters: parameters),
      history: Stage.athleteHistory.key(parameters: parameters),
      catalogDigest: plan.catalogDigest)
    let roster = plan.tables.athletes
    let named = Set(byAthlete.keys).union(tables.wellnessByAthlete.athleteIds)
      .union(tables.nutritionByAthlete.athleteIds).union(tables.morphoByAthlete.athleteIds)
    var active: [Int: AthleteWork] = [:]
    for athleteId in named {
      guard let index = roster.index(of: athleteId) else { continue }
      // Sorted into an array of their count; the group goes.
      let sessions = (byAthlete.removeValue(forKey: athleteId) ?? []).sorted {
        ($0.startTime, $0.resultKey) < ($1.startTime, $1.resultKey)
      }
      active[index] = AthleteWork(
        athlete: roster[index], sessions: sessions,
        partition: AthletePartition(
          athlete: roster[index], inputs: Self.inputs(of: athleteId, in: tables),
          sessions: sessions, templates: templates),
        tables: tables, templates: templates)
    }
    athletes = Works(roster: roster, active: active, templates: templates)
    withData = active.keys.sorted().map { active[$0]! }
  }

  /// The athletes' work by position in the roster: kept for those with a session or an input
  /// row, made on reading for the rest.
  struct Works: RandomAccessCollection, Sendable {
    let roster: AthleteRoster
    let active: [Int: AthleteWork]
    let templates: AthletePartition.Templates

    var startIndex: Int { roster.startIndex }
    var endIndex: Int { roster.endIndex }

    subscript(position: Int) -> AthleteWork {
      active[position] ?? idle(roster[position])
    }

    /// Whether athletes.csv holds the athlete `id`.
    func contains(athleteId id: String) -> Bool { roster.contains(id: id) }

    /// The work of an athlete with nothing but their row: no week, no history.
    private func idle(_ athlete: Athlete) -> AthleteWork {
      AthleteWork(
        athlete: athlete, sessions: [], partition: AthletePartition(idle: athlete.id), tables: nil,
        templates: templates)
    }
  }

  static func inputs(of athleteId: String, in tables: DatasetTables) -> Aggregator.AthleteInputs {
    Aggregator.AthleteInputs(
      wellness: tables.wellnessByAthlete.rows(of: athleteId),
      nutrition: tables.nutritionByAthlete.rows(of: athleteId),
      morpho: tables.morphoByAthlete.rows(of: athleteId))
  }
}
