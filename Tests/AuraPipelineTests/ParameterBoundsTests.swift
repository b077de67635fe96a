import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// Every number a pipeline file can tune has a range, and docs/input-bounds.md lists exactly
/// those ranges: a parameter added without one would run unbounded, and a range the page
/// lacks is one a researcher cannot look up.
@Suite struct ParameterBoundsTests {
  static let nightly = TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml")

  @Test func everyNumericParameterOfTheNightlyPipelineHasARange() throws {
    let config = try PipelineConfig.load(path: Self.nightly.path)
    let unbounded = config.parameters.values.compactMap { key, value -> String? in
      switch value {
      case .number, .list: ParameterBounds.range(of: key) == nil ? key : nil
      case .text, .flag: nil
      }
    }
    #expect(unbounded.isEmpty, "no range in ParameterBounds: \(unbounded.sorted())")
  }

  /// The page's table of parameter ranges is written from `ParameterBounds`, in its order:
  /// `AURALIFT_UPDATE_GOLDEN=1` rewrites it after a range is added or changed.
  @Test func theInputBoundsPageListsEveryRangeAsTheCodeHasIt() throws {
    let file = TestSupport.repositoryRoot.appendingPathComponent("docs/input-bounds.md")
    let page = try String(contentsOf: file, encoding: .utf8)
    let table =
      (["| parameter | lowest | highest |", "| --- | --- | --- |"]
      + ParameterBounds.rules.map {
        "| `\($0.pattern)` | \(ParameterValue.canonical($0.range.lowerBound)) | \(ParameterValue.canonical($0.range.upperBound)) |"
      }).joined(separator: "\n")
    let opening = try #require(page.range(of: "<!-- parameter-bounds"))
    let lineEnd = try #require(page.range(of: "\n", range: opening.upperBound..<page.endIndex))
    let closing = try #require(page.range(of: "\n<!-- /parameter-bounds -->"))
    if ProcessInfo.processInfo.environment["AURALIFT_UPDATE_GOLDEN"] == "1" {
      var rewritten = page
      rewritten.replaceSubrange(lineEnd.upperBound..<closing.lowerBound, with: table)
      try rewritten.write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(
      String(page[lineEnd.upperBound..<closing.lowerBound]) == table,
      "docs/input-bounds.md's parameter table differs from ParameterBounds: rewrite it with AURALIFT_UPDATE_GOLDEN=1"
    )
  }
}
