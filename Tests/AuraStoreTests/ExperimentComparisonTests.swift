import Foundation
import Testing

@testable import AuraStore

/// Records written before parameters kept their types (strings) compare with typed ones: the
/// same values match, whatever their spelling.
@Suite struct ExperimentComparisonTests {
  static func record(_ parameters: String, rpe: Double) -> Data {
    Data(
      """
      {"code_commit": "c", "dataset_digest": "d", "objective": "rpe_mae (lowest best)",
       "variants": [{"name": "v1", "parameters": \(parameters), "metrics": {"rpe_mae": \(rpe)}}]}
      """.utf8)
  }

  @Test func typedAndStringParametersMatch() throws {
    let old = Self.record(
      #"{"features.min_rep_s": "0.5", "ingest.keep": "true", "aggregation.bands": "[1,2.5]"}"#,
      rpe: 0.5)
    let typed = Self.record(
      #"{"features.min_rep_s": 0.5, "ingest.keep": true, "aggregation.bands": [1, 2.5]}"#,
      rpe: 0.25)
    let comparison = try ExperimentComparison(a: old, b: typed)
    #expect(comparison.onlyA.isEmpty && comparison.onlyB.isEmpty)
    #expect(comparison.metrics == [.init(variants: "v1 ↔ v1", metric: "rpe_mae", a: 0.5, b: 0.25)])
    // Another value is another variant.
    let other = Self.record(
      #"{"features.min_rep_s": 0.6, "ingest.keep": true, "aggregation.bands": [1, 2.5]}"#, rpe: 0.25
    )
    let apart = try ExperimentComparison(a: old, b: other)
    #expect(
      apart.onlyA == ["v1: features.min_rep_s=0.5"] && apart.metrics.isEmpty, "\(apart.onlyA)")
  }
}
