import AuraAggregation
import AuraDomain
import AuraIngest
import Foundation

/// Each athlete's aggregation partitions, decided before anything is read back: their published
/// sessions (by scoring key, in start order), their own inputs, and their weeks' and history's
/// keys.
struct AggregationPlan {
  struct AthleteWork {
    let athlete: Athlete
    let sessions: [(partition: String, scoringKey: String, startTime: SessionTime)]
    let inputs: Aggregator.AthleteInputs
    let partition: AthletePartition
  }

  /// Athletes in id order.
  let athletes: [AthleteWork]
  /// The dataset's last session day, shared by every athlete so their aggregates compare.
  let asOfDay: Int

  init(plan: PipelinePlan, records: [String: RunState.SessionRecord], parameters: ParameterSet) {
    let published = records.compactMap { partition, record in
      record.published.map {
        (
          partition: partition, scoringKey: record.scoringKey, athleteId: $0.athleteId,
          startTime: $0.startTime
        )
      }
    }
    let byAthlete = Dictionary(grouping: published, by: \.athleteId)
    let wellness = Dictionary(grouping: plan.tables.wellness, by: \.athleteId)
    let nutrition = Dictionary(grouping: plan.tables.nutrition, by: \.athleteId)
    let morpho = Dictionary(grouping: plan.tables.morpho, by: \.athleteId)
    let asOfDay = published.map(\.startTime.day).max() ?? 0
    self.asOfDay = asOfDay
    let keys = (
      week: Stage.athleteWeek.key(parameters: parameters),
      history: Stage.athleteHistory.key(parameters: parameters)
    )
    athletes = plan.tables.athletes.sorted { $0.id < $1.id }.map { athlete in
      let sessions = (byAthlete[athlete.id] ?? []).sorted {
        ($0.startTime, $0.scoringKey) < ($1.startTime, $1.scoringKey)
      }.map { (partition: $0.partition, scoringKey: $0.scoringKey, startTime: $0.startTime) }
      let inputs = Aggregator.AthleteInputs(
        wellness: wellness[athlete.id] ?? [], nutrition: nutrition[athlete.id] ?? [],
        morpho: morpho[athlete.id] ?? [])
      return AthleteWork(
        athlete: athlete, sessions: sessions, inputs: inputs,
        partition: AthletePartition(
          athlete: athlete, inputs: inputs, sessions: sessions, keys: keys,
          catalogDigest: plan.catalogDigest))
    }
  }
}
