import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A run killed at any moment (SIGKILL: no handler, no cleanup) leaves a published state that
/// is either the previous complete one or the new complete one, and the next run completes
/// with the same rows and files as a clean run.
@Suite struct CrashSafetyTests {
  /// The `auralift` executable built beside the test runner (`swift build --build-tests`).
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("auralift")
  }

  static func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = PipelineTests.repositoryRoot
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
    where name != "run.csv" {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  @Test func killedAtTwentyRandomPointsTheNextRunPublishesWhatACleanRunDoes() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.binary.path),
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

    var random = SystemRandomNumberGenerator()
    var published = 0
    for point in 0..<20 {
      // Every fourth point starts from nothing; the others from what the killed runs left,
      // without the cache and the publication's key, so that the run has all its work to do.
      if point % 4 == 0 {
        try? FileManager.default.removeItem(at: out)
      } else {
        try? FileManager.default.removeItem(at: out.appendingPathComponent(".cache"))
        try? FileManager.default.removeItem(at: out.appendingPathComponent(".state/published-key"))
      }
      let killed = try Self.start(arguments(out))
      let delay = Double.random(in: 0...(1.1 * duration), using: &random)
      let at = String(format: "the kill at point %d (%.3f s)", point, delay)
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
}
