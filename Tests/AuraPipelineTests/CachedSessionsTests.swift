import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// What the cache gives back is what was computed.
@Suite struct CachedSessionsTests {
  /// Sessions as a run caches them: each one's features and scored session, read back from the
  /// cache, equal the same session computed again in memory.
  @Test func cachedSessionsOfARunEqualTheSessionsComputedAgain() throws {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 2, seed: 41, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(dataset, out) }
    let config = try TestSupport.pipelineConfig(dataset: dataset, out: out)
    #expect(try Runner(config: config).run().exitCode == 0)
    let chain = try PipelinePlan(config: config, out: out).chain
    let folders = try SessionReader.sessionFolders(datasetRoot: dataset)
    #expect(folders.count == 2)
    for folder in folders {
      let plan = chain.plan(folder: folder)
      let session = try SessionReader.read(
        folder: folder, datasetRoot: dataset, catalog: chain.catalog, settings: chain.ingest)
      let features = try chain.extractor.extract(
        session, body: #require(chain.bodies[session.manifest.athleteId]))
      #expect(!features.sets.isEmpty)
      let cached = try #require(
        chain.cache.load(
          SessionChain.FeatureOutcome.self, stage: .features, key: plan.keys[.features]))
      guard case .features(let cachedFeatures) = cached else {
        Issue.record("\(folder) was cached as a problem")
        continue
      }
      #expect(cachedFeatures == features)
      let scored = try #require(
        chain.cache.load(ScoredSession.self, stage: .scoring, key: plan.keys[.scoring]))
      #expect(scored == chain.scorer.score(features))
    }
  }
}
