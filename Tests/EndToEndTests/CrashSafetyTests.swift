import AuraStore
import AuraTestSupport
import Foundation
import Testing

@testable import AuraSynth

#if canImport(Glibc)
  import Glibc
#endif

/// A run killed at any moment (SIGKILL: no handler, no cleanup) leaves a published state that
/// is either the previous complete one or the new complete one, and the next run completes
/// with the same rows and files as a clean run.
@Suite struct CrashSafetyTests {
  static func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = TestSupport.binary
    process.arguments = arguments
    process.currentDirectoryURL = TestSupport.repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The published CSV exports (all but the run's own record), by file name.
  static func exports(_ out: URL) throws -> [String: Data] {
    let folder = out.appendingPathComponent("current/csv")
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where !StoreReader.runRecordTables.contains(String(name.dropLast(4))) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  @Test func killedAtTwentyRandomPointsTheNextRunPublishesWhatACleanRunDoes() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: TestSupport.binary.path),
      "build the CLI first: swift build --build-tests")
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 61, logOnlyShare: 0)
    let cleanOut = try TestSupport.temporaryFolder()
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, cleanOut, out) }
    func arguments(_ folder: URL) -> [String] {
      ["run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", folder.path]
    }
    let started = Date()
    let clean = try Self.start(arguments(cleanOut))
    clean.waitUntilExit()
    let duration = Date().timeIntervalSince(started)
    #expect(clean.terminationStatus == 0)
    let referenceRows = try RunnerTests.publishedRows(cleanOut)
    let referenceFiles = try Self.exports(cleanOut)

    // The kill times come from a seed (AURALIFT_TEST_SEED, else a fixed one) that every
    // failure names; the same seed gives the same delays, though not the same race.
    let seed = ProcessInfo.processInfo.environment["AURALIFT_TEST_SEED"].flatMap(UInt64.init) ?? 20
    var random = SeededRandom(seed: seed)
    var published = 0
    for point in 0..<20 {
      // Every fourth point starts from nothing; the others from what the killed runs left,
      // without the cache and the run's records, so that the run has all its work to do.
      if point % 4 == 0 {
        try? FileManager.default.removeItem(at: out)
      } else {
        try? FileManager.default.removeItem(at: out.appendingPathComponent(".cache"))
        let records = RunRecords.file(out: out)
        for file in [records, records.appendingPathExtension("journal")] {
          try? FileManager.default.removeItem(at: file)
        }
      }
      let killed = try Self.start(arguments(out))
      let delay = random.uniform(0...(1.1 * duration))
      let at = String(format: "the kill at point %d (%.3f s, seed %llu)", point, delay, seed)
      usleep(UInt32(delay * 1e6))
      kill(killed.processIdentifier, SIGKILL)
      killed.waitUntilExit()
      // A reader at this moment sees a complete publication or none.
      if FileManager.default.fileExists(atPath: out.appendingPathComponent("current").path) {
        published += 1
        #expect(
          try RunnerTests.publishedRows(out) == referenceRows, "after \(at)")
      }
      let next = try Self.start(arguments(out))
      next.waitUntilExit()
      #expect(next.terminationStatus == 0, "the run after \(at)")
      #expect(try RunnerTests.publishedRows(out) == referenceRows, "after \(at)")
      #expect(try Self.exports(out) == referenceFiles, "after \(at)")
    }
    // Some kills came after a publication existed (the check above ran).
    #expect(published > 0)
  }

  /// Runs the CLI to its end with `environment` added to the test's; what it printed on stdout.
  static func finish(_ arguments: [String], environment: [String: String]) throws -> (
    process: Process, output: String
  ) {
    let process = Process()
    process.executableURL = TestSupport.binary
    process.arguments = arguments
    process.currentDirectoryURL = TestSupport.repositoryRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process, String(decoding: printed, as: UTF8.self))
  }

  /// A defect that traps on one session stops the run that meets it. The next run computes
  /// the sessions that were in flight in processes of their own: it fails that one session
  /// and publishes the rest, and so does every run after it until the defect is gone.
  @Test func aSessionThatCrashesFailsAloneFromTheNextRunOn() throws {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 3, seed: 61, logOnlyShare: 0)
    let cleanOut = try TestSupport.temporaryFolder()
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, cleanOut, out) }
    func arguments(_ folder: URL) -> [String] {
      ["run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", folder.path]
    }
    #expect(try Self.finish(arguments(cleanOut), environment: [:]).process.terminationStatus == 0)
    let referenceRows = try RunnerTests.publishedRows(cleanOut)
    let referenceFiles = try Self.exports(cleanOut)
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions").path
    ).sorted()
    let crashing = folders[1]
    let crash = ["AURALIFT_CRASH_SESSION": crashing, "SWIFT_BACKTRACE": "enable=no"]

    let first = try Self.finish(arguments(out), environment: crash).process
    #expect(first.terminationReason == .uncaughtSignal)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("current").path))
    for attempt in 1...2 {
      let (next, output) = try Self.finish(arguments(out), environment: crash)
      #expect(next.terminationReason == .exit && next.terminationStatus == 3, "run \(attempt)")
      #expect(output.contains("failed: sessions/\(crashing): auralift crashed computing it"))
      let rows = try RunnerTests.publishedRows(out)
      #expect(rows["workout_session"]?.count == referenceRows["workout_session"]!.count - 1)
    }
    let fixed = try Self.finish(arguments(out), environment: [:]).process
    #expect(fixed.terminationStatus == 0)
    #expect(try RunnerTests.publishedRows(out) == referenceRows)
    #expect(try Self.exports(out) == referenceFiles)
  }
}
