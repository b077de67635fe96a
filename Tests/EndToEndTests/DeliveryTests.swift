import AuraTestSupport
import Foundation
import Testing

/// Weekly emails from the sample's publication: one valid MIME message per coach, holding
/// that coach's athletes alone; the ledger keeps a rerun from sending again and a failed send
/// is retried, with exit code 4 until it goes.
@Suite(.serialized) struct DeliveryTests {
  /// A copy of the nightly pipeline with a `deliver:` block whose command is `command`, and
  /// the sample published under `root/out`.
  static func published(in root: URL, command: String, athletes: Bool = false) throws -> URL {
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8)
    let pipeline = root.appendingPathComponent("nightly.yaml")
    try Data(
      (nightly.replacingOccurrences(
        of: "dataset: ../datasets/sample", with: "dataset: \(TestSupport.sampleDataset.path)"
      )
      .replacingOccurrences(of: "out: ../reports", with: "out: out")
        + "\ndeliver:\n  command: \"\(command)\"\n  from: AuraLift <reports@gym.example>\n  athletes: \(athletes)\n")
        .utf8
    ).write(to: pipeline)
    return pipeline
  }

  /// What Python's email library reads in a message: its headers, each part's type, and all
  /// its decoded text; it fails on a message it cannot parse.
  static func parsed(_ file: URL) throws -> [String: Any] {
    let script = """
      import email, email.policy, json, sys
      m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=email.policy.strict)
      assert not m.defects, m.defects
      parts = [p for p in m.walk() if not p.is_multipart()]
      print(json.dumps({'to': m['To'], 'from': m['From'], 'subject': m['Subject'],
        'types': [p.get_content_type() for p in parts],
        'files': [p.get_filename() for p in parts if p.get_filename()],
        'text': '\\n'.join(p.get_content() for p in parts)}))
      """
    let (status, data) = try TestSupport.python(script, [file.path])
    #expect(status == 0, "\(file.lastPathComponent) does not parse")
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  @Test func eachCoachGetsOneMessageWithTheirAthletesAlone() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let pipeline = try Self.published(in: root, command: "cat", athletes: true)
    #expect(try TestSupport.cli(["run", pipeline.path, "--quiet"]).status == 0)
    let messages = root.appendingPathComponent("messages")
    let dry = try TestSupport.cli([
      "deliver", pipeline.path, "--dry-run", messages.path,
    ])
    #expect(dry.status == 0, "\(dry.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: messages.path).sorted()
    #expect(
      files == [
        "athletes-a-01.eml", "athletes-a-02.eml", "athletes-a-03.eml", "coaches-c-1.eml",
        "coaches-c-2.eml",
      ])
    let rivera = try Self.parsed(messages.appendingPathComponent("coaches-c-1.eml"))
    #expect(rivera["to"] as? String == "rivera@example.com")
    #expect(rivera["from"] as? String == "AuraLift <reports@gym.example>")
    #expect((rivera["subject"] as? String)?.hasPrefix("Weekly report 20") == true)
    // The roster and each of the coach's two athletes' pages attached.
    #expect(
      rivera["types"] as? [String] == [
        "text/plain", "text/html", "text/html", "text/html", "text/html",
      ])
    #expect((rivera["files"] as? [String])?.sorted().last?.hasSuffix("-squat_sam3.html") == true)
    let text = rivera["text"] as? String ?? ""
    #expect(text.contains("iron_mike1") && text.contains("squat_sam3"))
    #expect(!text.contains("squat_sara2"), "Rivera's message names Okafor's athlete")
    let okafor = try Self.parsed(messages.appendingPathComponent("coaches-c-2.eml"))
    #expect(okafor["to"] as? String == "okafor@example.com")
    let theirs = okafor["text"] as? String ?? ""
    #expect(theirs.contains("squat_sara2") && !theirs.contains("iron_mike1"))
    #expect(!theirs.contains("squat_sam3"))
    let athlete = try Self.parsed(messages.appendingPathComponent("athletes-a-02.eml"))
    #expect(athlete["to"] as? String == "squat_sara2@example.com")
    #expect(!(athlete["text"] as? String ?? "").contains("iron_mike1"))
  }

  @Test func aRerunSendsNothingAndAFailedSendIsRetried() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    // `false` takes nothing: every send fails, the run says so with exit 4, the ledger
    // stays empty.
    let failing = try Self.published(in: root, command: "false")
    let first = try TestSupport.cli(["run", failing.path, "--quiet"])
    #expect(first.status == 4, "\(first.stdout)\(first.stderr)")
    #expect(
      first.stdout.contains("not delivered: coaches/c-1 → rivera@example.com: false exited 1"))
    let record =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: root.appendingPathComponent("out/.state/last-run.json")))
      as? [String: Any]
    #expect(record?["exit_code"] as? Int == 4)
    #expect(record?["not_delivered"] as? Int == 2)
    // The mail command works again: the next run, with nothing else to do, sends both.
    let working = try Self.published(in: root, command: "cat")
    let second = try TestSupport.cli(["run", working.path])
    #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
    #expect(second.stdout.contains("up to date"))
    #expect(second.stdout.contains("delivered: 2 messages"))
    // Nothing changed: nothing is sent again, by a run or by deliver; --resend sends anyway.
    let third = try TestSupport.cli(["run", working.path])
    #expect(
      third.stdout.contains("delivered: 0 messages; 2 unchanged since sent"), "\(third.stdout)")
    let again = try TestSupport.cli(["deliver", working.path])
    #expect(again.status == 0)
    #expect(again.stdout.contains("delivered: 0 messages; 2 unchanged since sent"))
    let resent = try TestSupport.cli(["deliver", working.path, "--resend"])
    #expect(resent.stdout.contains("delivered: 2 messages"), "\(resent.stdout)")
    let ledger = try String(
      contentsOf: root.appendingPathComponent("out/.state/deliveries.tsv"), encoding: .utf8)
    #expect(ledger.split(separator: "\n").count == 1 + 4)
  }

  /// A report removed from the current release is published again by the next run (not
  /// "up to date" while every delivery of it fails), and the mail goes.
  @Test func aReportMissingFromTheReleaseIsPublishedAgain() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let pipeline = try Self.published(in: root, command: "cat")
    #expect(try TestSupport.cli(["run", pipeline.path, "--quiet"]).status == 0)
    let page = root.appendingPathComponent("out/current/coaches/c-1.html")
    try FileManager.default.removeItem(at: page)
    let resend = try TestSupport.cli(["deliver", pipeline.path, "--resend"])
    #expect(resend.status == 4, "\(resend.stdout)")
    let again = try TestSupport.cli(["run", pipeline.path])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(!again.stdout.contains("up to date"))
    #expect(again.stderr.contains("lacks 1 of its reports (coaches/c-1)"), "\(again.stderr)")
    #expect(FileManager.default.fileExists(atPath: page.path))
    let delivered = try TestSupport.cli(["deliver", pipeline.path, "--resend"])
    #expect(delivered.status == 0, "\(delivered.stdout)")
  }

  @Test func aBadDeliverBlockIsAUsageErrorNamingTheFile() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let pipeline = root.appendingPathComponent("bad.yaml")
    try Data("dataset: /nowhere\ndeliver:\n  command: sendmail -t\n".utf8).write(to: pipeline)
    let run = try TestSupport.cli(["run", pipeline.path])
    #expect(run.status == 64)
    #expect(run.stderr.contains("bad.yaml: deliver.from must be the sender's address"))
  }
}
