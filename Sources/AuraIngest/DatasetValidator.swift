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
    /// The tables, and the manifests of the sessions a run would publish, by folder: what
    /// checks of the logged numbers read.
    package var tables: DatasetTables? = nil
    package var manifests: [String: SessionManifest] = [:]
  }

  /// Reads everything under `root` (with its custom exercises); sessions are read on all cores.
  package static func validate(
    root: URL, settings: SessionReader.Settings
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
    let catalog = tables.catalog
    let athletes = tables.athletes
    let folders: [String]
    do {
      folders = try SessionReader.sessionFolders(datasetRoot: root)
    } catch {
      problems.append(DatasetProblem(path: "sessions", line: 0, reason: "folder is missing"))
      folders = []
    }
    let outcomes = WorkerPool.map(folders) {
      folder -> Result<(IngestedSession, String?), DatasetProblem> in
      do {
        let session = try SessionReader.read(
          folder: folder, datasetRoot: root, catalog: catalog, settings: settings)
        guard athletes.contains(id: session.manifest.athleteId) else {
          return .failure(SessionReader.unknownAthlete(session.manifest.athleteId, folder: folder))
        }
        return .success(
          (session, recordingDigests(root.appendingPathComponent("sessions/\(folder)"))))
      } catch {
        return .failure(problem(error, path: "sessions/\(folder)"))
      }
    }
    var recorded = 0
    var candidates: [SessionTwins.Candidate] = []
    var manifests: [String: SessionManifest] = [:]
    for (folder, outcome) in zip(folders, outcomes) {
      switch outcome {
      case .success(let (session, recordings)):
        let manifest = session.manifest
        // What the run sets aside at publication: a session dated after today, a copy.
        if let future = RunDay.problem(day: manifest.startTime.day) {
          problems.append(
            DatasetProblem(
              path: "sessions/\(folder)/session.json", line: 0,
              reason: "$.start_time: \(future)", athleteId: manifest.athleteId))
          continue
        }
        recorded += session.isLogOnly ? 0 : 1
        problems += session.setAside
        manifests[folder] = manifest
        candidates.append(
          .init(
            folder: folder, athleteId: manifest.athleteId, startTime: manifest.startTime.text,
            recordings: session.isLogOnly ? nil : recordings))
      case .failure(let problem): problems.append(problem)
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let twins = SessionTwins.find(candidates) { folder in
      manifests[folder].flatMap { try? encoder.encode($0.sets) }
    }
    for (folder, twin) in twins {
      problems.append(
        SessionTwins.problem(folder: folder, twin: twin, athleteId: manifests[folder]?.athleteId))
    }
    return Report(
      problems: problems.sorted { ($0.path, $0.line) < ($1.path, $1.line) },
      sessions: folders.count, recordedSessions: recorded, fatal: false, tables: tables,
      manifests: manifests.filter { twins[$0.key] == nil })
  }

  /// Every file of a session folder but session.json, as sorted `path=SHA-256` entries: the
  /// same bytes under another session are a copy.
  static func recordingDigests(_ folder: URL) -> String? {
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return nil }
    var entries: [String] = []
    let base = folder.standardizedFileURL.path + "/"
    for case let file as URL in files {
      let path = file.standardizedFileURL.path
      let relative = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
      guard relative != "session.json",
        let data = try? Data(contentsOf: file, options: .mappedIfSafe)
      else { continue }
      entries.append("\(relative)=\(FieldHasher.hex(of: data))")
    }
    return entries.isEmpty ? nil : entries.sorted().joined(separator: ",")
  }

  private static func problem(_ error: Error, path: String) -> DatasetProblem {
    error as? DatasetProblem ?? DatasetProblem(path: path, line: 0, reason: "\(error)")
  }
}
