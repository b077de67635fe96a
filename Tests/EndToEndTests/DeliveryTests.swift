import AuraTestSupport
import Foundation
import GRDB
import Testing

/// Weekly emails from the sample's publication: one valid MIME message per coach, holding
/// that coach's athletes alone; the ledger keeps a rerun from sending again and a failed send
/// is retried, with exit code 4 until it goes.
@Suite(.serialized) struct DeliveryTests {
  /// A copy of the nightly pipeline with a `deliver:` block whose command is `command`, and
  /// the sample published under `root/out`.
  static func published(
    in root: URL, command: String, athletes: Bool = false, dataset: URL = TestSupport.sampleDataset,
    extra: String = ""
  ) throws -> URL {
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8)
    let pipeline = root.appendingPathComponent("nightly.yaml")
    try Data(
      (nightly.replacingOccurrences(
        of: "dataset: ../datasets/sample", with: "dataset: \(dataset.path)"
      )
      .replacingOccurrences(of: "out: ../reports", with: "out: out")
        + "\ndeliver:\n  command: \"\(command)\"\n  from: AuraLift <reports@gym.example>\n  athletes: \(athletes)\n\(extra)")
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
    // The coach's own page attached, alone.
    #expect(rivera["types"] as? [String] == ["text/plain", "text/html", "text/html"])
    #expect((rivera["files"] as? [String])?.first?.hasSuffix("-Coach_Rivera.html") == true)
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

  /// The hrefs of an HTML text.
  static func links(_ html: String) -> [String] {
    html.components(separatedBy: "href=\"").dropFirst().compactMap {
      $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  /// Every link in a message opens: an attached page links only within itself; with
  /// `base_url` nothing is attached and each link names a page the release's share folder
  /// holds. A coach of 20 athletes gets a message under 300 KB either way.
  @Test func everyLinkInAMessageOpensAndAMessageForTwentyAthletesIsSmall() throws {
    let root = try TestSupport.temporaryFolder()
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 20, sessions: 4, seed: 45)
    defer { TestSupport.remove(root, dataset) }
    // One coach for all twenty.
    let athletes = dataset.appendingPathComponent("athletes.csv")
    let rows = try String(contentsOf: athletes, encoding: .utf8)
      .replacingOccurrences(of: ",c-2,", with: ",c-1,")
    try rows.write(to: athletes, atomically: true, encoding: .utf8)
    for base in [nil, "https://reports.gym.example/"] {
      let pipeline = try Self.published(
        in: root, command: "cat", dataset: dataset,
        extra: base.map { "  base_url: \($0)\n" } ?? "")
      #expect(try TestSupport.cli(["run", pipeline.path, "--quiet"]).status == 0)
      let messages = root.appendingPathComponent("messages-\(base == nil ? "attached" : "linked")")
      let dry = try TestSupport.cli(["deliver", pipeline.path, "--dry-run", messages.path])
      #expect(dry.status == 0, "\(dry.stderr)")
      let file = messages.appendingPathComponent("coaches-c-1.eml")
      let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
      #expect(size > 0 && size < 300_000, "\(size) bytes")
      let message = try Self.parsed(file)
      let text = message["text"] as? String ?? ""
      let links = Self.links(text)
      if base == nil {
        let files = message["files"] as? [String] ?? []
        #expect(files.count == 1 && files[0].hasSuffix("-Coach_Rivera.html"), "\(files)")
        for link in links {
          #expect(link.hasPrefix("#") || link.hasPrefix("https://"), "\(link) cannot open")
          if link.hasPrefix("#") { #expect(text.contains("id=\"\(link.dropFirst())\"")) }
        }
      } else {
        #expect((message["files"] as? [String] ?? []).isEmpty)
        let served = links.filter { $0.hasPrefix("https://reports.gym.example/share/") }
        #expect(served.count == 21, "the report and 20 athletes: \(served)")
        for link in served {
          let path = link.replacingOccurrences(
            of: "https://reports.gym.example/", with: "out/current/")
          #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
            "\(link)")
        }
        #expect(
          text.contains("The full report: https://reports.gym.example/share/c-1/coaches/c-1.html"))
      }
    }
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
    // The command failed as a transport: the second coach's message waits for the next run.
    #expect(
      first.stdout.contains(
        "not delivered: 1 more message deferred to the next run, the mail command having failed (coaches/c-2)"
      ), "\(first.stdout)")
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
    let records = try DatabaseQueue(
      path: root.appendingPathComponent("out/.state/records.sqlite").path)
    #expect(try records.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM delivery") } == 4)
  }

