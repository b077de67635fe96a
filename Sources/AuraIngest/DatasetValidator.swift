import AuraDomain
import Foundation

/// Checks a whole dataset against the contract without computing anything else: every table,
/// every session and recording, and the links between them (athlete ids).
public enum DatasetValidator {
  /// What validation found.
  public struct Report: Sendable {
    /// Every problem, in path order.
    public var problems: [DatasetProblem]
    public var sessions: Int
    public var recordedSessions: Int
    /// True when athletes.csv itself is unusable (nothing could be processed).
    public var fatal: Bool
  }

  /// Reads everything under `root`; sessions are read on all cores.
  public static func validate(
    root: URL, catalog: ExerciseCatalog, settings: SessionReader.Settings
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
    let athletes = Set(tables.athletes.map(\.id))
    let folders: [String]
    do {
      folders = try SessionReader.sessionFolders(datasetRoot: root)
    } catch {
      problems.append(DatasetProblem(path: "sessions", line: 0, reason: "folder is missing"))
      folders = []
    }
    let outcomes = UnsafeResults(count: folders.count)
    DispatchQueue.concurrentPerform(iterations: folders.count) { index in
      let folder = folders[index]
      do {
        let session = try SessionReader.read(
          folder: folder, datasetRoot: root, catalog: catalog, settings: settings)
        if !athletes.contains(session.manifest.athleteId) {
          outcomes.set(
            index,
            .failure(
              DatasetProblem(
                path: "sessions/\(folder)/session.json", line: 0,
                reason: "$.athlete_id '\(session.manifest.athleteId)' is not in athletes.csv")))
        } else {
          outcomes.set(index, .success(!session.isLogOnly))
        }
      } catch {
        outcomes.set(index, .failure(problem(error, path: "sessions/\(folder)")))
      }
    }
    var recorded = 0
    for outcome in outcomes.values {
      switch outcome {
      case .success(let hasRecordings)?: recorded += hasRecordings ? 1 : 0
      case .failure(let problem)?: problems.append(problem)
      case nil: break
      }
    }
    return Report(
      problems: problems.sorted { ($0.path, $0.line) < ($1.path, $1.line) },
      sessions: folders.count, recordedSessions: recorded, fatal: false)
  }

  private static func problem(_ error: Error, path: String) -> DatasetProblem {
    error as? DatasetProblem ?? DatasetProblem(path: path, line: 0, reason: "\(error)")
  }

  /// One slot per session, each written by exactly one worker.
  private final class UnsafeResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Result<Bool, DatasetProblem>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<Bool, DatasetProblem>) {
      lock.lock()
      values[index] = value
      lock.unlock()
    }
  }
}
