import AuraTestSupport
import Foundation
import Testing

/// The nightly command as cron runs it: no terminal, `HOME` as the working directory, a
/// minimal `PATH`. With `--quiet` it prints nothing when all is well, and only the problems
/// and one summary line when not; `.state/last-run.json` says how it ended either way.
@Suite struct CronRunTests {
  /// Runs the built CLI from `home` with cron's environment; returns its status and output.
  static func cron(_ arguments: [String], home: URL) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try TestSupport.cli(
      arguments, in: home,
      environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LOGNAME": "cron"])
  }

  static func lastRun(_ out: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: out.appendingPathComponent(".state/last-run.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func theNightlyCommandIsQuietWhenAllIsWell() throws {
    let home = try TestSupport.temporaryFolder("cron")
    defer { TestSupport.remove(home) }
    let pipeline = TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml")
    let out = home.appendingPathComponent("reports")
    // The pipeline file's dataset path is relative to the file, not to HOME.
    let first = try Self.cron(["run", pipeline.path, "--out", out.path, "--quiet"], home: home)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stdout)\(first.stderr)")
    var record = try Self.lastRun(out)
    #expect(record["exit_code"] as? Int == 0)
    #expect(record["sessions"] as? Int == 18)
    #expect(record["up_to_date"] as? Bool == false)
    let again = try Self.cron(["run", pipeline.path, "--out", out.path, "--quiet"], home: home)
    #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty)
    record = try Self.lastRun(out)
    #expect(record["up_to_date"] as? Bool == true)

    // A damaged row: exit 3, the problem and one summary line.
    let dataset = try TestSupport.sampleCopy(in: home)
    try UntrustedInputTests.duplicateLastRow("coaches.csv", in: dataset)
    let damaged = try Self.cron(
      ["run", pipeline.path, "--dataset", dataset.path, "--out", out.path, "--quiet"], home: home)
    #expect(damaged.status == 3)
    let lines = damaged.stdout.split(separator: "\n")
    #expect(lines.count == 2, "\(damaged.stdout)")
    #expect(lines.first?.hasPrefix("quarantined: coaches.csv:") == true)
    #expect(lines.last?.hasPrefix("ran: 18 sessions") == true)
    // Said once: not again as a log line on stderr.
    #expect(damaged.stderr.isEmpty, "\(damaged.stderr)")
    record = try Self.lastRun(out)
    #expect(record["exit_code"] as? Int == 3 && record["quarantined"] as? Int == 1)

    // Nothing published: the record says why.
    let missing = home.appendingPathComponent("no-such-dataset")
    let failed = try Self.cron(
      ["run", pipeline.path, "--dataset", missing.path, "--out", out.path, "--quiet"], home: home)
    #expect(failed.status == 2)
    record = try Self.lastRun(out)
    #expect(record["exit_code"] as? Int == 2)
    #expect((record["error"] as? String)?.isEmpty == false)
  }

  /// `--log-format json`: every stderr line is one JSON object; the summary carries typed
  /// counts and each problem's path, line and reason; a run that publishes nothing says why.
  @Test func jsonLogsCarryTypedFields() throws {
    let home = try TestSupport.temporaryFolder("json-logs")
    defer { TestSupport.remove(home) }
    let pipeline = TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml")
    let dataset = try TestSupport.sampleCopy(in: home)
    try UntrustedInputTests.duplicateLastRow("coaches.csv", in: dataset)
    let out = home.appendingPathComponent("reports")
    func lines(_ arguments: [String]) throws -> (Int32, [[String: Any]]) {
      let run = try Self.cron(arguments + ["--log-format", "json"], home: home)
      let objects = try run.stderr.split(separator: "\n").filter { !$0.hasPrefix("auralift:") }
        .map { line in
          try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
      return (run.status, objects)
    }
    let (status, objects) = try lines([
      "run", pipeline.path, "--dataset", dataset.path, "--out", out.path,
    ])
    #expect(status == 3)
    let summary = try #require(objects.first { $0["message"] as? String == "summary" })
    #expect(summary["sessions"] as? Int == 18)
    #expect(summary["exit_code"] as? Int == 3)
    // One key name per quantity: last-run.json's.
    #expect((summary["duration_seconds"] as? Double) != nil && summary["duration_s"] == nil)
    let quarantined = try #require(summary["quarantined"] as? [[String: Any]])
    #expect(quarantined.count == 1)
    #expect(quarantined.first?["path"] as? String == "coaches.csv")
    #expect(quarantined.first?["line"] as? Int == 4)
    // Each event is one object with stable typed fields, not prose; debug adds how long each
    // step of the run took.
    let (_, events) = try lines([
      "run", pipeline.path, "--dataset", dataset.path, "--out",
      home.appendingPathComponent("fresh").path, "--log-level", "debug",
    ])
    let steps = events.filter { $0["message"] as? String == "timed" }
    #expect(
      ["plan", "compute", "aggregate and write sessions", "publish"].allSatisfy { step in
        steps.contains { $0["step"] as? String == step && ($0["seconds"] as? Double ?? -1) >= 0 }
      }, "\(steps)")
    let computed = events.filter { $0["message"] as? String == "computed" }
    #expect(computed.count == 18, "\(events.map { $0["message"] ?? "" })")
    #expect(computed.allSatisfy { ($0["session"] as? String)?.hasPrefix("s-") == true })
    #expect(computed.allSatisfy { ($0["stages"] as? [String])?.last == "scoring" })
    let problem = try #require(events.first { $0["message"] as? String == "quarantined" })
    #expect(problem["path"] as? String == "coaches.csv" && problem["line"] as? Int == 4)
    let published = try #require(events.first { $0["message"] as? String == "published" })
    #expect(published["athletes"] as? Int == 3 && published["sessions"] as? Int == 18)
    #expect((published["run_id"] as? String)?.isEmpty == false)
    let (failedStatus, failed) = try lines([
      "run", pipeline.path, "--dataset", home.appendingPathComponent("nothing").path,
      "--out", out.path,
    ])
    #expect(failedStatus == 2)
    #expect(failed.contains { $0["level"] as? String == "critical" && $0["error"] != nil })
  }

  /// On a terminal (a pseudo-terminal from util-linux's `script`) the bar's counts never go
  /// back, though workers finish out of order, and its last frame ends its own line.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func theProgressBarOnlyMovesForward() throws {
    let home = try TestSupport.temporaryFolder("progress")
    defer { TestSupport.remove(home) }
    let command = [
      TestSupport.binary.path, "run",
      TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml").path,
      "--out", home.appendingPathComponent("out").path, "--workers", "4",
    ].joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qc", command, "/dev/null"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let counts = text.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).compactMap { line in
      line.range(of: #"\] (\d+)/18 sessions"#, options: .regularExpression).flatMap {
        Int(line[$0].dropFirst(2).prefix { $0.isNumber })
      }
    }
    #expect(counts.count >= 2 && counts.last == 18)
    #expect(counts == counts.sorted(), "\(counts)")
    // The summary starts a line of its own.
    let lines = text.split(whereSeparator: \.isNewline)
    #expect(lines.contains { $0.hasPrefix("ran: 18 sessions") })
  }
}
