import AuraDomain
import AuraIngest
import Foundation

/// A run's published sessions, held to `SessionTwins` at publication: from the digests its plan
/// already has, and the logged sets of only the sessions that share a start.
extension SessionTwins {
  /// `outcomes` (in `sessions` order) with every later twin set aside.
  static func setAside(
    _ outcomes: [SessionChain.Outcome], sessions: [SessionChain.Plan], datasetRoot: URL
  ) -> [SessionChain.Outcome] {
    var candidates: [Candidate] = []
    for (outcome, plan) in zip(outcomes, sessions) {
      guard let published = outcome.published else { continue }
      candidates.append(
        Candidate(
          folder: outcome.folder, athleteId: published.athleteId,
          startTime: published.startTime.text, recordings: plan.recordings?.text))
    }
    let twins = find(candidates) { loggedSets(datasetRoot: datasetRoot, folder: $0) }
    guard !twins.isEmpty else { return outcomes }
    return outcomes.map { outcome in
      guard let twin = twins[outcome.folder] else { return outcome }
      var copy = outcome
      copy.published = nil
      copy.setAside = []
      copy.problem = problem(
        folder: outcome.folder, twin: twin, athleteId: outcome.published?.athleteId)
      return copy
    }
  }

  /// The manifest's `sets` as canonical JSON.
  static func loggedSets(datasetRoot: URL, folder: String) -> Data? {
    let url = datasetRoot.appendingPathComponent("sessions/\(folder)/session.json")
    guard let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let sets = json["sets"]
    else { return nil }
    return try? JSONSerialization.data(withJSONObject: sets, options: [.sortedKeys])
  }
}
