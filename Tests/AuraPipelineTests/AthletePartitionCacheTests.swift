import AuraCache
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// The athlete partitions' cache entries as a run stores them.
struct AthletePartitionCacheTests {
  /// Each athlete partition a run publishes is in the cache under its key, with fields that
  /// give that key: the plan keeps the keys alone, and the fields are made again from the
  /// athlete's rows where an entry is stored.
  @Test func athletePartitionsAreCachedWithTheFieldsOfTheirKeys() throws {
    let (dataset, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 4, seed: 58)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    _ = try Runner(config: config).run()
    let published = PublishedPartitions.current(out: out)
    #expect(published.count == 2)
    #expect(published.values.allSatisfy { $0.count >= 2 && $0[PublishedPartitions.history] != nil })
    let cache = ArtifactCache(root: PipelinePlan.cacheRoot(config: config, out: out))
    for (athlete, partitions) in published {
      for (partition, key) in partitions {
        let stage: Stage =
          partition == PublishedPartitions.history ? .athleteHistory : .athleteWeek
        let fields = try #require(cache.fields(stage: stage, key: key), "\(athlete) \(partition)")
        var again = ContentKey()
        for field in fields { again.add(field.label, field.value) }
        #expect(again.finalize() == key, "\(athlete) \(partition)")
      }
    }
  }
}
