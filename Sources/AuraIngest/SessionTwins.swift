import AuraDomain
import Foundation

/// A copied upload is one session: two sessions of one athlete whose recordings are the same
/// bytes, or that start at the same time with the same logged sets, are twins, and every twin
/// after the first (by folder) is set aside, naming the one that is counted. The run applies
/// it at publication, `validate` to what it reads.
package enum SessionTwins {
  /// A session as the rule sees it.
  package struct Candidate: Sendable {
    package var folder: String
    package var athleteId: String
    package var startTime: String
    /// The session's files other than session.json, as sorted `name=digest` entries; nil for
    /// a logbook entry.
    package var recordings: String?

    package init(folder: String, athleteId: String, startTime: String, recordings: String?) {
      self.folder = folder
      self.athleteId = athleteId
      self.startTime = startTime
      self.recordings = recordings
    }
  }

  /// A later twin: the session counted in its place, and how the two are alike.
  package struct Twin: Sendable, Equatable {
    package var of: String
    package var how: String
  }

  /// The later twins among `candidates`, by folder. `loggedSets` gives a session's logged sets
  /// in a form that compares; it is asked only of sessions of one athlete that share a start.
  package static func find(_ candidates: [Candidate], loggedSets: (String) -> Data?)
    -> [String: Twin]
  {
    var twins: [String: Twin] = [:]
    var byRecordings: [String: [Candidate]] = [:]
    var byStart: [String: [Candidate]] = [:]
    for candidate in candidates {
      if let recordings = candidate.recordings {
        byRecordings["\(candidate.athleteId)\u{1F}\(recordings)", default: []].append(candidate)
      }
      byStart["\(candidate.athleteId)\u{1F}\(candidate.startTime)", default: []].append(candidate)
    }
    for group in byRecordings.values where group.count > 1 {
      let ordered = group.map(\.folder).sorted()
      for folder in ordered.dropFirst() {
        twins[folder] = Twin(of: ordered[0], how: "its recordings are those of")
      }
    }
    for group in byStart.values where group.count > 1 {
      var firsts: [(folder: String, sets: Data?)] = []
      for folder in group.map(\.folder).sorted() {
        let sets = loggedSets(folder)
        if let sets, let first = firsts.first(where: { $0.sets == sets }) {
          if twins[folder] == nil {
            twins[folder] = Twin(of: first.folder, how: "its start and logged sets are those of")
          }
        } else {
          firsts.append((folder, sets))
        }
      }
    }
    return twins
  }

  /// The problem that sets session `folder` aside as `twin`'s copy.
  package static func problem(folder: String, twin: Twin, athleteId: String?) -> DatasetProblem {
    DatasetProblem(
      path: "sessions/\(folder)/session.json", line: 0,
      reason:
        "a copy of sessions/\(twin.of) (\(twin.how) it): set aside, so that the session counts once",
      athleteId: athleteId)
  }
}
