import AuraDomain
import AuraFeatures
import AuraIngest
import AuraPipeline
import AuraStore
import AuraSynth
import AuraTestParameters
import Foundation

/// What the test targets share: the repository and its sample, the built CLI, temporary
/// folders, generated datasets, pipeline configurations and one published run of the sample.
package enum TestSupport {
  /// The repository's root folder.
  package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The bundled sample dataset (read only: copy it with `sampleCopy` to change it).
  package static let sampleDataset = repositoryRoot.appendingPathComponent("datasets/sample")

  /// The `auralift` executable built beside the test runner (`swift build --build-tests`).
  package static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("auralift")
  }

  /// pipelines/nightly.yaml as it is (its parameters, for tests of what reads them).
  package static func nightlyPipeline() throws -> PipelineConfig {
    try PipelineConfig.load(
      path: repositoryRoot.appendingPathComponent("pipelines/nightly.yaml").path)
  }

  /// pipelines/nightly.yaml over `dataset` into `out`, with `workers`.
  package static func pipelineConfig(dataset: URL, out: URL, workers: Int = 2) throws
    -> PipelineConfig
  {
    var config = try nightlyPipeline()
    config.dataset = dataset.path
    config.out = out.path
    config.workers = workers
    return config
  }

  /// One run of the sample dataset, shared by every test that only reads it: its `current`
  /// folder (published under a temporary folder removed when the tests exit).
  package static let publishedSample: Result<URL, any Error> = Result {
    let out = try sharedTemporaryFolder("reports")
    _ = try Runner(config: try pipelineConfig(dataset: sampleDataset, out: out)).run()
    return out.appendingPathComponent("current")
  }

  /// The database of `publishedSample`.
  package static func publishedSampleStore() throws -> StoreReader {
    try StoreReader(
      databasePath: try publishedSample.get().appendingPathComponent("auralift.sqlite").path)
  }

  /// A dataset in `folder` of one athlete (a-1) and one session, `session`, of one set of
  /// `exercise`, recorded as `recording` says (the manifest's recording, as JSON); returns the
  /// session's folder, where the recording is to be put.
  package static func oneSetDataset(
    in folder: URL, session: String, recording: String, exercise: String
  ) throws -> URL {
    let sessionFolder = folder.appendingPathComponent("sessions/\(session)")
    try FileManager.default.createDirectory(at: sessionFolder, withIntermediateDirectories: true)
    try "athlete_id,username\na-1,lifter\n".write(
      to: folder.appendingPathComponent("athletes.csv"), atomically: true, encoding: .utf8)
    try """
    {"session_id": "\(session)", "athlete_id": "a-1", "start_time": "2026-11-01T10:00:00Z",
     "recordings": [\(recording)],
     "sets": [{"set_number": 1, "exercise": "\(exercise)"}]}
    """.write(
      to: sessionFolder.appendingPathComponent("session.json"), atomically: true, encoding: .utf8)
    return sessionFolder
  }

  /// A fresh empty folder under the system temporary directory.
  package static func temporaryFolder(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("auralift-tests-\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Removes the folders a test made (whatever exists of them).
  package static func remove(_ folders: URL...) {
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }

  /// A fresh empty folder for a fixture that a suite's tests share, removed when the test
  /// process exits (no test owns it, so none can remove it).
  package static func sharedTemporaryFolder(_ name: String) throws -> URL {
    let folder = try temporaryFolder(name)
    SharedFolders.removeAtExit(folder)
    return folder
  }

  /// Generates a dataset and returns its folder and truth.
  package static func generatedDataset(
    athletes: Int = 3, sessions: Int = 4, seed: UInt64 = 11, noise: NoiseProfile = .low,
    logOnlyShare: Double = 0.25, poseFormats: [String] = ["vision19"],
    imuFormats: [String] = ["generic"], imuPlacements: [String] = ["barbell"],
    exercises: [String] = SynthConfig.defaultRecordedExercises, watchApp: Bool = false,
    lostPackets: Bool = false, barFailures: Bool = false
  ) throws -> (URL, DatasetTruth) {
    let folder = try temporaryFolder("dataset\(seed)")
    var config = SynthConfig(
      athletes: athletes, sessionsPerAthlete: sessions, seed: seed, noise: noise,
      logOnlyShare: logOnlyShare, poseFormats: poseFormats, imuFormats: imuFormats,
      recordedExercises: exercises)
    config.imuPlacements = imuPlacements
    config.watchApp = watchApp
    config.lostPackets = lostPackets
    config.barFailures = barFailures
    let truth = try DatasetSynthesizer(config: config).write(to: folder)
    return (folder, truth)
  }

  /// Runs the built CLI with `arguments` from `directory` (the repository by default), with
  /// `environment` in place of the test's own where given; returns its status and output.
  /// Output goes to files, so neither stream can fill and block the process.
  package static func cli(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let folder = try temporaryFolder("cli")
    defer { remove(folder) }
    let (out, errors) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
      String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    )
  }

  /// Runs `python3 -c script arguments…`; its exit status and what it printed. The mail
  /// tests read messages with Python's email library, a parser this project did not write.
  package static func python(_ script: String, _ arguments: [String]) throws -> (
    status: Int32, stdout: Data
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
  }

  /// A copy of the bundled sample dataset at `root/dataset`, to damage or extend.
  package static func sampleCopy(in root: URL) throws -> URL {
    let dataset = root.appendingPathComponent("dataset")
    try FileManager.default.copyItem(
      at: sampleDataset, to: dataset)
    return dataset
  }

  /// Takes athlete `id`'s row out of `dataset`'s athletes.csv (their sessions and days stay).
  package static func removeAthlete(_ id: String, from dataset: URL) throws {
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let text = try String(contentsOf: athletes, encoding: .utf8)
    try text.split(separator: "\n").filter { !$0.hasPrefix("\(id),") }.joined(separator: "\n")
      .appending("\n").write(to: athletes, atomically: true, encoding: .utf8)
  }

  /// `auralift run pipelines/nightly.yaml` over `dataset` into `out`, quiet, as cron runs it
  /// (with its run record for `status`).
  package static func nightlyRun(dataset: URL, out: URL) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try cli([
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--quiet",
    ])
  }

  /// `../shared/realdata` beside the repository, where the real public recordings live.
  package static let realData: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/realdata").standardizedFileURL

  /// True when the real recordings are present (tests that need them are skipped otherwise).
  package static var hasRealData: Bool { FileManager.default.fileExists(atPath: realData.path) }

  /// The parameters of pipelines/nightly.yaml, read from it: the stage tests run with the
  /// values the nightly run uses, declared in one place.
  package static let parameters: ParameterSet = {
    do { return try NightlyParameters.load() } catch {
      fatalError("pipelines/nightly.yaml cannot be read: \(error)")
    }
  }()

  /// `parameters` with every count found published, whatever its confidence: how the
  /// counters' own tests read a count.
  package static let everyCountPublished = ParameterSet(
    parameters.values.merging(["features.min_reps_confidence": .number(0)]) { $1 })

  /// The features of a dataset of one session, written to a temporary folder and removed
  /// after: `tables` at its root (file name to text: athletes.csv, exercises.csv...), and in
  /// `sessions/<sessionId>/` its `manifest` (session.json) and `recordings` (name to text).
  package static func features(
    ofSession sessionId: String, manifest: String, recordings: [String: String],
    tables: [String: String], parameters: ParameterSet = parameters
  ) throws -> SessionFeatures {
    let root = try temporaryFolder("session\(sessionId)")
    defer { remove(root) }
    let session = root.appendingPathComponent("sessions/\(sessionId)")
    try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
    for (name, text) in tables {
      try Data(text.utf8).write(to: root.appendingPathComponent(name))
    }
    for (name, text) in recordings {
      try Data(text.utf8).write(to: session.appendingPathComponent(name))
    }
    try Data(manifest.utf8).write(to: session.appendingPathComponent("session.json"))
    return try features(sessionId, in: root, parameters: parameters)
  }

  /// Rewrites session `sessionId`'s manifest in `folder` to keep its IMU recordings alone, and
  /// its sets without `setFields` (e.g. their bounds and logged reps); false where it had no
  /// IMU recording (left as it was).
  @discardableResult
  package static func keepImuOnly(
    _ sessionId: String, in folder: URL, removingSetFields setFields: Set<String> = []
  ) throws -> Bool {
    let url = folder.appendingPathComponent("sessions/\(sessionId)/session.json")
    guard
      var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        as? [String: Any],
      let recordings = manifest["recordings"] as? [[String: Any]],
      recordings.contains(where: { $0["kind"] as? String == "imu" })
    else { return false }
    manifest["recordings"] = recordings.filter { $0["kind"] as? String == "imu" }
    if let sets = manifest["sets"] as? [[String: Any]] {
      manifest["sets"] = sets.map { $0.filter { !setFields.contains($0.key) } }
    }
    try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    return true
  }

  /// The features of one session of a dataset, its exercises.csv merged over the catalog.
  package static func features(
    _ sessionId: String, in folder: URL, parameters: ParameterSet = parameters
  ) throws -> SessionFeatures {
    let tables = try DatasetTablesReader.read(root: folder)
    let session = try SessionReader.read(
      folder: sessionId, datasetRoot: folder, catalog: tables.catalog,
      settings: try .init(parameters))
    let body =
      BodyDimensions.byAthlete(tables)[session.manifest.athleteId] ?? BodyDimensions(heightCm: nil)
    return try SessionFeatureExtractor(settings: try .init(parameters), catalog: tables.catalog)
      .extract(session, body: body)
  }

  /// Rewrites a vision19 CSV with every x mirrored (x → 1 − x): the athlete faces the other way.
  package static func mirrorPoseCSV(_ url: URL) throws {
    try rewritePoseCSV(url) { column, _, value in column.hasSuffix("_x") ? 1 - value : value }
  }

  /// Rewrites a vision19 CSV with the named joints at zero confidence during `span` seconds.
  package static func hideJoints(_ joints: [String], during span: ClosedRange<Double>, in url: URL)
    throws
  {
    try rewritePoseCSV(url) { column, time, value in
      joints.contains { column == "\($0)_c" } && span.contains(time) ? 0 : value
    }
  }

  /// Applies `change(column, time, value)` to every numeric cell of a vision19 CSV.
  private static func rewritePoseCSV(
    _ url: URL, _ change: (String, Double, Double) -> Double
  ) throws {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    let header = lines[0].split(separator: ",").map(String.init)
    var out = [String(lines[0])]
    for line in lines.dropFirst() {
      let cells = line.split(separator: ",").map { Double($0)! }
      let time = cells[0]
      out.append(
        zip(header, cells).enumerated().map { index, pair in
          index == 0 ? String(pair.1) : String(change(pair.0, time, pair.1))
        }.joined(separator: ","))
    }
    try Data((out.joined(separator: "\n") + "\n").utf8).write(to: url)
  }
}

/// The shared fixtures' folders, removed by an `atexit` handler registered with the first.
private enum SharedFolders {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: [String] = []

  package static func removeAtExit(_ folder: URL) {
    lock.lock()
    defer { lock.unlock() }
    if paths.isEmpty {
      atexit {
        for path in SharedFolders.paths { try? FileManager.default.removeItem(atPath: path) }
      }
    }
    paths.append(folder.path)
  }
}