  /// A mail command that hangs is stopped at deliver.timeout once, not once a coach: the
  /// messages after it are deferred. A command that refuses one recipient (sysexits 67) is
  /// tried for the others.
  @Test func aHungCommandDefersTheRestAndARefusedRecipientDoesNot() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let hung = try Self.published(in: root, command: "sleep 600", extra: "  timeout: 1\n")
    let run = try TestSupport.cli(["run", hung.path, "--quiet"])
    #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("sleep 600 took longer than 1 s (deliver.timeout) and was stopped"))
    #expect(run.stdout.contains("1 more message deferred to the next run"), "\(run.stdout)")
    let script = root.appendingPathComponent("refuse.sh")
    try Data("cat >/dev/null\necho no such user >&2\nexit 67\n".utf8).write(to: script)
    let refusing = try Self.published(in: root, command: "sh \(script.path)")
    let deliver = try TestSupport.cli(["deliver", refusing.path])
    #expect(deliver.status == 4, "\(deliver.stdout)\(deliver.stderr)")
    #expect(deliver.stdout.components(separatedBy: "exited 67: no such user").count == 3)
    #expect(!deliver.stdout.contains("deferred"), "\(deliver.stdout)")
  }

  /// Data arriving every night does not mail a coach every night: a week's mail goes once,
  /// from the pipeline's day on; a report that changed after it is mailed again, marked
  /// corrected, only where the pipeline asks for corrections, and at most once a day; the
  /// next week's mail goes when its day has come.
  @Test func aWeekIsMailedOnceAndCorrectedOnlyWhenAsked() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let mails = root.appendingPathComponent("mails.txt")
    let weekly = try Self.published(
      in: root, command: "tee -a \(mails.path)", dataset: dataset)
    let first = try TestSupport.cli(["run", weekly.path])
    #expect(first.stdout.contains("delivered: 2 messages"), "\(first.stdout)")
    // The next night's session changes Rivera's report (its athlete is hers): nothing is
    // mailed.
    _ = try RunnerTests.copySession("s-000001", as: "s-night-2", in: dataset)
    let second = try TestSupport.cli(["run", weekly.path])
    #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
    #expect(
      second.stdout.contains(
        "delivered: 0 messages; 1 unchanged since sent; 1 already mailed this week"),
      "\(second.stdout)")
    // With corrections asked for, a change is mailed, marked corrected, once a day: the week's
    // mail went yesterday (the ledger's times moved a day back), in a week that began the day
    // before.
    let records = try DatabaseQueue(
      path: root.appendingPathComponent("out/.state/records.sqlite").path)
    func moveLedger(byDays days: Int) throws {
      try records.write {
        try $0.execute(
          sql: "UPDATE delivery SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', sent_at, ?)",
          arguments: ["\(days) days"])
      }
    }
    try moveLedger(byDays: -1)
    let corrections = try Self.published(
      in: root, command: "tee -a \(mails.path)", dataset: dataset,
      extra: "  corrections: true\n  day: \(Self.weekday(Date().addingTimeInterval(-2 * 86_400)))\n"
    )
    _ = try RunnerTests.copySession("s-000001", as: "s-night-3", in: dataset)
    let third = try TestSupport.cli(["run", corrections.path])
    #expect(third.stdout.contains("delivered: 1 message;"), "\(third.stdout)")
    let text = try String(contentsOf: mails, encoding: .utf8)
    #expect(text.components(separatedBy: "Subject: Corrected: Weekly report").count == 2)
    #expect(text.components(separatedBy: "To: rivera@example.com").count == 3)
    _ = try RunnerTests.copySession("s-000001", as: "s-night-4", in: dataset)
    let fourth = try TestSupport.cli(["run", corrections.path])
    #expect(fourth.stdout.contains("1 already mailed this week"), "\(fourth.stdout)")
    // A week on, the day has come again: Rivera's new week goes, not as a correction; Okafor's
    // report has not changed since it went, and identical content never goes twice.
    try moveLedger(byDays: -7)
    let nextWeek = try TestSupport.cli(["run", weekly.path])
    #expect(
      nextWeek.stdout.contains("delivered: 1 message; 1 unchanged since sent"),
      "\(nextWeek.stdout)")
    let all = try String(contentsOf: mails, encoding: .utf8)
    #expect(all.components(separatedBy: "Subject: Weekly report").count == 4)
  }

  /// Today's name as `deliver.day` spells it, in the machine's time zone.
  static func weekday(_ date: Date) -> String {
    ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][
      Calendar.current.component(.weekday, from: date) - 1]
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
