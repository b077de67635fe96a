import AuraDomain
import AuraTestSupport
import Foundation
import Testing

/// Nobody leaves a coach's page without a word: an athlete taken out of athletes.csv is named
/// on their coach's page, with the day a run first missed them.
@Suite struct DepartedAthleteTests {
  @Test func anAthleteWhoLeftAthletesCsvIsNamedOnTheirCoachsPage() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    func run() throws -> Int32 { try TestSupport.nightlyRun(dataset: dataset, out: out).status }
    func page(_ extension: String) throws -> String {
      try String(
        contentsOf: out.appendingPathComponent("current/coaches/c-1.\(`extension`)"),
        encoding: .utf8)
    }
    #expect(try run() == 0)
    #expect(!(try page("html")).contains("no longer in athletes.csv"))

    try TestSupport.removeAthlete("a-03", from: dataset)
    #expect(try run() == 3)
    let since = Self.pageDay(RunDay.today())
    let line = "squat_sam3 (a-03) is no longer in athletes.csv since \(since)"
    let html = try page("html")
    #expect(html.contains(line), "\(html)")
    #expect(try page("md").contains(line))
    // A later run keeps the day they were first missed.
    let athletes = dataset.appendingPathComponent("athletes.csv")
    try (try String(contentsOf: athletes, encoding: .utf8) + "\n").write(
      to: athletes, atomically: true, encoding: .utf8)
    #expect(try run() == 3)
    #expect(try page("html").contains(line))
  }

  /// A day as the pages print it: "Sat 28 Nov".
  static func pageDay(_ day: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE d MMM"
    return formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
  }
}
