import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// The rules held to a dataset's logbook before anything runs: what `validate` reports.
extension EntryPlausibility {
  /// A problem for each logged set of `manifests` (by session folder) that a run would keep
  /// out of what counts. A set's e1RM is from its logged load, reps and RPE (no recording is
  /// counted here), judged against the athlete's earlier logged sets.
  package func logbookProblems(_ manifests: [String: SessionManifest], tables: DatasetTables)
    -> [DatasetProblem]
  {
    let athletes = tables.athletes
    let catalog = tables.catalog
    let byAthlete = Dictionary(grouping: manifests) { $0.value.athleteId }
    var problems: [DatasetProblem] = []
    for (athleteId, sessions) in byAthlete {
      guard let athlete = athletes[id: athleteId] else { continue }
      let ordered = sessions.sorted {
        ($0.value.startTime, $0.value.sessionId) < ($1.value.startTime, $1.value.sessionId)
      }
      var located: [String: (folder: String, index: Int, set: ManifestSet)] = [:]
      let days = ordered.map { folder, manifest in
        (
          manifest.startTime.day,
          manifest.sets.enumerated().map { index, set in
            let id = "\(manifest.sessionId)#\(set.setNumber)"
            located[id] = (folder, index, set)
            return Entry(
              setId: id, exerciseId: set.exerciseId,
              oneRepMaxKg: set.loadKg.flatMap { load in
                set.reps.flatMap {
                  StrengthFormulas.estimatedOneRepMax(loadKg: load, reps: $0, rpe: set.rpe)
                }
              }, confirmed: set.loadConfirmed)
          }
        )
      }
      for (id, reason) in suspects(days, athlete: athlete, catalog: catalog) {
        guard let (folder, index, set) = located[id] else { continue }
        let name = catalog.resolve(set.exerciseId)?.name.lowercased() ?? set.exerciseId
        problems.append(
          DatasetProblem(
            path: "sessions/\(folder)/session.json", line: 0,
            reason:
              "$.sets[\(index)]: \(name) \(Self.kilograms(set.loadKg ?? 0)) kg × \(set.reps ?? 0) cannot be right as logged (\(reason)): it counts toward no record, e1RM, LP or ranking until corrected, or confirmed with \"load_confirmed\": true",
            athleteId: athleteId))
      }
    }
    return problems
  }
}
