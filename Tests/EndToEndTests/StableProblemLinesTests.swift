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
    try TestSupport.removeAthlete("a-03", from: dataset)
    let out = root.appendingPathComponent("out")
    func problems() throws -> [Substring] {
      let run = try TestSupport.nightlyRun(dataset: dataset, out: out)
      #expect(run.status == 3)
      return run.stdout.split(separator: "\n").filter { $0.hasPrefix("quarantined: ") }
    }
    let first = try problems()
    #expect(first.count == 1, "\(first)")
    #expect(first.first?.contains("no athlete 'a-03'") == true, "\(first)")
    #expect(try problems() == first)
  }
}
