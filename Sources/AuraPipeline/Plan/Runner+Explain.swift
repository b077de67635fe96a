import AuraAggregation
import AuraCache
import AuraDelivery
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraPostgres
import AuraReports
import AuraScoring
import AuraStore
import AuraSupport
import Foundation
import Logging

/// `explain`: what a run would compute now, and why.
extension Runner {
  /// What a run would compute now, and why, without computing or writing anything; with
  /// `retryFailed`, a run given `--retry-failed`.
  package func explain(retryFailed: Bool = false) throws -> [PlannedWork] {
    let plan = try PipelinePlan(config: config, out: out)
    // The run's own judgement of the current release: a release it does not trust (an edited
    // database, a report gone) is published again though nothing else changed.
    let base = PublicationBase(
      out: out, plan: plan, logger: Logger(label: "explain") { _ in SwiftLogNoOpLogHandler() })
    let last = base.state.sessions()
    let suspects = CrashJournal.suspects(out: out)
    var work: [PlannedWork] = []
    var quarantined = Set<String>()
    for session in plan.sessions {
      let decided = explainSession(
        session, record: last[session.partition], chain: plan.chain, base: base,
        retryFailed: retryFailed, suspect: suspects.contains(session.partition))
      work += decided.work
      if decided.quarantined { quarantined.insert(session.partition) }
    }
    // Only a publication aggregates: it reads back the scored sessions of the weeks it computes
    // or writes, and computes again those whose cached result is damaged.
    if let publication = explainPublication(plan, base: base, retryFailed: retryFailed) {
      work += explainAggregation(
        plan, last: last, quarantined: quarantined, trusted: base.trusted,
        sessionsComputed: Set(work.filter { $0.stage == Stage.scoring.label }.map(\.partition)))
      work.append(publication)
    }
    return work
  }

  /// What a run would compute of one session (`record`: what the last run kept of it), and
  /// whether it would be quarantined: the run's own decision (`SessionChain.step`), printed
  /// with the fields of each stage's key that changed since the last run.
  private func explainSession(
    _ session: SessionChain.Plan, record: RunState.SessionRecord?, chain: SessionChain,
    base: PublicationBase, retryFailed: Bool, suspect: Bool
  ) -> (work: [PlannedWork], quarantined: Bool) {
    // `--retry-failed` computes what the last run set aside or failed, whatever is cached.
    let forced = retryFailed && base.retry.contains(session.partition)
    var look = SessionChain.CheckingLook(cache: chain.cache)
    switch chain.step(session, last: record, force: forced, look: &look) {
    case .fails(let failure):
      return (
        [.init(stage: Stage.features.label, partition: session.partition, reasons: [failure])],
        false
      )
    case .cached: return ([], false)
    case .quarantined: return ([], true)
    case .computes(let stages):
      let fields = chain.fields(folder: session.folder)
      let work = stages.map { stage in
        var reasons =
          forced
          ? ["--retry-failed: the last run set it aside or failed on it"]
          : PlannedWork.reasons(
            from: record.flatMap { chain.cache.fields(stage: stage, key: $0.keys[stage]) },
            to: fields[stage]?.fields ?? [])
        if suspect, !forced, stage == .features {
          reasons.append("a run died computing it: computed in a process of its own")
        }
        return PlannedWork(stage: stage.label, partition: session.partition, reasons: reasons)
      }
      // Features met again as a problem of unchanged data: set aside, scoring never runs.
      return (work, forced && stages == [.features])
    }
  }

  /// Why the run would publish again, or nil where it would keep the current release.
  private func explainPublication(
    _ plan: PipelinePlan, base: PublicationBase, retryFailed: Bool
  ) -> PlannedWork? {
    let state = base.state
    let previous = state.problems()
    let due = previous.quarantined.filter { RunDay.isDue($0.reason) }
    func publication(_ reasons: [String]) -> PlannedWork {
      PlannedWork(stage: Stage.publication.label, partition: "all", reasons: reasons)
    }
    if !FileManager.default.fileExists(atPath: OutputLayout(out).currentDatabase.path) {
      return publication(["output missing"])
    } else if !previous.failed.isEmpty {
      return publication(previous.failed.map { "retry failed \($0.path)" })
    } else if state.publishedKey != plan.publishKey {
      return publication(
        PlannedWork.reasons(from: state.publishedFields, to: plan.publish.fields))
    } else if !due.isEmpty {
      return publication(due.map { "\($0.path) is due: its day has come" })
    } else if !base.trusted {
      return publication(base.damage)
    } else if retryFailed, !base.retry.isEmpty {
      return publication(base.retry.sorted().map { "--retry-failed: \($0)" })
    }
    return nil
  }

