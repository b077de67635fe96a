import AuraDomain
import AuraPipeline
import AuraStore
import AuraSupport
import AuraSynth
import AuraTestSupport
import Foundation
import Testing

/// What a run publishes does not change unless a change means it to: the SHA-256 of every
/// CSV export (the `run` and `run_parameter` tables aside, which record when and how) of the sample and of a
/// generated dataset, against `Tests/Golden/<dataset>.tsv`. A change that means to change the
/// outputs rewrites those files with `make golden`, and the diff shows which tables moved.
@Suite(.serialized) struct GoldenOutputTests {
  static let golden = TestSupport.repositoryRoot.appendingPathComponent("Tests/Golden")

  /// The digest of each published CSV under `out`, by file name.
  static func digests(_ out: URL) throws -> [String: String] {
    let folder = out.appendingPathComponent("current/csv")
    var digests: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".csv") && !StoreReader.runRecordTables.contains(String(name.dropLast(4)))
    {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      digests[name] = FieldHasher.hex(of: data)
    }
    return digests
  }

  @Test(arguments: ["sample", "generated"])
  func publishedTablesAreUnchanged(_ name: String) throws {
    let root = try TestSupport.temporaryFolder("golden-\(name)")
    defer { TestSupport.remove(root) }
    var dataset = TestSupport.sampleDataset
    if name == "generated" {
      dataset = root.appendingPathComponent("dataset")
      _ = try DatasetSynthesizer(
        config: SynthConfig(
          athletes: 3, sessionsPerAthlete: 4, seed: 41, noise: .high, logOnlyShare: 0.25,
          poseFormats: SynthConfig.allPoseFormats, imuFormats: SynthConfig.allImuFormats)
      ).write(to: dataset)
    }
    let out = root.appendingPathComponent("out")
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()
    let found = try Self.digests(out)
    let file = Self.golden.appendingPathComponent("\(name).tsv")
    let text = found.keys.sorted().map { "\($0)\t\(found[$0]!)" }.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["AURALIFT_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
      return
    }
    let expected = Dictionary(
      uniqueKeysWithValues: try String(contentsOf: file, encoding: .utf8)
        .split(separator: "\n").map { line -> (String, String) in
          let fields = line.split(separator: "\t")
          return (String(fields[0]), String(fields[1]))
        })
    let changed = Set(found.keys).union(expected.keys).filter { found[$0] != expected[$0] }
    #expect(
      changed.isEmpty,
      "\(name): these published tables changed: \(changed.sorted()); if that is meant, run `make golden` and commit Tests/Golden"
    )
  }
}
