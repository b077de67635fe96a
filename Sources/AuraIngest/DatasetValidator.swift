import AuraDomain
import AuraSupport
import Foundation

/// Checks a whole dataset against the contract without computing anything else: every table,
/// every session and recording, and the links between them (athlete ids).
package enum DatasetValidator {
  /// What validation found.
  package struct Report: Sendable {
    /// Every problem, in path order.
    package var problems: [DatasetProblem]
    package var sessions: Int
    package var recordedSessions: Int
    /// True when athletes.csv itself is unusable (nothing could be processed).
    package var fatal: Bool
  }

  /// Reads everything under `root` (with its custom exercises); sessions are read on all cores.
  /// `delivers`: the pipeline mails coaches, so a coach without an email is a problem.
  package static func validate(
    root: URL, settings: SessionReader.Settings, delivers: Bool = false
  ) -> Report {
    var problems: [DatasetProblem] = []
    let tables: DatasetTables
    do {
      tables = try DatasetTablesReader.read(root: root)
    } catch {
      return Report(
        problems: [problem(error, path: "athletes.csv")], sessions: 0, recordedSessions: 0,
        fatal: true)
    }
    problems += tables.problems
    if delivers { problems += tables.unaddressedCoaches }
    let catalog = tables.catalog
    let athletes = Set(tables.athletes.map(\.id))
    let folders: [String]
    do {
      folders = try SessionReader.sessionFolders(datasetRoot: root)
    } catch {
      problems.append(DatasetProblem(path: "sessions", line: 0, reason: "folder is missing"))
      folders = []
    }
    let outcomes = WorkerPool.map(folders) { folder -> Result<IngestedSession, DatasetProblem> in
      do {
        let session = try SessionReader.read(
          folder: folder, datasetRoot: root, catalog: catalog, settings: settings)
        guard athletes.contains(session.manifest.athleteId) else {
          return .failure(SessionReader.unknownAthlete(session.manifest.athleteId, folder: folder))
        }
        return .success(session)
      } catch {
        return .failure(problem(error, path: "sessions/\(folder)"))
      }
    }
    var recorded = 0
    for outcome in outcomes {
      switch outcome {
      case .success(let session):
        recorded += session.isLogOnly ? 0 : 1
        problems += session.setAside
      case .failure(let problem): problems.append(problem)
      }
    }
    return Report(
      problems: problems.sorted { ($0.path, $0.line) < ($1.path, $1.line) },
      sessions: folders.count, recordedSessions: recorded, fatal: false)
  }

  private static func problem(_ error: Error, path: String) -> DatasetProblem {
    error as? DatasetProblem ?? DatasetProblem(path: path, line: 0, reason: "\(error)")
  }
}
