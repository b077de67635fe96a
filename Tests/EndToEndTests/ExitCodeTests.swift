import AuraExperiments
import AuraPipeline
import AuraTestSupport
import Foundation
import Testing

/// What a scheduler sees when a run cannot start: one of the README's exit codes (never the
/// generic 1) and one stderr line naming the file and the problem, not Foundation's error
/// domain and code.
@Suite struct ExitCodeTests {
  /// Runs the built CLI in the repository; returns its exit status and stderr.
  static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let run = try TestSupport.cli(arguments)
    return (run.status, run.stderr)
  }

  /// `--version`: the release, the commit of the checkout the binary was built in, and each
  /// stage's code version, as the run table records them.
  @Test func versionNamesTheReleaseTheCommitAndTheStages() throws {
    let version = try TestSupport.cli(["--version"])
    #expect(version.status == 0)
    let line = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(line.hasPrefix("auralift \(Code.release), commit "), "\(line)")
    #expect(line.hasSuffix("; \(Code.summary)"), "\(line)")
    // The commit is recorded at build time: the binary names it wherever it is copied.
    let head = try #require(ExperimentRecord.commit(in: TestSupport.repositoryRoot))
    #expect(line.contains("commit \(head.prefix(12))"), "\(line)")
    let elsewhere = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(elsewhere) }
    let copy = elsewhere.appendingPathComponent("auralift")
    try FileManager.default.copyItem(at: TestSupport.binary, to: copy)
    let process = Process()
    process.executableURL = copy
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let copied = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(copied.contains("commit \(head.prefix(12))"), "\(copied)")
  }

  @Test func aMissingOrMalformedPipelineFileIsAUsageErrorNamingIt() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let missing = folder.appendingPathComponent("absent.yaml").path
    let absent = try Self.run(["run", missing, "--out", folder.path])
    #expect(absent.status == 64)
    #expect(absent.stderr.contains("\(missing): cannot read the pipeline file: No such file"))

    let malformed = folder.appendingPathComponent("broken.yaml")
    try Data("name: nightly\nparameters: [\n".utf8).write(to: malformed)
    let broken = try Self.run(["run", malformed.path, "--out", folder.path])
    #expect(broken.status == 64)
    #expect(
      broken.stderr
        == "auralift: pipeline: \(malformed.path):3:1: did not find expected node content (while parsing a flow node)\n"
    )
    #expect(!absent.stderr.contains("NSCocoaErrorDomain") && !broken.stderr.contains("Domain="))
  }

  @Test func aParameterOfTheWrongTypeIsAUsageErrorBeforeAnythingRuns() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let out = folder.appendingPathComponent("out")
    // One key per stage that reads it late: scoring (per session) and aggregation (at
    // publication), so that neither fails halfway through a run.
    for assignment in [
      "scoring.form.depth_weight=deep", "aggregation.secondary_muscle_share=half",
    ] {
      let result = try Self.run(["run", "--out", out.path, "--set", assignment])
      #expect(result.status == 64, "\(assignment)")
      let key = assignment.split(separator: "=")[0]
      #expect(result.stderr.contains("parameter \(key) is not a number"))
    }
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func aMissingDatasetOrAnUncreatableOutputPublishesNothingAndSaysWhere() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let dataset = folder.appendingPathComponent("no-such-dataset").path
    let noData = try Self.run(["run", "--dataset", dataset, "--out", folder.path])
    #expect(noData.status == 2)
    #expect(noData.stderr.contains("nothing published: no dataset folder at \(dataset)"))

    let file = folder.appendingPathComponent("a-file")
    try Data().write(to: file)
    let out = file.appendingPathComponent("out").path
    let noOut = try Self.run(["run", "--out", out])
    #expect(noOut.status == 2)
    #expect(
      noOut.stderr.contains("cannot create the output folder \(out)/.state: Not a directory"))
  }

  /// `compare` of something that is neither a database file nor an output folder (a FIFO,
  /// which SQLite's open would wait on for ever) is a usage error at once.
  /// `eval` exits 1 only for a missed target: what it cannot read is a usage error.
  @Test func evalUsageErrorsAreNotMissedTargets() throws {
    for (arguments, message) in [
      (["eval", "/nowhere/at/all"], "/nowhere/at/all"),
      (["eval", TestSupport.sampleDataset.path, "--truth", "/nowhere/truth.json"], "truth.json"),
      (
        ["eval", TestSupport.sampleDataset.path, "--split", "train"],
        "--split train: tune or holdout"
      ),
      (["eval", TestSupport.sampleDataset.path, "--workers=-2"], "--workers -2"),
    ] {
      let run = try Self.run(arguments)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
  }

  @Test func compareRefusesWhatIsNotAPublication() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let compared = try TestSupport.cli(["compare", fifo.path, fifo.path])
    #expect(compared.status == 64)
    #expect(compared.stderr.contains("not a database file or an output folder"))
  }
}
