import AuraStore
import AuraTestSupport
import Foundation
import Testing

@testable import AuraSynth

/// Seeded random damage to the sample dataset's tables and manifests (a field of the wrong
/// type, junk text, an encoding that is not UTF-8, a duplicated or cut row, a missing key):
/// every run publishes with the damage set aside or exits with a documented code, never
/// traps, and writes nothing outside its output.
@Suite struct MutationFuzzTests {
  static let tables = [
    "athletes.csv", "coaches.csv", "wellness.csv", "nutrition.csv", "morpho.csv",
  ]

  /// Text a field may be replaced with.
  static let junk = [
    "", "abc", "1e999", "-1", "0x10", "٣", "NaN", "\u{0}", "x,y", "\"open", "🏋️",
    String(repeating: "z", count: 10_000), "2026-02-30", "9999-12-31", "../x", " 5 ",
  ]

  /// Damages one CSV table: a field replaced, a row duplicated or cut short, or a byte that is
  /// not UTF-8.
  static func mutateTable(_ url: URL, _ random: inout SeededRandom) throws {
    var lines = String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
      .map(String.init)
    guard lines.count > 1 else { return }
    let row = random.integer(1...(lines.count - 1))
    switch random.integer(0...3) {
    case 0:
      var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(
        String.init)
      cells[random.integer(0...(cells.count - 1))] = random.pick(junk)
      lines[row] = cells.joined(separator: ",")
    case 1: lines.append(lines[row])
    case 2: lines[row] = String(lines[row].prefix(random.integer(0...lines[row].count)))
    default:
      var data = Data((lines.joined(separator: "\n") + "\n").utf8)
      data[data.count - 2] = 0xE9
      try data.write(to: url)
      return
    }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  /// Damages one manifest: a key's value replaced by another type or junk, or the key removed,
  /// at the top level or in a set or recording.
  static func mutateManifest(_ url: URL, _ random: inout SeededRandom) throws {
    guard
      var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    else { return }
    let values: [Any] = [
      NSNull(), "text", -1, 1e300, true, [1, 2], ["a": 1], random.pick(junk), 0.5,
    ]
    func mutate(_ object: inout [String: Any]) {
      guard let key = object.keys.sorted().randomElement(using: &random) else { return }
      if random.chance(0.2) { object[key] = nil } else { object[key] = random.pick(values) }
    }
    let nested = ["sets", "recordings"].filter { (json[$0] as? [[String: Any]])?.isEmpty == false }
    if let list = nested.randomElement(using: &random), random.chance(0.6),
      var items = json[list] as? [[String: Any]]
    {
      let index = random.integer(0...(items.count - 1))
      mutate(&items[index])
      json[list] = items
    } else {
      mutate(&json)
    }
    try JSONSerialization.data(withJSONObject: json).write(to: url)
  }

  @Test(arguments: 1...8)
  func randomDamageNeverTraps(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed))
    let root = try TestSupport.temporaryFolder("fuzz")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    // Header lines stay: only a missing or unreadable athletes.csv may stop a publication.
    for _ in 0..<6 {
      try Self.mutateTable(dataset.appendingPathComponent(random.pick(Self.tables)), &random)
    }
    let sessions = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions").path
    ).sorted()
    for _ in 0..<8 {
      try Self.mutateManifest(
        dataset.appendingPathComponent("sessions/\(random.pick(sessions))/session.json"), &random)
    }
    let run = try ExitCodeTests.run([
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path,
      "--workers", "2",
    ])
    #expect(
      [0, 3].contains(run.status), "seed \(seed): exit \(run.status): \(run.stderr.suffix(800))")
    #expect(!run.stderr.contains("Fatal error"))
    // Fourteen pieces of damage always leave something to set aside, and it is named.
    #expect(run.status == 3 && run.stderr.contains("quarantined"))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: root.path)).isSubset(of: [
        "dataset", "out",
      ]))
  }
}

/// The same kind of damage to what the operator writes and what the shards leave: a pipeline
/// file and a shard's manifest. Each is a usage error or a refusal with its documented exit
/// code, in seconds, never a trap or a hang, and nothing is written outside the output.
@Suite struct ConfigurationFuzzTests {
  /// YAML an operator's typo, a merge or an attacker may leave in a pipeline file.
  static let yamlJunk = [
    "", "-5", "1e400", "[", "]]]", "{a: 1", "&a [*a]", "*nowhere", "!!binary AAAA", "\"\\u0000\"",
    "~", "[1, [2, [3]]]", "'unterminated", String(repeating: "[", count: 200),
    "99999999999999999999",
    "postgresql://u:s3cr3t@h:99999999999999999999/d", "private", "{deliver: 1}", "\t",
  ]

