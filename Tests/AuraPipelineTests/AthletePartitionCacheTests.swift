import AuraCache
import AuraPipeline
import AuraTestSupport
import Foundation
import Testing

/// The athlete partitions' cache entries as a run stores them.
struct AthletePartitionCacheTests {
  /// Each athlete partition a run publishes is in the cache under its key, with fields that
  /// give that key: the plan keeps the keys alone, and the fields are made again from the
  /// athlete's rows where an entry is stored.
  @Test func athletePartitionsAreCachedWithTheFieldsOfTheirKeys() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 4, seed: 58)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    _ = try Runner(config: try TestSupport.pipelineConfig(dataset: dataset, out: out)).run()
    let partitions = try String(
      contentsOf: out.appendingPathComponent("current/partitions.tsv"), encoding: .utf8
    ).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(partitions.filter { $0[1] == "history" }.count == 2)
    #expect(partitions.filter { $0[1] != "history" }.count >= 2)
    for cells in partitions {
      let stage = cells[1] == "history" ? "aggregation" : "athlete-week"
      let folder = out.appendingPathComponent(".cache/\(stage)/\(cells[2].prefix(2))")
      let name = try #require(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
          $0.hasPrefix(cells[2])
        }, "\(cells)")
      let entry = try Data(contentsOf: folder.appendingPathComponent(name))
      let header = try #require(entry.firstRange(of: Data("\n\n".utf8)))
      var key = ContentKey()
      for field in ContentKey.fields(
        from: String(decoding: entry[..<header.lowerBound], as: UTF8.self))
      {
        key.add(field.label, field.value)
      }
      #expect(key.finalize() == cells[2], "\(cells)")
    }
  }
}
