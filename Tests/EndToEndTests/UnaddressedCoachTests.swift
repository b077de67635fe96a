import AuraDelivery
import AuraDomain
import AuraPipeline
import AuraTestSupport
import Foundation
import Testing

/// Nobody goes unmailed silently: where the pipeline mails coaches, a coach without an email
/// is a problem naming coaches.csv and the line, and the run exits 3.
@Suite struct UnaddressedCoachTests {
  @Test func aCoachWithoutAnEmailIsAProblemWhereCoachesAreMailed() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let coaches = dataset.appendingPathComponent("coaches.csv")
    let text = try String(contentsOf: coaches, encoding: .utf8)
    try text.replacingOccurrences(of: "okafor@example.com", with: "")
      .write(to: coaches, atomically: true, encoding: .utf8)

    // Without mail, an address is not needed: no problem.
    let quiet = try Runner(
      config: try TestSupport.pipelineConfig(
        dataset: dataset, out: root.appendingPathComponent("plain"))
    ).run()
    #expect(quiet.exitCode == 0)

    var config = try TestSupport.pipelineConfig(
      dataset: dataset, out: root.appendingPathComponent("mailed"))
    config.delivery = DeliverySettings(
      command: ["tee", root.appendingPathComponent("mail.eml").path],
      from: try Mailbox.parse("AuraLift <reports@gym.example>"), athletes: false)
    let summary = try Runner(config: config).run()
    #expect(summary.exitCode == 3)
    let problems = summary.quarantined.map(\.description)
    #expect(
      problems.contains { $0.hasPrefix("coaches.csv:3: coach 'c-2' has no email") }, "\(problems)")
  }
}
