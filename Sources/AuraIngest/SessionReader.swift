import AuraDomain
import Foundation

/// Reads one session folder: its manifest and every recording it names, in canonical form.
public enum SessionReader {
  /// Settings of the ingest stage (keys under `ingest.` in the pipeline file).
  public struct Settings: Sendable, Equatable {
    /// A joint whose confidence is below this counts as missing.
    public var minimumPoseConfidence: Double
    public init(minimumPoseConfidence: Double) {
      self.minimumPoseConfidence = minimumPoseConfidence
    }

    /// The parameter keys these settings read.
    public static let parameterKeys = ["ingest.pose_confidence_min"]

    public init(_ parameters: ParameterSet) throws {
      self.init(minimumPoseConfidence: try parameters.number("ingest.pose_confidence_min"))
    }
  }

  /// Reads `sessions/<folder>` under `datasetRoot`. Throws a `DatasetProblem` (path, line, reason)
  /// for anything that breaks the contract; the caller quarantines the session.
  public static func read(
    folder: String, datasetRoot: URL, catalog: ExerciseCatalog, settings: Settings
  ) throws -> IngestedSession {
    let sessionURL = datasetRoot.appendingPathComponent("sessions").appendingPathComponent(folder)
    let manifestPath = "sessions/\(folder)/session.json"
    guard
      let manifestData = try? Data(contentsOf: sessionURL.appendingPathComponent("session.json"))
    else {
      throw DatasetProblem(
        path: manifestPath, line: 0, reason: "session.json is missing or unreadable")
    }
    let (manifest, recordings) = try SessionManifestReader.read(
      data: manifestData, path: manifestPath, catalog: catalog)
    guard manifest.sessionId == folder else {
      throw DatasetProblem(
        path: manifestPath, line: 0,
        reason: "$.session_id '\(manifest.sessionId)' does not match its folder '\(folder)'")
    }
    var session = IngestedSession(manifest: manifest, pose: nil, imu: nil)
    for recording in recordings {
      let path = "sessions/\(folder)/\(recording.path)"
      let url = try SafePath.resolve(
        recording.path, in: sessionURL, datasetRoot: datasetRoot, reportAs: manifestPath)
      guard let data = try? Data(contentsOf: url) else {
        throw DatasetProblem(path: path, line: 0, reason: "recording is missing or unreadable")
      }
      guard !data.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
      switch (recording.kind, recording.format) {
      case ("pose", "vision19"):
        session.pose = try Vision19CSVReader.read(
          data: data, path: path, reference: recording,
          minimumConfidence: settings.minimumPoseConfidence)
      case ("imu", "generic"):
        session.imu = try GenericImuReader.read(data: data, path: path, reference: recording)
      default:
        throw DatasetProblem(
          path: manifestPath, line: 0,
          reason:
            "recording '\(recording.path)': \(recording.kind) format '\(recording.format)' is not supported yet"
        )
      }
    }
    return session
  }

  /// Session folder names under `datasetRoot/sessions`, sorted.
  public static func sessionFolders(datasetRoot: URL) throws -> [String] {
    let sessions = datasetRoot.appendingPathComponent("sessions")
    let names = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }
}
