import AuraDomain
import Foundation
import Yams

/// The parameters of pipelines/nightly.yaml, for the tests of a stage that must not link the
/// pipeline (scoring, aggregation): the values the nightly run uses, declared in one place.
package enum NightlyParameters {
  /// The file's `parameters`, with `overrides` (`key=value`, as `auralift run --set`) applied.
  package static func load(_ overrides: [String] = []) throws -> ParameterSet {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../pipelines/nightly.yaml").standardizedFileURL
    let root = try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any]
    var parameters = try ParameterSet(flattening: root?["parameters"] as? [String: Any] ?? [:])
    for assignment in overrides { try parameters.assign(assignment) }
    return parameters
  }
}
