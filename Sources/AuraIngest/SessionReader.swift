import AuraDomain
import Foundation

/// Reads one session folder: its manifest and every recording it names, in canonical form.
package enum SessionReader {
  /// Settings of the ingest stage (keys under `ingest.` in the pipeline file).
  package struct Settings: Sendable, Equatable {
    /// A joint whose confidence is below this counts as missing.
    package var minimumPoseConfidence: Double
    /// The joints a pose series keeps: all of them unless a consumer that measures fewer says
    /// so (the pipeline asks for what the features measure, and parses the rest not at all).
    package var poseJoints: Set<Joint>

    package init(minimumPoseConfidence: Double, poseJoints: Set<Joint> = Set(Joint.allCases)) {
      self.minimumPoseConfidence = minimumPoseConfidence
      self.poseJoints = poseJoints
    }

    static let poseConfidenceMin = Parameter.number(
      "ingest.pose_confidence_min", 0.3, in: 0...1,
      "a joint below this confidence counts as missing")

    /// The parameters the ingest stage reads, as the pipeline file lists them.
    package static let declared: [ParameterDeclaration] = [
      .one(poseConfidenceMin)
    ]

    package init(_ parameters: ParameterSet) throws {
      self.init(minimumPoseConfidence: try parameters.number(Self.poseConfidenceMin))
    }
  }

  /// Reads `sessions/<folder>` under `datasetRoot`. Throws a `DatasetProblem` (path, line, reason)
  /// for anything that breaks the contract; the caller quarantines the session.
  package static func read(
    folder: String, datasetRoot: URL, catalog: ExerciseCatalog, settings: Settings
  ) throws -> IngestedSession {
    let sessionURL = datasetRoot.appendingPathComponent("sessions").appendingPathComponent(folder)
    let manifestPath = "sessions/\(folder)/session.json"
    let manifestURL = sessionURL.appendingPathComponent("session.json")
    let root = SafePath.Root(datasetRoot)
    guard root.contains(manifestURL) else {
      throw DatasetProblem(
        path: manifestPath, line: 0, reason: "session.json is a link that leaves the dataset")
    }
    guard let manifestData = try? Data(contentsOf: manifestURL) else {
      throw DatasetProblem(
        path: manifestPath, line: 0, reason: "session.json is missing or unreadable")
    }
    let (manifest, recordings) = try SessionManifestReader.read(
      data: manifestData, path: manifestPath, catalog: catalog)
    if manifest.sessionId != folder {
      let other = FileManager.default.fileExists(
        atPath: datasetRoot.appendingPathComponent("sessions/\(manifest.sessionId)").path)
      throw DatasetProblem(
        path: manifestPath, line: 0,
        reason: other
          ? "$.session_id: duplicate session_id '\(manifest.sessionId)' (sessions/\(manifest.sessionId) has it)"
          : "$.session_id '\(manifest.sessionId)' does not match its folder '\(folder)'")
    }
    do {
      return try readRecordings(
        recordings, of: manifest, folder: folder, in: sessionURL, root: root, settings: settings)
    } catch var problem as DatasetProblem {
      problem.athleteId = manifest.athleteId
      throw problem
    }
  }

  /// Reads the pose and IMU recordings a manifest names, in the session's folder
  /// (`sessionURL`), each checked to lie inside the dataset (`root`).
  private static func readRecordings(
    _ recordings: [RecordingReference], of manifest: SessionManifest, folder: String,
    in sessionURL: URL, root: SafePath.Root, settings: Settings
  ) throws -> IngestedSession {
    let manifestPath = "sessions/\(folder)/session.json"
    var session = IngestedSession(manifest: manifest, pose: nil, imu: nil)
    for (index, recording) in recordings.enumerated() {
      let path = "sessions/\(folder)/\(recording.path)"
      do {
        let url = try root.resolve(recording.path, in: sessionURL, reportAs: manifestPath)
        let opened = try RecordingDispatcher.open(
          recording, at: url, path: path, manifestPath: manifestPath, index: index)
        if opened.format.kind == .pose, session.pose == nil {
          session.pose = try RecordingDispatcher.readPose(
            opened, path: path, reference: recording,
            minimumConfidence: settings.minimumPoseConfidence, joints: settings.poseJoints)
        } else if opened.format.kind == .imu, session.imu == nil {
          session.imu = try RecordingDispatcher.readImu(opened, path: path, reference: recording)
        }
      } catch let problem as DatasetProblem {
        // The smallest unit that holds the problem is the recording: the session's logged
        // sets do not depend on it.
        session.setAside.append(
          DatasetProblem(
            path: problem.path, line: problem.line,
            reason: problem.reason + Self.recordingSetAside, athleteId: manifest.athleteId))
      }
    }
    return session
  }

  /// What follows a recording's problem: what became of it.
  package static let recordingSetAside =
    "; the recording is set aside, the session's logged sets are kept"

  /// The problem of a session whose athlete is not in athletes.csv.
  package static func unknownAthlete(_ athleteId: String, folder: String) -> DatasetProblem {
    DatasetProblem(
      path: "sessions/\(folder)/session.json", line: 0,
      reason: "$.athlete_id '\(athleteId)' is not in athletes.csv",
      missingAthlete: athleteId)
  }

  /// Session folder names under `datasetRoot/sessions`, sorted.
  package static func sessionFolders(datasetRoot: URL) throws -> [String] {
    let sessions = datasetRoot.appendingPathComponent("sessions")
    let names = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }
}
