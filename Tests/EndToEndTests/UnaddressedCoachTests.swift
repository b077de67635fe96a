import AuraPipeline
import AuraTestSupport
import Foundation
import Testing

/// Nobody goes unmailed silently: a coach without an email is a problem naming coaches.csv and
/// the line; the run exits 3, `status` warns and `validate` lists it.
@Suite struct UnaddressedCoachTests {
  @Test func aCoachWithoutAnEmailIsAProblemNamingTheLine() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let coaches = dataset.appendingPathComponent("coaches.csv")
    let text = try String(contentsOf: coaches, encoding: .utf8)
    try text.replacingOccurrences(of: "okafor@example.com", with: "")
      .write(to: coaches, atomically: true, encoding: .utf8)

    let out = root.appendingPathComponent("out")
    let summary = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out))
      .run()
    #expect(summary.exitCode == 3)
    let line = "coaches.csv:3: coach 'c-2' has no email"
    #expect(
      summary.quarantined.map(\.description).contains { $0.hasPrefix(line) },
      "\(summary.quarantined)")
    // As cron runs it: status reads the run's record.
    let run = try TestSupport.nightlyRun(dataset: dataset, out: out)
    #expect(run.status == 3 && run.stdout.contains(line), "\(run.stdout)")
    let status = try TestSupport.cli(["status", "--out", out.path])
    #expect(status.status == 1 && status.stdout.hasPrefix("WARNING: "), "\(status.stdout)")
    let validate = try TestSupport.cli(["validate", dataset.path])
    #expect(validate.status == 3 && validate.stdout.contains(line), "\(validate.stdout)")
  }
}
