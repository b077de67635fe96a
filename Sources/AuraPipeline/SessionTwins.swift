import AuraDomain
import Foundation

/// A copied upload is one session: two sessions of one athlete whose recordings are the same
/// bytes, or that start at the same time with the same logged sets, are twins, and every twin
/// after the first (by session id) is set aside, naming the one that is counted. Only an
/// exact repeat of a `session_id` was caught before; a folder copied under a new id added a
/// session, its volume and its LP.
enum SessionTwins {
  /// `outcomes` (in `sessions` order) with every later twin set aside.
  static func setAside(
    _ outcomes: [SessionChain.Outcome], sessions: [SessionChain.Plan], datasetRoot: URL
  ) -> [SessionChain.Outcome] {
    var result = outcomes
    // Candidates: the same athlete with the same recordings, or at the same start.
    var byRecordings: [String: [Int]] = [:]
    var byStart: [String: [Int]] = [:]
    for (index, (outcome, plan)) in zip(outcomes, sessions).enumerated() {
      guard let published = outcome.published else { continue }
      if let recordings = recordingDigests(plan) {
        byRecordings["\(published.athleteId)\u{1F}\(recordings)", default: []].append(index)
      }
      byStart["\(published.athleteId)\u{1F}\(published.startTime.text)", default: []].append(index)
    }
    var twinOf: [Int: (Int, String)] = [:]
    for group in byRecordings.values where group.count > 1 {
      let ordered = group.sorted { outcomes[$0].folder < outcomes[$1].folder }
      for index in ordered.dropFirst() {
        twinOf[index] = (ordered[0], "its recordings are those of")
      }
    }
    for group in byStart.values where group.count > 1 {
      let ordered = group.sorted { outcomes[$0].folder < outcomes[$1].folder }
      var firsts: [(index: Int, sets: Data?)] = []
      for index in ordered {
        let sets = loggedSets(datasetRoot: datasetRoot, folder: outcomes[index].folder)
        if let sets, let first = firsts.first(where: { $0.sets == sets }) {
          if twinOf[index] == nil {
            twinOf[index] = (first.index, "its start and logged sets are those of")
          }
        } else {
          firsts.append((index, sets))
        }
      }
    }
    for (index, (twin, how)) in twinOf {
      let outcome = outcomes[index]
      result[index].published = nil
      result[index].setAside = []
      result[index].problem = DatasetProblem(
        path: "sessions/\(outcome.folder)/session.json", line: 0,
        reason:
          "a copy of sessions/\(outcomes[twin].folder) (\(how) it): set aside, so that the session counts once",
        athleteId: outcome.published?.athleteId)
    }
    return result
  }

  /// The digests of the session's files other than its manifest, in name order; nil for a
  /// session without recordings (a logbook entry).
  static func recordingDigests(_ plan: SessionChain.Plan) -> String? {
    let prefix = "input \(plan.partition)/"
    let files = plan.features.fields.filter {
      $0.label.hasPrefix(prefix) && $0.label != prefix + "session.json"
    }
    return files.isEmpty
      ? nil
      : files.map { "\($0.label.dropFirst(prefix.count))=\($0.value)" }.sorted()
        .joined(separator: ",")
  }

  /// The manifest's `sets` as canonical JSON: read only for sessions that share a start.
  static func loggedSets(datasetRoot: URL, folder: String) -> Data? {
    let url = datasetRoot.appendingPathComponent("sessions/\(folder)/session.json")
    guard let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let sets = json["sets"]
    else { return nil }
    return try? JSONSerialization.data(withJSONObject: sets, options: [.sortedKeys])
  }
}
