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
  /// A generated athlete's `sessions` recorded sessions, an output folder, and the nightly
  /// pipeline over them.
  private static func recorded(sessions: Int, seed: UInt64) throws -> (
    dataset: URL, out: URL, config: PipelineConfig
  ) {
    let (dataset, _) = try TestSupport.generatedDataset(
      athletes: 1, sessions: sessions, seed: seed, logOnlyShare: 0)
    let out = try TestSupport.temporaryFolder("cached\(seed)")
    return (dataset, out, try TestSupport.pipelineConfig(dataset: dataset, out: out))
  }

  /// Sessions as a run caches them: each one's features and scored session, read back from the
  /// cache, equal the same session computed again in memory.
  @Test func cachedSessionsOfARunEqualTheSessionsComputedAgain() throws {
    let (dataset, out, config) = try Self.recorded(sessions: 2, seed: 41)
    defer { TestSupport.remove(dataset, out) }
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

  /// A plan keeps a session's keys, not their fields: the fields a computed session's entries
  /// are stored with are made again from its files, and only while the files still give the
  /// planned keys; a session whose recording changed after it was planned fails (the next run
  /// computes it) instead of storing an entry whose fields are not its key's.
  @Test func fieldsAreMadeAgainOnlyForFilesAsPlanned() throws {
    let (dataset, out, config) = try Self.recorded(sessions: 1, seed: 43)
    defer { TestSupport.remove(dataset, out) }
    let chain = try PipelinePlan(config: config, out: out).chain
    let folder = try #require(try SessionReader.sessionFolders(datasetRoot: dataset).first)
    let plan = chain.plan(folder: folder)
    let fields = try #require(chain.fields(of: plan))
    for stage in Stage.perSession {
      #expect(fields[stage]?.finalize() == plan.keys[stage])
    }
    let inputs = try #require(fields[.features]?.fields.filter { $0.label.hasPrefix("input ") })
    #expect(inputs.count >= 2, "\(inputs.map(\.label))")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: dataset.appendingPathComponent("sessions/\(folder)").path)
    let recording = try #require(files.sorted().first { $0 != "session.json" })
    let url = dataset.appendingPathComponent("sessions/\(folder)/\(recording)")
    try (Data(contentsOf: url) + Data("\n".utf8)).write(to: url)
    #expect(chain.fields(of: plan) == nil)
    let outcome = chain.run(plan, last: nil)
    #expect(outcome.failure?.contains("changed while the run read it") == true)
    #expect(outcome.published == nil && outcome.computed.isEmpty)
    #expect(chain.cache.load(ScoredSession.self, stage: .scoring, key: plan.keys[.scoring]) == nil)
  }
}
