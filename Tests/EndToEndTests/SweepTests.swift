import AuraDelivery
import AuraDomain
import AuraExperiments
import AuraPipeline
import AuraStore
import AuraTestSupport
import Foundation
import Logging
import Testing

/// A 3×3 sweep on the sample dataset reuses the production run's features, never writes the
/// production output, and writes one comparison row per variant.
@Suite struct SweepTests {
  static let sample = TestSupport.repositoryRoot.appendingPathComponent("datasets/sample")

  @Test func gridRerunsOnlyScoringAndWritesTheTable() throws {
    let dataset = Self.sample
    let out = try TestSupport.temporaryFolder()
    let experiments = try TestSupport.temporaryFolder("sweep-experiments")
    defer { TestSupport.remove(out, experiments) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    let current = out.appendingPathComponent("current")
    let published = try FileManager.default.destinationOfSymbolicLink(atPath: current.path)

    let sweep = try Sweep(
      base: config,
      specs: ["scoring.form.depth_weight=0.1,0.3,0.9", "scoring.form.bar_path_weight=0,0.15,0.5"],
      folder: experiments.appendingPathComponent("depth"))
    let outcomes = try sweep.run(logger: Logger(label: "test"))
    #expect(outcomes.count == 9)
    // Features come from the production cache; scoring reruns except for the variant whose
    // parameters are the production ones (depth 0.3, bar path 0.15).
    #expect(outcomes.allSatisfy { $0.summary.featuresComputed.isEmpty })
    #expect(
      outcomes.map { $0.summary.scoringComputed.isEmpty } == [
        false, false, false, false, true, false, false, false, false,
      ])
    // The production output is untouched.
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: current.path) == published)
    // One row per variant; the weights change the form score.
    let csv = try String(
      contentsOf: sweep.folder.appendingPathComponent("sweep.csv"), encoding: .utf8)
    let lines = csv.split(separator: "\n")
    #expect(lines.count == 10)
    #expect(lines[0].hasPrefix("variant,scoring.form.depth_weight,scoring.form.bar_path_weight,"))
    #expect(lines[1].hasPrefix("v1,0.1,0,0,"))
    #expect(Set(outcomes.map(\.metrics.meanFormScore)).count > 1)
    #expect(
      outcomes.allSatisfy { $0.metrics.rpeSets > 0 && $0.metrics.repCountExactPercent != nil })
    let markdown = try String(
      contentsOf: sweep.folder.appendingPathComponent("sweep.md"), encoding: .utf8)
    #expect(markdown.contains("| v9 | 0.9 | 0.5 | 0 |"))
    // Form weights do not move the RPE estimate: the default objective says so rather than
    // naming the first variant best.
    #expect(markdown.contains("rpe_mae does not vary across the variants"))
    // The HTML summary: the grid, the table, and each metric charted against each parameter.
    let html = try String(
      contentsOf: sweep.folder.appendingPathComponent("sweep.html"), encoding: .utf8)
    #expect(html.contains("<code>scoring.form.depth_weight</code>: 0.1, 0.3, 0.9"))
    #expect(html.components(separatedBy: "<tr>").count - 1 == 1 + 9)
    #expect(html.contains("<title id=") && html.contains("Mean form score by depth_weight"))
    #expect(html.contains("Mean form score by bar_path_weight"))
    #expect(throws: PipelineError.self) {
      try Sweep(base: config, specs: ["scoring.form.no_such=1,2"], folder: experiments)
    }
  }

  /// A pipeline file that mails coaches and publishes into PostgreSQL sweeps without doing
  /// either: the mail command (`tee`, which keeps what it is given) never runs, and the store,
  /// a closed port on loopback that fails any run which tries it, is never tried.
  @Test func aSweepNeitherMailsNorPublishesToTheStore() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let mailed = root.appendingPathComponent("mailed.eml")
    var config = try TestSupport.pipelineConfig(
      dataset: Self.sample, out: root.appendingPathComponent("out"))
    config.delivery = DeliverySettings(
      command: ["tee", mailed.path], from: try Mailbox.parse("AuraLift <reports@gym.example>"),
      athletes: true)
    config.store = "postgresql://auralift@127.0.0.1:1/platform?connect_timeout=2"
    let sweep = try Sweep(
      base: config, specs: ["scoring.form.depth_weight=0.2,0.4"],
      folder: root.appendingPathComponent("experiments/side-effects"))
    let outcomes = try sweep.run(logger: Logger(label: "test"))
    #expect(outcomes.count == 2)
    #expect(outcomes.allSatisfy { $0.summary.delivery == nil && $0.summary.store == nil })
    #expect(!FileManager.default.fileExists(atPath: mailed.path), "a sweep variant sent mail")
  }

  /// A grid that cannot be meant is refused before any variant runs, saying why.
  @Test(arguments: [
    (["scoring.form.depth_weigth=0.1,0.2"], "did you mean 'scoring.form.depth_weight'?"),
    (
      ["scoring.form.depth_weight=0.1", "scoring.form.depth_weight=0.2"],
      "'scoring.form.depth_weight' is swept twice"
    ),
    (["scoring.form.depth_weight=0.1,0.1"], "repeats a value"),
    (["scoring.form.depth_weight=0.1,7"], "is 7, outside its range 0…1"),
    (["scoring.form.depth_weight=0.2,,0.3"], "has an empty value"),
    (["scoring.form.depth_weight=0.2,"], "has an empty value"),
    (
      (1...4).map { axis in
        "scoring.form.\(["depth", "tempo", "trunk", "symmetry"][axis - 1])_weight="
          + (0...9).map { "0.\($0)" }.joined(separator: ",")
      }, "the grid has 10 × 10 × 10 × 10 variants, over the 1000"
    ),
  ])
  func aGridThatCannotBeMeantIsAUsageError(specs: [String], expected: String) throws {
    let config = try TestSupport.pipelineConfig(
      dataset: TestSupport.sampleDataset, out: URL(fileURLWithPath: "/nonexistent"))
    #expect {
      try Sweep(base: config, specs: specs, folder: URL(fileURLWithPath: "/nonexistent/x"))
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  /// A sweep's folder is its name and a short id: the same name run again with another grid
  /// makes a second folder and leaves the first as it was.
  /// Variants at once compute each distinct set of features once (the first variant of each
  /// set runs before the rest), and publish what variants one at a time publish.
  @Test func parallelVariantsComputeFeaturesOnceAndPublishTheSame() throws {
    let out = try TestSupport.temporaryFolder()
    let experiments = try TestSupport.temporaryFolder("sweep-parallel")
    defer { TestSupport.remove(out, experiments) }
    let config = try TestSupport.pipelineConfig(dataset: Self.sample, out: out)
    let specs = ["features.min_rep_s=0.5,0.6", "scoring.form.depth_weight=0.2,0.4,0.6"]
    var parallel = try Sweep(
      base: config, specs: specs, folder: experiments.appendingPathComponent("parallel"))
    parallel.parallel = 3
    let outcomes = try parallel.run(logger: Logger(label: "test"))
    let sessions = outcomes[0].summary.sessions
    #expect(sessions > 0)
    // Two feature sets (min_rep_s 0.5 and 0.6), each computed by one variant alone.
    #expect(
      outcomes.map { $0.summary.featuresComputed.count }.sorted() == [
        0, 0, 0, 0, sessions, sessions,
      ])
    #expect(outcomes[0].summary.featuresComputed.count == sessions)
    #expect(outcomes[3].summary.featuresComputed.count == sessions)
    var serial = try Sweep(
      base: config, specs: specs, folder: experiments.appendingPathComponent("serial"))
    serial.parallel = 1
    let again = try serial.run(logger: Logger(label: "test"))
    #expect(again.allSatisfy { $0.summary.featuresComputed.isEmpty })
    for (a, b) in zip(outcomes, again) {
      #expect(a.variant.name == b.variant.name)
      #expect(a.metrics.values == b.metrics.values, "\(a.variant.name)")
      let first = parallel.folder.appendingPathComponent(a.variant.name)
      let second = serial.folder.appendingPathComponent(b.variant.name)
      #expect(try RunnerTests.publishedRows(first) == RunnerTests.publishedRows(second))
      #expect(try CrashSafetyTests.exports(first) == CrashSafetyTests.exports(second))
    }
  }

  @Test func aNameReusedNeverMixesGrids() throws {
    let root = try TestSupport.temporaryFolder("sweep-names")
    defer { TestSupport.remove(root) }
    let common = [
      "sweep", "pipelines/nightly.yaml", "--out", root.appendingPathComponent("out").path,
      "--experiments", root.appendingPathComponent("experiments").path, "--name", "depth",
    ]
    #expect(
      try ExitCodeTests.run(common + ["--set", "scoring.form.depth_weight=0.2,0.4"]).status == 0)
    #expect(try ExitCodeTests.run(common + ["--set", "scoring.form.depth_weight=0.3"]).status == 0)
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("experiments").path
    ).sorted()
    #expect(folders.count == 2 && folders.allSatisfy { $0.hasPrefix("depth-") })
    let rows = try folders.map { folder in
      try String(
        contentsOf: root.appendingPathComponent("experiments/\(folder)/sweep.csv"), encoding: .utf8
      ).split(separator: "\n").count - 1
    }
    #expect(rows.sorted() == [1, 2])
    // `experiments` lists both, oldest first, with their best variant.
    let listed = try TestSupport.cli([
      "experiments", "--experiments", root.appendingPathComponent("experiments").path, "--json",
    ])
    #expect(listed.status == 0, "\(listed.stderr)")
    let entries = try listed.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(entries.map { $0["variants"] as? Int } == [2, 1], "\(entries)")
    #expect(Set(entries.compactMap { $0["experiment"] as? String }) == Set(folders))
    #expect((entries[1]["best"] as? String)?.hasPrefix("v1 (rpe_mae ") == true, "\(entries)")
    #expect(entries.allSatisfy { ($0["dataset_digest"] as? String)?.count == 64 })
    let table = try TestSupport.cli([
      "experiments", "--experiments", root.appendingPathComponent("experiments").path,
    ])
    #expect(table.stdout.split(separator: "\n").count == 3, "\(table.stdout)")
    // Each experiment is one table and one record.
    let first = root.appendingPathComponent("experiments/\(folders[0])")
    let results = try String(
      contentsOf: first.appendingPathComponent("results.csv"), encoding: .utf8
    )
    .split(separator: "\n")
    let header = results[0].split(separator: ",").map(String.init)
    #expect(header.prefix(2) == ["experiment", "variant"])
    #expect(header.contains("scoring.form.depth_weight") && header.contains("set_aside"))
    #expect(results.dropFirst().allSatisfy { $0.hasPrefix("\(folders[0]),v") })
    #expect(header.contains("features.filter_cutoff_hz") && header.contains("mean_form_score"))
    #expect(results.count - 1 == rows[0])
    let record = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: first.appendingPathComponent("experiment.json"))) as? [String: Any])
    #expect((record["variants"] as? [Any])?.count == rows[0])
    // Metrics are JSON numbers, not strings.
    let metrics = try #require(
      ((record["variants"] as? [[String: Any]])?.first?["metrics"]) as? [String: Any])
    #expect(!metrics.isEmpty && metrics.values.allSatisfy { $0 is NSNumber })
    #expect((record["dataset_digest"] as? String)?.count == 64)
    #expect((record["command_line"] as? [String])?.contains("--name") == true)
    #expect(record["code_version"] as? String == Code.summary)
    // The commit the binary was built from, recorded at build time, and whether it differed.
    let head = try #require(ExperimentRecord.commit(in: TestSupport.repositoryRoot))
    #expect(record["code_commit"] as? String == head)
    #expect(record["code_modified"] is Bool)
    #expect(record["started_at"] != nil && record["finished_at"] != nil)
    // Each variant's `run` table cites the same commit and dataset digest as the record.
    let run = try StoreReader(
      databasePath: first.appendingPathComponent("v1/current/auralift.sqlite").path
    ).rows("SELECT code_commit, code_modified, dataset_digest FROM run")
    let modified = (record["code_modified"] as? Bool).map { $0 ? "1" : "0" }
    #expect(
      run == [[head, try #require(modified), try #require(record["dataset_digest"] as? String)]])

    // compare: what the depth weight changed between two variants, and nothing against itself.
    let two = root.appendingPathComponent(
      "experiments/\(folders[try #require(rows.firstIndex(of: 2))])")
    let compared = try Self.compare(
      two.appendingPathComponent("v1"), two.appendingPathComponent("v2"))
    #expect(compared.contains("scoring.form.depth_weight: 0.2 → 0.4"))
    #expect(compared.contains("code: the same"))
    let setRow = try #require(
      compared.split(separator: "\n").first { $0.hasPrefix("| workout_set |") })
    #expect(
      (setRow.split(separator: "|").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        ?? 0) > 0)
    #expect(compared.contains("workout_set.form_score:"))
    // A changed row is counted once, as changed: the variants publish the same sets.
    let cells = setRow.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(cells[1] == cells[2] && cells[3] == "0" && cells[4] == "0", "\(setRow)")
    let same = try Self.compare(two.appendingPathComponent("v1"), two.appendingPathComponent("v1"))
    #expect(same.contains("parameters: the same"))
    #expect(!same.contains("| workout_set |") && !same.contains("columns that moved"))

    // A record of 100 MB (sparse) is never read whole, and one that is not JSON is named:
    // experiments lists them as unreadable, compare blames the side at fault alone.
    for (name, bytes) in [("huge", 100_000_000), ("broken", 0)] {
      let folder = root.appendingPathComponent("experiments/\(name)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let record = folder.appendingPathComponent("experiment.json")
      FileManager.default.createFile(atPath: record.path, contents: Data("[1, 2".utf8))
      if bytes > 0 {
        let handle = try FileHandle(forWritingTo: record)
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
      }
      let listedAgain = try TestSupport.cli([
        "experiments", "--experiments", root.appendingPathComponent("experiments").path,
      ])
      #expect(listedAgain.status == 0)
      #expect(listedAgain.stderr.contains("\(name): no readable experiment.json"))
      let blamed = try TestSupport.cli(["compare", first.path, folder.path])
      #expect(blamed.status == 64, "\(blamed.stderr)")
      #expect(
        blamed.stderr.contains(
          bytes > 0
            ? "\(record.path) is 100 MB, over the 64 MB it may be"
            : "\(record.path) is no experiment record"), "\(blamed.stderr)")
      #expect(!blamed.stderr.contains(first.path), "\(blamed.stderr)")
    }
  }

  /// A variant is reproduced from its record alone: `auralift run` of the recorded pipeline
  /// over the recorded dataset with every recorded parameter set
  /// publishes the variant's rows and CSV bytes exactly.
  @Test func theRecordReproducesAVariantsPublication() throws {
    let root = try TestSupport.temporaryFolder("sweep-reproduce")
    defer { TestSupport.remove(root) }
    let experiments = root.appendingPathComponent("experiments")
    let sweep = try ExitCodeTests.run([
      "sweep", "pipelines/nightly.yaml", "--out", root.appendingPathComponent("out").path,
      "--experiments", experiments.path, "--name", "repro",
      "--set", "scoring.form.depth_weight=0.2,0.4", "--set", "features.min_rep_s=0.5,0.6",
    ])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    // One progress line per variant, not every session's log line.
    let lines = sweep.stderr.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("sweep: ") }.count == 4, "\(sweep.stderr)")
    #expect(lines.last?.hasPrefix("sweep: 4 of 4 variants done (v") == true)
    #expect(lines.count == 4, "\(sweep.stderr)")
    let folder = experiments.appendingPathComponent(
      try #require(try FileManager.default.contentsOfDirectory(atPath: experiments.path).first))
    let record = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("experiment.json"))) as? [String: Any])
    let variants = try #require(record["variants"] as? [[String: Any]])
    #expect(variants.count == 4)
    let variant = try #require(variants.last)
    let name = try #require(variant["name"] as? String)
    // Values keep their types: numbers are JSON numbers.
    let typed = try #require(variant["parameters"] as? [String: Any])
    #expect(typed["features.min_rep_s"] is NSNumber && !(typed["features.min_rep_s"] is String))
    let parameters = try JSONDecoder().decode(
      [String: RecordedParameter].self, from: JSONSerialization.data(withJSONObject: typed)
    ).mapValues(\.value.description)
    #expect(
      parameters["features.min_rep_s"] == "0.6" && parameters["scoring.form.depth_weight"] == "0.4")
    #expect(variant["set_aside"] as? Int == 0)
    let dataset = try #require(record["dataset"] as? String)
    let pipeline = try #require(record["pipeline"] as? String)

    let again = root.appendingPathComponent("again")
    let rerun = try TestSupport.cli(
      ["run", pipeline, "--dataset", dataset, "--out", again.path, "--quiet"]
        + parameters.keys.sorted().flatMap { ["--set", "\($0)=\(parameters[$0]!)"] })
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let original = folder.appendingPathComponent(name)
    #expect(try RunnerTests.publishedRows(again) == RunnerTests.publishedRows(original))
    #expect(try CrashSafetyTests.exports(again) == CrashSafetyTests.exports(original))
    // The same parameters to the last one, as the run tables record them.
    func recorded(_ out: URL) throws -> [[String]] {
      try StoreReader(databasePath: out.appendingPathComponent("current/auralift.sqlite").path)
        .rows("SELECT key, value FROM run_parameter ORDER BY key")
    }
    #expect(try recorded(again) == recorded(original))
  }

  /// The area under the ROC curve, by hand: of the 6 (good, bad) pairs of scores, 90 and 80 beat
  /// both bad sets and 70 beats only 60, so 5 / 6; a tie counts half.
  @Test func formAreaUnderCurveCountsPairs() {
    let scores: [(score: Double, good: Bool)] = [
      (90, true), (80, true), (70, true), (75, false), (60, false),
    ]
    #expect(abs(SweepMetrics.areaUnderCurve(scores)! - 5.0 / 6.0) < 1e-12)
    #expect(SweepMetrics.areaUnderCurve([(70, true), (70, false)]) == 0.5)
    #expect(SweepMetrics.areaUnderCurve([(70, true)]) == nil)
  }

  /// The sample dataset labels its recorded sets good or bad and says which ended on a failed
  /// attempt: the metrics count every label, and the form score tells good sets from bad ones
  /// better than chance.
  @Test func labelledSetsOfTheSampleAreCompared() throws {
    let dataset = Self.sample
    var labels: [String] = []
    var failed = 0
    for folder in try FileManager.default.contentsOfDirectory(
      at: dataset.appendingPathComponent("sessions"), includingPropertiesForKeys: nil)
    {
      let manifest =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: folder.appendingPathComponent("session.json"))) as! [String: Any]
      guard !(manifest["recordings"] as! [Any]).isEmpty else { continue }
      for set in manifest["sets"] as! [[String: Any]] {
        labels.append(set["form_label"] as! String)
        if set["failed"] as! Bool { failed += 1 }
      }
    }
    let metrics = try SweepMetrics(
      databasePath: try ReportTests.sample.get().appendingPathComponent("auralift.sqlite").path)
    #expect(labels.contains("bad") && failed > 0)
    #expect(metrics.formLabelledSets == labels.count)
    #expect(metrics.failedSets == failed)
    #expect(try #require(metrics.formAUC) > 0.5)
    #expect(metrics.autoStopRecallPercent != nil && metrics.autoStopFalseAlarmPercent != nil)
  }

  /// Two experiments compared: the dataset that differs, the metrics that moved between the
  /// variants both ran (matched on their parameters), and the variants only one ran.
  @Test func twoExperimentsCompareOnTheVariantsBothRan() throws {
    let root = try TestSupport.temporaryFolder("sweep-compare")
    defer { TestSupport.remove(root) }
    let fewer = try TestSupport.sampleCopy(in: root)
    try FileManager.default.removeItem(at: fewer.appendingPathComponent("sessions/s-000001"))
    func sweep(_ name: String, _ values: String, dataset: URL) throws -> URL {
      let folder = root.appendingPathComponent("experiments-\(name)")
      let run = try TestSupport.cli([
        "sweep", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out",
        root.appendingPathComponent("out").path, "--experiments", folder.path, "--name", name,
        "--set", "scoring.form.depth_weight=\(values)", "--quiet",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      return folder.appendingPathComponent(try #require(made.first))
    }
    let a = try sweep("a", "0.2,0.4", dataset: TestSupport.sampleDataset)
    let b = try sweep("b", "0.4,0.3", dataset: fewer)
    let compared = try TestSupport.cli(["compare", a.path, b.path])
    #expect(compared.status == 0, "\(compared.stderr)")
    let text = compared.stdout
    #expect(text.contains("dataset_digest: "), "\(text)")
    // Depth weight 0.4 is v2 in A and v1 in B; the sample without s-000001 moves its metrics.
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| v2 ↔ v1 | ") }
    #expect(!rows.isEmpty, "\(text)")
    #expect(rows.contains { $0.hasPrefix("| v2 ↔ v1 | rpe_sets | ") }, "\(text)")
    #expect(text.contains("only in A: v1: scoring.form.depth_weight=0.2"), "\(text)")
    #expect(text.contains("only in B: v2: scoring.form.depth_weight=0.3"), "\(text)")
  }

  /// The objective names the best variant, states a tie as a tie, and says when its metric
  /// does not vary or has no values.
  @Test func theObjectiveNamesTheBestOrSaysWhyNot() throws {
    let lowest = SweepObjective(metric: "rpe_mae", lowerIsBetter: true)
    #expect(
      lowest.verdict([("v1", 2.0), ("v2", 1.5), ("v3", nil)]) == .best(name: "v2", value: 1.5))
    #expect(
      lowest.verdict([("v1", 1.5), ("v2", 1.5), ("v3", 2)])
        == .tie(names: ["v1", "v2"], value: 1.5))
    #expect(lowest.verdict([("v1", 2.4), ("v2", 2.4)]) == .noVariation(value: 2.4))
    #expect(lowest.verdict([("v1", nil), ("v2", nil)]) == .noValues)
    let highest = try SweepObjective.parse("form_auc").get()
    #expect(!highest.lowerIsBetter)
    #expect(highest.verdict([("v1", 0.8), ("v2", 0.9)]) == .best(name: "v2", value: 0.9))
    #expect(try SweepObjective.parse("auto_stop_false_alarm_pct").get().lowerIsBetter)
    #expect(try SweepObjective.parse("mean_lp:min").get().lowerIsBetter)
    if case .success = SweepObjective.parse("rpe_mea") { Issue.record("accepted 'rpe_mea'") }
    if case .success = SweepObjective.parse("rpe_mae:lowest") {
      Issue.record("accepted 'lowest' as a direction")
    }
  }

  /// `auralift compare A B`'s output.
  static func compare(_ a: URL, _ b: URL) throws -> String {
    let run = try TestSupport.cli(["compare", a.path, b.path])
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout
  }
}
