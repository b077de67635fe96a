import AuraDomain
import AuraFeatures
import AuraSynth
import AuraTestSupport
import Foundation
import Testing

@testable import AuraEvaluation
@testable import AuraIngest

/// `auralift eval` on an evaluation folder: labels.csv read strictly, sets counted without the
/// manifest's bounds and logged reps, and the table's shares and set detection.
@Suite struct RealDataEvaluatorTests {
  /// labels.csv giving each recorded set of `truth` its true count and no bounds, in the tune
  /// split; its URL.
  static func labelEveryRecordedSet(of truth: DatasetTruth, in folder: URL) throws -> URL {
    var lines = ["session_id,set_number,source,exercise,reps,start_s,end_s,split"]
    for session in truth.sessions {
      for set in session.sets {
        lines.append("\(session.sessionId),\(set.setNumber),gen,\(set.exercise),\(set.reps),,,tune")
      }
    }
    let labels = folder.appendingPathComponent("labels.csv")
    try lines.joined(separator: "\n").write(to: labels, atomically: true, encoding: .utf8)
    return labels
  }

  /// A generated dataset relabelled as real recordings: each recorded set's true count and
  /// bounds in labels.csv, one deliberately wrong count.
  @Test func countsSetsWithoutBoundsAgainstTheLabels() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 36, logOnlyShare: 0)
    defer { TestSupport.remove(folder) }
    var lines = ["session_id,set_number,source,exercise,reps,start_s,end_s,split"]
    var expectedSets = 0
    for session in truth.sessions {
      for set in session.sets {
        let reps = expectedSets == 0 ? set.reps + 3 : set.reps
        lines.append(
          "\(session.sessionId),\(set.setNumber),gen,\(set.exercise),\(reps),"
            + "\(set.startSeconds),\(set.endSeconds),tune")
        expectedSets += 1
      }
    }
    let labelsURL = folder.appendingPathComponent("labels.csv")
    try lines.joined(separator: "\n").write(to: labelsURL, atomically: true, encoding: .utf8)
    let labels = try RealSetLabel.load(labelsURL)
    #expect(labels.count == expectedSets)
    #expect(labels.allSatisfy { $0.split == "tune" && $0.startSeconds != nil })
    let report = try RealDataEvaluator(
      root: folder, labels: labels, parameters: TestSupport.everyCountPublished
    ).evaluate(workers: 2)
    let pose = report.total(modality: "pose")
    #expect(pose.sets == expectedSets)
    // Every set but the mislabelled one is counted exactly; that one is off by three.
    #expect(pose.exact == expectedSets - 1)
    #expect(pose.withinOne == expectedSets - 1)
    #expect(pose.unknown == 0)
    #expect(pose.setDetectionF1 == 1)
    #expect(report.sets.contains { $0.measured == $0.label.reps - 3 })
    #expect(report.markdown.contains("| all | all | pose | \(expectedSets) |"))
    #expect(report.setsCSV.split(separator: "\n").count == expectedSets + 1)
    // Each set's evidence closes its row: how many of its signals repeat, and how many of
    // those count its reps (a camera's: the primary joint's angle and the load's height).
    let rows = report.setsCSV.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let column = Dictionary(uniqueKeysWithValues: rows[0].enumerated().map { ($1, $0) })
    #expect(
      rows[0].suffix(6)
        == [
          "rhythmic_signals", "agreeing_signals", "reps_low", "reps_high", "interval_class",
          "swings",
        ])
    for row in rows.dropFirst() where !row.joined().contains("\"") {
      #expect(row.count == rows[0].count)
      let (rhythmic, agreeing) = (
        Int(row[column["rhythmic_signals"]!]) ?? -1, Int(row[column["agreeing_signals"]!]) ?? -1
      )
      #expect((0...2).contains(rhythmic) && (0...rhythmic).contains(agreeing), "\(row)")
      // Every count found has its interval, around it, in a camera's class.
      let (measured, low, high) = (
        Int(row[column["measured_reps"]!]), Int(row[column["reps_low"]!]),
        Int(row[column["reps_high"]!])
      )
      if let measured, measured > 0 {
        #expect(low.map { 1...measured ~= $0 } == true, "\(row)")
        #expect(high.map { $0 >= measured } == true, "\(row)")
        #expect(row[column["interval_class"]!].hasPrefix("camera/"), "\(row)")
      }
    }
  }

  /// A recording the pipeline would set aside (a row cut short) is never judged from the
  /// session's log: each of its sets is unknown, with the reading's problem as the reason.
  @Test func aBrokenRecordingMakesItsSetsUnknownNeverCountedFromTheLog() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 36, logOnlyShare: 0)
    defer { TestSupport.remove(folder) }
    let labelsURL = try Self.labelEveryRecordedSet(of: truth, in: folder)
    let broken = truth.sessions[0].sessionId
    let pose = folder.appendingPathComponent("sessions/\(broken)/pose.csv")
    var rows = try String(contentsOf: pose, encoding: .utf8).components(separatedBy: "\n")
    rows[10] = rows[10].components(separatedBy: ",").prefix(3).joined(separator: ",")
    try rows.joined(separator: "\n").write(to: pose, atomically: true, encoding: .utf8)
    let report = try RealDataEvaluator(
      root: folder, labels: try RealSetLabel.load(labelsURL),
      parameters: TestSupport.everyCountPublished
    ).evaluate(workers: 2)
    let ofBroken = report.sets.filter { $0.label.sessionId == broken }
    #expect(ofBroken.count == truth.sessions[0].sets.count && !ofBroken.isEmpty)
    #expect(ofBroken.allSatisfy { $0.measured == nil })
    #expect(
      ofBroken.allSatisfy { ($0.unknownReason ?? "").contains("pose.csv") },
      "\(ofBroken.map(\.unknownReason))")
    // The other session's sets are counted as before.
    #expect(report.sets.contains { $0.label.sessionId != broken && $0.measured != nil })
  }

  /// With the pipeline's own threshold, a camera's count of a set found in its recording is
  /// not sure enough to publish (real recordings count such sets exactly about half the time):
  /// each is unknown, the reason says how sure, and the reps found stay beside it.
  @Test func countsFoundWithoutEnoughConfidenceAreUnknown() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 1, seed: 36, logOnlyShare: 0)
    defer { TestSupport.remove(folder) }
    let labelsURL = try Self.labelEveryRecordedSet(of: truth, in: folder)
    let report = try RealDataEvaluator(
      root: folder, labels: try RealSetLabel.load(labelsURL), parameters: TestSupport.parameters
    ).evaluate(workers: 2)
    let pose = report.total(modality: "pose")
    let labelled = truth.sessions.reduce(0) { $0 + $1.sets.count }
    #expect(pose.sets == labelled && pose.unknown == pose.sets)
    for set in report.sets {
      #expect(set.measured == set.label.reps)
      #expect(set.unknownReason?.contains("were right on") == true)
      #expect(set.evidence.map { $0.confidence < 0.9 } == true)
    }
  }

  /// With `givenBounds`, a set is counted within the bounds labels.csv gives it. The first
  /// set is labelled with its first three reps alone (bounds halfway to the fourth): counted
  /// within them it reads 3, found in its recording it reads all its reps.
  @Test func countsWithinTheLabelledBoundsWhenAsked() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 1, seed: 36, logOnlyShare: 0)
    defer { TestSupport.remove(folder) }
    let session = truth.sessions[0]
    let first = try #require(session.sets.first { $0.repList.count >= 5 })
    var lines = ["session_id,set_number,source,exercise,reps,start_s,end_s,split"]
    for set in session.sets {
      let (reps, end) =
        set.setNumber == first.setNumber
        ? (3, (set.repList[2].endSeconds + set.repList[3].startSeconds) / 2)
        : (set.reps, set.endSeconds)
      lines.append(
        "\(session.sessionId),\(set.setNumber),gen,\(set.exercise),\(reps),"
          + "\(set.startSeconds),\(end),tune")
    }
    let labelsURL = folder.appendingPathComponent("labels.csv")
    try lines.joined(separator: "\n").write(to: labelsURL, atomically: true, encoding: .utf8)
    let labels = try RealSetLabel.load(labelsURL)
    func report(givenBounds: Bool) throws -> RealDataReport {
      try RealDataEvaluator(
        root: folder, labels: labels, parameters: TestSupport.everyCountPublished,
        givenBounds: givenBounds
      ).evaluate(workers: 2)
    }
    func measured(_ report: RealDataReport) -> Int? {
      report.sets.first { $0.label.setNumber == first.setNumber }?.measured
    }
    let bounded = try report(givenBounds: true)
    #expect(measured(bounded) == 3)
    #expect(bounded.total(modality: "pose").exact == labels.count)
    // Bounds given: neither set detection nor the targets (for sets found) are judged.
    #expect(bounded.total(modality: "pose").setDetectionF1 == nil)
    #expect(bounded.targetChecks.isEmpty)
    let found = try report(givenBounds: false)
    #expect(measured(found) == first.reps)
    #expect(found.total(modality: "pose").exact == labels.count - 1)
    #expect(!found.targetChecks.isEmpty)
  }

  /// Text, a fraction or a number too large for a count, or bounds whose end is not after
  /// their start, is an error naming its line.
  @Test(arguments: ["ten,,", "2.5,,", "1e300,,", "10,30.5,30.5", "10,30.5,12"])
  func aBadLabelRowNamesItsLine(row: String) throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let url = folder.appendingPathComponent("labels.csv")
    let text =
      "session_id,set_number,source,exercise,reps,start_s,end_s\ns1,1,x,squat,10,12,30.5\n"
      + "s2,1,x,squat,\(row)\n"
    try text.write(to: url, atomically: true, encoding: .utf8)
    #expect {
      try RealSetLabel.load(url)
    } throws: { error in
      guard let problem = error as? DatasetProblem else { return false }
      return problem.line == 3 && problem.path == "labels.csv"
    }
  }
}
