import AuraDelivery
import AuraDomain

/// What a run did, for the command line and the tests.
package struct RunSummary: Sendable {
  package var sessions: Int
  /// The sessions (folders) each per-session stage computed this run, in the order they were
  /// done; the rest came from the cache.
  package var computed: [Stage: [String]] = [:]
  /// Athletes whose aggregates were computed this run (the rest came from the cache).
  package var aggregated: [String] = []
  /// Athlete-weeks computed this run (the rest came from the cache, or were not needed because
  /// their athlete's history was cached).
  package var weeksAggregated = 0
  /// Sessions whose rows were copied from the previous publication, not written anew.
  package var rowsKept = 0
  /// How many reports (`athletes/<id>`, `coaches/<id>`) were rendered this run; the others
  /// were linked from the previous publication, their content unchanged.
  package var reportsRendered = 0
  /// Dataset rows and sessions kept out because their data is bad (until it changes).
  package var quarantined: [DatasetProblem]
  /// Sessions that could not be computed for another reason (retried by the next run).
  package var failed: [DatasetProblem]
  /// Nothing changed since the last publication: no stage ran, nothing was written.
  package var upToDate: Bool
  /// The folder readers use: `<out>/current`.
  package var publishedFolder: String?
  /// What the PostgreSQL store committed this run (nil: none named, or it had this release).
  package var store: String?

  /// What the weekly emails did, where the pipeline delivers them.
  package var delivery: Delivery.Outcome?

  /// Exit status for schedulers: 0 all published (and delivered), 4 published but messages
  /// not delivered (the next run retries them), 3 published without the quarantined or failed
  /// partitions.
  package var exitCode: Int32 {
    if let delivery, !delivery.failed.isEmpty { return 4 }
    return quarantined.isEmpty && failed.isEmpty ? 0 : 3
  }
}

extension RunSummary {
  /// Sessions whose features were computed this run.
  package var featuresComputed: [String] { computed[.features] ?? [] }
  /// Sessions whose scoring was computed this run.
  package var scoringComputed: [String] { computed[.scoring] ?? [] }

  /// "features computed 3; scoring computed 4": what each per-session stage did, in the
  /// stage table's order.
  package var computedText: String {
    Stage.perSession.map { "\($0.rawValue) computed \(computed[$0]?.count ?? 0)" }
      .joined(separator: "; ")
  }

  /// How many sessions each per-session stage computed, as log metadata
  /// (`features_computed`, …).
  package var computedCounts: [(field: String, count: Int)] {
    Stage.perSession.map { ("\($0.rawValue)_computed", computed[$0]?.count ?? 0) }
  }

  /// `quarantined` with one line per cause: the same problem of several sessions' same file is
  /// one entry naming how many and which, and an athlete athletes.csv lacks is one entry naming
  /// everything of theirs left out (sessions, then the rows of each table).
  package var quarantinedByCause: [DatasetProblem] {
    var order: [String] = []
    var groups: [String: [DatasetProblem]] = [:]
    for problem in quarantined {
      let parts = problem.path.split(separator: "/")
      let key =
        if let athlete = problem.missingAthlete {
          "missing\t\(athlete)"
        } else if parts.count == 3 && parts[0] == "sessions" {
          "\(parts[2])\t\(problem.line)\t\(problem.reason)"
        } else {
          "\(order.count)\t\(problem.path)"
        }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(problem)
    }
    return order.map { key in
      let same = groups[key]!
      if let athlete = same[0].missingAthlete { return Self.cascade(of: athlete, same) }
      guard same.count > 1, let first = same.first, let last = same.last else { return same[0] }
      return DatasetProblem(
        path: first.path, line: first.line,
        reason:
          "\(first.reason) (\(same.count) sessions, \(Self.folder(first)) to \(Self.folder(last)))",
        athleteId: first.athleteId)
    }
  }

  /// The one entry for an athlete athletes.csv does not hold: what of theirs was left out.
  static func cascade(of athlete: String, _ problems: [DatasetProblem]) -> DatasetProblem {
    let sessions = problems.filter { $0.path.hasPrefix("sessions/") }
    var parts: [String] = []
    if let first = sessions.first, let last = sessions.last {
      parts.append(
        sessions.count == 1
          ? "1 session (\(folder(first)))"
          : "\(sessions.count) sessions (\(folder(first)) to \(folder(last)))")
    }
    for problem in problems where !problem.path.hasPrefix("sessions/") {
      let rows = problem.rows ?? 1
      if problem.line == 0 {
        parts.append(problem.path)
      } else if let last = problem.lastLine, rows > 1 {
        parts.append("\(problem.path) \(rows) rows (lines \(problem.line)-\(last))")
      } else {
        parts.append("\(problem.path) 1 row (line \(problem.line))")
      }
    }
    return DatasetProblem(
      path: "athletes.csv", line: 0,
      reason:
        "no athlete '\(athlete)' (no row, or its row was set aside); left out with them: \(parts.joined(separator: ", "))",
      missingAthlete: athlete,
      rows: problems.reduce(0) { $0 + ($1.rows ?? 1) })
  }

  /// The session folder of a problem under `sessions/<folder>/…`.
  static func folder(_ problem: DatasetProblem) -> Substring {
    problem.path.split(separator: "/")[1]
  }
}