  /// The athlete-weeks (`aggregation athletes/<id>/<ISO week>`) and athlete histories
  /// (`aggregation athletes/<id>`) a run would compute, each with the fields of its key that
  /// changed since the current release (a week's chain: `week <the week before> changed`).
  /// Sessions keep the athlete and start time of their last run; a new or changed one has them
  /// read from its manifest, and is assumed to pass its checks.
  func explainAggregation(
    _ plan: PipelinePlan, last: [String: RunState.SessionRecord], quarantined: Set<String>,
    trusted: Bool, sessionsComputed: Set<String>
  ) -> [PlannedWork] {
    let records = explainedRecords(plan, last: last, quarantined: quarantined)
    let aggregation = AggregationPlan(plan: plan, records: records, parameters: config.parameters)
    let previous = PublishedPartitions.current(out: out)
    let cache = plan.chain.cache
    // The rows the run keeps, and from which week each athlete's are written, as it decides.
    let (reuse, changedFrom) = Self.rowsKept(
      aggregation, previousPartitions: previous, trusted: trusted)
    var work: [PlannedWork] = []
    var damaged: [String] = []
    for athlete in aggregation.withData {
      // An athlete without a history partition is made from their row each run.
      guard let historyKey = athlete.partition.historyKey else { continue }
      let steps = AthleteAggregation.steps(
        athlete.partition, rowsFrom: Self.rowsFrom(athlete, changedFrom: reuse ? changedFrom : nil),
        historyCached: cache.isIntact(stage: Stage.athleteHistory, key: historyKey),
        weekCached: { cache.isIntact(stage: Stage.athleteWeek, key: $0.key) })
      for session in steps.sessionsRead
      where !sessionsComputed.contains(session.partition)
        && !cache.isIntact(stage: .scoring, key: session.resultKey)
      {
        damaged.append(session.partition)
      }
      guard !steps.historyStands else { continue }
      let published = previous[athlete.athlete.id] ?? [:]
      // The keys' fields, made again from the athlete's rows as the run makes them.
      let fields = athlete.fields(inputs: athlete.inputs())
      func reasons(stage: Stage, published: String?, fields: ContentKey?) -> [String] {
        PlannedWork.reasons(
          from: published.flatMap { cache.fields(stage: stage, key: $0) },
          to: fields?.fields ?? [])
      }
      for (week, computed, _) in steps.weeks where computed {
        work.append(
          PlannedWork(
            stage: Stage.athleteWeek.label,
            partition: "athletes/\(athlete.athlete.id)/\(week.label)",
            reasons: reasons(
              stage: Stage.athleteWeek,
              published: published[ISODates.string(day: week.monday)],
              fields: fields?.weeks[week.monday])))
      }
      work.append(
        PlannedWork(
          stage: Stage.athleteHistory.label, partition: "athletes/\(athlete.athlete.id)",
          reasons: reasons(
            stage: Stage.athleteHistory,
            published: published[PublishedPartitions.history],
            fields: fields?.history)))
    }
    // A scored session read back damaged is computed again, features and all.
    let again = "its cached result is damaged: computed again"
    let recomputed = Set(damaged).sorted().flatMap { partition in
      Stage.perSession.map {
        PlannedWork(stage: $0.label, partition: partition, reasons: [again])
      }
    }
    return recomputed + work
  }

  /// The records the run would publish its sessions by, for `explainAggregation`: their keys,
  /// and the athlete and start time of their last run or, for a new or changed session, of
  /// their manifest.
  private func explainedRecords(
    _ plan: PipelinePlan, last: [String: RunState.SessionRecord], quarantined: Set<String>
  ) -> [(partition: String, record: RunState.SessionRecord)] {
    var records: [(partition: String, record: RunState.SessionRecord)] = []
    for session in plan.sessions where session.failure == nil {
      guard !quarantined.contains(session.partition) else { continue }
      var published = last[session.partition].flatMap { record in
        record.keys[.features] == session.keys[.features] ? record.published : nil
      }
      if published == nil {
        let path = "sessions/\(session.folder)/session.json"
        guard
          let data = try? Data(contentsOf: plan.datasetRoot.appendingPathComponent(path)),
          let (manifest, _) = try? SessionManifestReader.read(
            data: data, path: path, catalog: plan.tables.catalog)
        else { continue }
        published = .init(athleteId: manifest.athleteId, startTime: manifest.startTime)
      }
      records.append((session.partition, .init(keys: session.keys, published: published)))
    }
    return records
  }
}
