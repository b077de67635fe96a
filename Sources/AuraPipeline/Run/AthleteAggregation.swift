import AuraAggregation
import AuraCache
import AuraDomain
import AuraScoring
import AuraStore
import Foundation

/// Publication's step for one athlete: their history from the cache, or from their weeks (each
/// from the cache, or computed from the week before's fold and the week's scored sessions,
/// read back from the cache one week at a time); and their sessions' rows from a given week on.
struct AthleteAggregation: Sendable {
  let aggregator: Aggregator
  let cache: ArtifactCache
  /// Computes a session (its partition) again and stores it under its scoring key, for a cached
  /// session whose entry turned out to be damaged; nil where publication may not compute (a
  /// publication of shards: the session's shard must run again).
  let recompute: (@Sendable (String) -> Void)?

  /// What was computed and written for one athlete.
  struct Outcome {
    var history: Aggregator.AthleteHistory
    /// The history was not in the cache.
    var aggregated: Bool
    /// Weeks computed rather than found in the cache.
    var weeksComputed: Int
    var sessionsWritten: Int
  }

  /// The rows of one week's sessions: the sessions with what their week adds to them.
  struct WeekRows: Sendable {
    var sessions: [ScoredSession]
    var annotations: SessionAnnotations
  }

  /// The weeks aggregating one athlete visits, decided before anything is loaded, as `run`
  /// visits them and `explain` predicts them: all of them unless the cached history stands (it
  /// is cached, `historyCached`, and so is every week whose rows are written), else only those
  /// whose rows are written (from `rowsFrom` on). A visited week is computed where its entry is
  /// not cached (`weekCached`); its scored sessions are read where it is computed or its rows
  /// are written.
  struct Steps {
    var historyStands: Bool
    var weeks: [(week: AthletePartition.Week, computed: Bool, rowsWritten: Bool)]

    /// The sessions (partition, scoring key) whose scored results are read.
    var sessionsRead: [(partition: String, resultKey: String)] {
      weeks.filter { $0.computed || $0.rowsWritten }.flatMap(\.week.sessions)
    }
  }

  static func steps(
    _ partition: AthletePartition, rowsFrom: Int?, historyCached: Bool,
    weekCached: (AthletePartition.Week) -> Bool
  ) -> Steps {
    let written = partition.weeks(from: rowsFrom)
    let stands = historyCached && written.allSatisfy(weekCached)
    let firstWritten = written.first?.monday ?? .max
    return Steps(
      historyStands: stands,
      weeks: partition.weeks.compactMap { week in
        let rowsWritten = week.monday >= firstWritten
        guard !stands || rowsWritten else { return nil }
        return (week, !weekCached(week), rowsWritten)
      })
  }

  /// Aggregates `work`'s athlete (whose rows of the per-athlete tables are `inputs`) and emits
  /// the rows of their sessions in weeks from `rowsFrom`
  /// (a Monday, days since 1970) on, week by week; none when it is nil. `cached` is their
  /// history when the cache has it; it is used when the cache also has every week whose rows
  /// are written (their sets' efforts are the weeks'), else the history is computed again.
  func run(
    _ work: AggregationPlan.AthleteWork, inputs: Aggregator.AthleteInputs,
    cached: Aggregator.AthleteHistory?, rowsFrom: Int?, emit: (WeekRows) throws -> Void
  ) throws -> Outcome {
    let partition = work.partition
    // An athlete without a history partition: made from their row, not counted as aggregated.
    guard let historyKey = partition.historyKey else {
      return Outcome(
        history: aggregator.history(athlete: work.athlete, inputs: inputs, weeks: []),
        aggregated: false, weeksComputed: 0, sessionsWritten: 0)
    }
    let steps = Self.steps(
      partition, rowsFrom: rowsFrom, historyCached: cached != nil,
      weekCached: { cache.contains(stage: .athleteWeek, key: $0.key) })
    let cached = steps.historyStands ? cached : nil
    var weeksComputed = 0
    var sessionsWritten = 0
    var weeks: [AthleteWeek] = []
    var fold = AthleteFold()
    // The athlete's wellness days by week, grouped when a first week is computed: the plan
    // holds no week's days (a platform's athletes' would add up).
    lazy var wellnessByWeek = Aggregator.wellnessByWeek(inputs.wellness)
    // The keys' fields, made again when an entry is first stored: the plan keeps keys alone.
    lazy var fields = work.fields(inputs: inputs)
    // A week planned as cached whose entry turns out damaged is computed all the same.
    for (week, _, writeRows) in steps.weeks {
      var sessions: [ScoredSession]? = nil
      let aggregated: AthleteWeek
      if let found = cache.load(AthleteWeek.self, stage: .athleteWeek, key: week.key) {
        aggregated = found
      } else {
        let loaded = try scoredSessions(week, of: work)
        aggregated = aggregator.week(
          athlete: work.athlete, monday: week.monday, sessions: loaded,
          wellness: wellnessByWeek[week.monday] ?? [], after: fold)
        try store(
          aggregated, stage: .athleteWeek, key: week.key, fields: fields?.weeks[week.monday])
        sessions = loaded
        weeksComputed += 1
      }
      fold = aggregated.fold
      weeks.append(aggregated)
      if writeRows {
        let rows = try sessions ?? scoredSessions(week, of: work)
        try emit(WeekRows(sessions: rows, annotations: aggregated.annotations))
        sessionsWritten += rows.count
      }
    }
    let history: Aggregator.AthleteHistory
    if let cached {
      history = cached
    } else {
      history = aggregator.history(athlete: work.athlete, inputs: inputs, weeks: weeks)
      try store(history, stage: .athleteHistory, key: historyKey, fields: fields?.history)
    }
    return Outcome(
      history: history, aggregated: cached == nil, weeksComputed: weeksComputed,
      sessionsWritten: sessionsWritten)
  }

  /// Stores `value` under `key` with its `fields`; without them (rows that no longer give
  /// the planned key), stores nothing: an entry's fields always belong to its key.
  private func store<T: Codable>(_ value: T, stage: Stage, key: String, fields: ContentKey?)
    throws
  {
    guard let fields else { return }
    try cache.store(value, stage: stage, key: key, fields: fields)
  }

  /// The scored sessions of one week, read back from the cache.
  private func scoredSessions(_ week: AthletePartition.Week, of work: AggregationPlan.AthleteWork)
    throws -> [ScoredSession]
  {
    // One athlete per worker already keeps every core busy (`WorkerPool.stream`).
    try week.sessions.map { session in
      if let scored = cache.load(
        ScoredSession.self, stage: Stage.sessionResult, key: session.resultKey)
      {
        // A shard's manifest says whose session it is; the scored result, keyed by the
        // session's own files, decides.
        guard scored.athleteId == work.athlete.id else {
          throw PipelineError.fatal(
            "\(session.partition) is \(scored.athleteId)'s session, not \(work.athlete.id)'s as the run's record of it says; run its shard again"
          )
        }
        return scored
      }
      // Gone or damaged since it was computed: computed again, where publication may.
      guard let recompute else {
        throw PipelineError.fatal(
          "\(session.partition) of \(work.athlete.id): its scored result is missing or damaged in the cache; run its shard again"
        )
      }
      recompute(session.partition)
      guard
        let scored = cache.load(
          ScoredSession.self, stage: Stage.sessionResult, key: session.resultKey)
      else {
        throw PipelineError.fatal(
          "\(session.partition) of \(work.athlete.id) could not be computed again for the cache")
      }
      return scored
    }
  }
}
