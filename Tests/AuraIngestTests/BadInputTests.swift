import AuraDomain
import AuraIngest
import AuraTestSupport
import Foundation
import Testing

/// Each kind of broken or hostile input gets one clear problem: path, line and reason.
@Suite struct BadInputTests {
  static let header = "t,ax,ay,az,gx,gy,gz"
  static let goodIMU = [header, "0.00,0,0,1,0,0,0", "0.01,0,0,1,0,0,0", "0.02,0,0,1,0,0,0"]

  /// The problem reading session `s-1` of `root` gives, nil when it reads cleanly: the
  /// session's own, or that of the recording it set aside (the session then reads without it,
  /// its logged sets kept).
  static func readProblem(root: URL) throws -> DatasetProblem? {
    do {
      let session = try SessionReader.read(
        folder: "s-1", datasetRoot: root, catalog: .builtIn,
        settings: .init(minimumPoseConfidence: 0.3))
      guard let problem = session.setAside.first else { return nil }
      #expect(session.isLogOnly)
      #expect(problem.reason.hasSuffix(SessionReader.recordingSetAside))
      #expect(problem.athleteId == "a-1")
      return problem
    } catch let problem as DatasetProblem {
      return problem
    }
  }

  /// A one-session dataset whose session has `files`, read through the ingest stage.
  static func problem(
    files: [String: String], format: String? = "generic", path: String = "bar.csv",
    kind: String = "imu", exercise: String = "back_squat", sessionId: String = "s-1",
    extraFolders: [String] = []
  ) throws -> DatasetProblem? {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let session = root.appendingPathComponent("sessions/s-1")
    try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
    for folder in extraFolders {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("sessions/\(folder)"), withIntermediateDirectories: true)
    }
    for (name, text) in files {
      try Data(text.utf8).write(to: session.appendingPathComponent(name))
    }
    let formatField = format.map { ", \"format\": \"\($0)\"" } ?? ""
    let manifest = """
      {"session_id": "\(sessionId)", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
       "sets": [{"set_number": 1, "exercise": "\(exercise)", "load_kg": 100}],
       "recordings": [{"kind": "\(kind)", "path": "\(path)"\(formatField),
                       "accel_unit": "g", "gyro_unit": "deg/s"}]}
      """
    if files["session.json"] == nil {
      try Data(manifest.utf8).write(to: session.appendingPathComponent("session.json"))
    }
    return try readProblem(root: root)
  }

  static func expectProblem(
    _ problem: DatasetProblem?, path: String = "sessions/s-1/bar.csv", line: Int, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let problem else {
      Issue.record("expected a problem containing '\(reason)'", sourceLocation: sourceLocation)
      return
    }
    #expect(problem.path == path, sourceLocation: sourceLocation)
    #expect(problem.line == line, sourceLocation: sourceLocation)
    #expect(
      problem.reason.contains(reason), "got: \(problem.reason)", sourceLocation: sourceLocation)
  }

  static func imu(replacing line: Int, with text: String) -> String {
    var lines = goodIMU
    lines[line - 1] = text
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func goodFileReads() throws {
    #expect(try Self.problem(files: ["bar.csv": Self.goodIMU.joined(separator: "\n")]) == nil)
  }

  @Test func truncatedRow() throws {
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": Self.imu(replacing: 3, with: "0.01,0,0,1")]), line: 3,
      "truncated row")
  }

  @Test func nonNumericCell() throws {
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": Self.imu(replacing: 4, with: "0.02,0,zero,1,0,0,0")]),
      line: 4, "column 'ay': 'zero' is not a number")
  }

  @Test(arguments: ["nan", "inf", "-Infinity"])
  func nonFiniteCell(value: String) throws {
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": Self.imu(replacing: 2, with: "0.00,\(value),0,1,0,0,0")]),
      line: 2, "non-finite")
  }

  @Test func timestampsGoingBackwards() throws {
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": Self.imu(replacing: 4, with: "0.005,0,0,1,0,0,0")]),
      line: 4, "goes backwards")
  }

  @Test func emptyFile() throws {
    Self.expectProblem(try Self.problem(files: ["bar.csv": ""]), line: 0, "empty file")
  }

  @Test func missingRequiredColumn() throws {
    let text = "t,ax,ay,az,gx,gy\n0,0,0,1,0,0\n0.01,0,0,1,0,0\n"
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": text]), line: 1, "missing required column 'gz'")
  }

  /// Many watches record the accelerometer alone: a generic file without gx, gy and gz reads
  /// (no gyroscope unit needed); one with some of them is named.
  @Test func accelerometerAloneReadsAndAPartialGyroscopeIsNamed() throws {
    let alone = "t,ax,ay,az\n0,0,0,1\n0.02,0,0,1\n0.04,0,0.1,1\n"
    #expect(try Self.problem(files: ["bar.csv": alone]) == nil)
    let partial = "t,ax,ay,az,gx\n0,0,0,1,0\n0.02,0,0,1,0\n"
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": partial]), line: 1,
      "missing required column 'gy' for format generic (gx, gy and gz come together)")
  }

  @Test func malformedManifestJSON() throws {
    Self.expectProblem(
      try Self.problem(files: ["session.json": "{\"session_id\": \"s-1\", "]),
      path: "sessions/s-1/session.json", line: 1,
      "malformed JSON at column 23: expected a quoted key")
  }

  @Test func malformedFrameJSON() throws {
    let problem = try Self.problem(
      files: ["pose.json": "[{\"t\": 0.0, \"joints\": {\"nose\": [0.5, 0.5"],
      format: "vision19", path: "pose.json", kind: "pose")
    Self.expectProblem(problem, path: "sessions/s-1/pose.json", line: 0, "malformed JSON")
  }

  @Test func unknownExercise() throws {
    Self.expectProblem(
      try Self.problem(
        files: ["bar.csv": Self.goodIMU.joined(separator: "\n")], exercise: "underwater_basket"),
      path: "sessions/s-1/session.json", line: 0, "unknown exercise 'underwater_basket'")
  }

  @Test func duplicateSessionId() throws {
    Self.expectProblem(
      try Self.problem(
        files: ["bar.csv": Self.goodIMU.joined(separator: "\n")], sessionId: "s-0",
        extraFolders: ["s-0"]),
      path: "sessions/s-1/session.json", line: 0, "duplicate session_id 's-0'")
  }

  @Test func declaredFormatDoesNotMatchTheFile() throws {
    Self.expectProblem(
      try Self.problem(
        files: ["bar.csv": Self.goodIMU.joined(separator: "\n")], format: "xio"),
      line: 1, "declared format xio does not match the file (it looks like generic)")
  }

  @Test func undeclaredFormatIsDetected() throws {
    #expect(
      try Self.problem(files: ["bar.csv": Self.goodIMU.joined(separator: "\n")], format: nil)
        == nil)
  }

  @Test func megabyteLine() throws {
    let long = "0.01," + String(repeating: "1", count: 1 << 20) + ",0,1,0,0,0"
    Self.expectProblem(
      try Self.problem(files: ["bar.csv": Self.imu(replacing: 3, with: long)]), line: 3,
      "longer than 1048576 bytes")
  }

  @Test(arguments: ["../../athletes.csv", "/etc/passwd", "sub/../../s-2/bar.csv"])
  func pathLeavingTheDataset(path: String) throws {
    Self.expectProblem(
      try Self.problem(files: [:], path: path), path: "sessions/s-1/session.json", line: 0,
      "leaves the dataset folder")
  }

  /// A dataset whose session reads `recording` (a path in the session folder) through a
  /// symlink at `link` to a generic IMU file outside the dataset; the problem it gets.
  static func symlinkProblem(link: String, recording: String, format: String) throws
    -> DatasetProblem?
  {
    let outside = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(outside) }
    let secret = outside.appendingPathComponent("secret.csv")
    try Data(goodIMU.joined(separator: "\n").utf8).write(to: secret)
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let session = root.appendingPathComponent("sessions/s-1")
    let linkURL = session.appendingPathComponent(link)
    try FileManager.default.createDirectory(
      at: linkURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: linkURL, withDestinationURL: secret)
    let manifest = """
      {"session_id": "s-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
       "recordings": [{"kind": "imu", "path": "\(recording)", "format": "\(format)",
                       "accel_unit": "g", "gyro_unit": "deg/s"}]}
      """
    try Data(manifest.utf8).write(to: session.appendingPathComponent("session.json"))
    return try readProblem(root: root)
  }

  @Test func symlinkPointingOutside() throws {
    Self.expectProblem(
      try Self.symlinkProblem(link: "bar.csv", recording: "bar.csv", format: "generic"),
      path: "sessions/s-1/session.json", line: 0, "points outside the dataset")
  }

  @Test func symlinkInsideARecordingFolderPointingOutside() throws {
    Self.expectProblem(
      try Self.symlinkProblem(
        link: "metawear/Accelerometer.csv", recording: "metawear", format: "metawear"),
      path: "sessions/s-1/session.json", line: 0,
      "recording path 'metawear/Accelerometer.csv' points outside the dataset")
  }

  @Test func oddButValidCSVParses() throws {
    // BOM, CRLF, a quoted header cell, a blank line and trailing empty columns.
    let text =
      "\u{FEFF}\"t\",ax,ay,az,gx,gy,gz,,\r\n0.00,0,0,1,0,0,0,,\r\n\r\n0.01,0,0,1,0,0,0\r\n"
      + "0.02,\"0\",0,1,0,0,0\r\n"
    #expect(try Self.problem(files: ["bar.csv": text]) == nil)
  }
}
