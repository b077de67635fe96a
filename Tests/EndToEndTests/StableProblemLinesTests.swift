import AuraTestSupport
import Foundation
import Testing

/// The same problems, the same lines, every night: a rerun with nothing new reports what the
/// run that found them did, grouped by the same causes.
@Suite struct StableProblemLinesTests {
  @Test func aRerunPrintsTheProblemsAsTheRunThatFoundThem() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let text = try String(contentsOf: athletes, encoding: .utf8)
    try text.split(separator: "\n").filter { !$0.hasPrefix("a-03,") }.joined(separator: "\n")
      .appending("\n").write(to: athletes, atomically: true, encoding: .utf8)
    let out = root.appendingPathComponent("out")
    func problems() throws -> [Substring] {
      let run = try TestSupport.cli([
        "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--quiet",
      ])
      #expect(run.status == 3)
      return run.stdout.split(separator: "\n").filter { $0.hasPrefix("quarantined: ") }
    }
    let first = try problems()
    #expect(first.count == 1, "\(first)")
    #expect(first.first?.contains("no athlete 'a-03'") == true, "\(first)")
    #expect(try problems() == first)
  }
}