  static func mutatePipeline(_ text: String, _ random: inout SeededRandom) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<random.integer(1...4) {
      let index = random.integer(0...(lines.count - 1))
      switch random.integer(0...4) {
      case 0:
        // A value replaced.
        if let colon = lines[index].firstIndex(of: ":") {
          lines[index] = lines[index][...colon] + " " + random.pick(yamlJunk)
        }
      case 1: lines.remove(at: index)
      case 2: lines.insert(lines[index], at: index)
      case 3: lines[index] = String(repeating: " ", count: random.integer(0...5)) + lines[index]
      default:
        lines.insert(
          random.pick([
            "workers: \(random.pick(yamlJunk))", "store: \(random.pick(yamlJunk))",
            "output_mode: \(random.pick(yamlJunk))", "deliver: \(random.pick(yamlJunk))",
            "deliver:\n  from: \(random.pick(yamlJunk))\n  timeout: \(random.pick(yamlJunk))",
          ]), at: index)
      }
    }
    return lines.joined(separator: "\n")
  }

  @Test(arguments: 1...12)
  func aDamagedPipelineFileNeverTraps(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed))
    let root = try TestSupport.temporaryFolder("fuzz-pipeline")
    defer { TestSupport.remove(root) }
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8
    ).replacingOccurrences(
      of: "dataset: ../datasets/sample", with: "dataset: \(TestSupport.sampleDataset.path)"
    ).replacingOccurrences(of: "out: ../reports", with: "out: out")
    let pipeline = root.appendingPathComponent("nightly.yaml")
    try Data(Self.mutatePipeline(nightly, &random).utf8).write(to: pipeline)
    let started = Date()
    let explained = try TestSupport.cli(["explain", pipeline.path])
    #expect(
      [0, 2, 64].contains(explained.status),
      "seed \(seed): exit \(explained.status): \(explained.stderr.suffix(600))")
    #expect(!explained.stderr.contains("Fatal error"))
    #expect(!explained.stderr.contains("s3cr3t") && !explained.stdout.contains("s3cr3t"))
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: root.path)).isSubset(of: [
        "nightly.yaml", "out",
      ]))
  }

  /// A shard's manifest damaged field by field: publish refuses it (2), waits for it as
  /// missing (75) or publishes what the dataset says (0, 3); it never traps and never
  /// publishes a number the manifest made up.
  @Test func aDamagedShardManifestIsRefusedNeverPublished() throws {
    let root = try TestSupport.temporaryFolder("fuzz-manifest")
    defer { TestSupport.remove(root) }
    let dataset = TestSupport.sampleDataset
    let out = root.appendingPathComponent("out")
    let reference = root.appendingPathComponent("reference")
    let common = ["pipelines/nightly.yaml", "--dataset", dataset.path]
    #expect(try TestSupport.cli(["run"] + common + ["--out", reference.path]).status == 0)
    #expect(
      try TestSupport.cli(
        ["shard"] + common + ["--out", out.path, "--run-id", "f", "--shard", "0/1"]
      ).status == 0)
    let file = out.appendingPathComponent(".cache/.shards/f/shard-0-of-1.json")
    let original = try Data(contentsOf: file)
    let values: [Any] = [
      NSNull(), "../../../../tmp/x", -1, 1e300, true, [1, 2], ["a": 1], "", "a-02",
      String(repeating: "0", count: 64), "s-000001", 0,
    ]
    var random = SeededRandom(seed: 57)
    for round in 0..<10 {
      var json = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
      var sessions = try #require(json["sessions"] as? [[String: Any]])
      for _ in 0..<random.integer(1...3) {
        let index = random.integer(0...(sessions.count - 1))
        let key = try #require(sessions[index].keys.sorted().randomElement(using: &random))
        sessions[index][key] = random.pick(values)
      }
      json["sessions"] = sessions
      try JSONSerialization.data(withJSONObject: json).write(to: file)
      let published = try TestSupport.cli(
        ["publish"] + common + ["--out", out.path, "--run-id", "f", "--shards", "1"])
      #expect(
        [0, 2, 3, 75].contains(published.status),
        "round \(round): exit \(published.status): \(published.stderr.suffix(600))")
      #expect(!published.stderr.contains("Fatal error"))
      if published.status == 0 {
        // Whatever was accepted is what the dataset gives. (A manifest may still say a
        // session failed: exit 3, published without it, retried by the next run.)
        #expect(try RunnerTests.publishedRows(out) == RunnerTests.publishedRows(reference))
      }
    }
  }
}

extension SeededRandom: RandomNumberGenerator {}
