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

  @Test func theInputBoundsPageListsEveryRangeAsTheCodeHasIt() throws {
    let page = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/input-bounds.md"),
      encoding: .utf8)
    let listed = Set(
      page.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line -> String? in
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count == 3,
          ParameterBounds.rules.contains(where: { "`\($0.pattern)`" == cells[0] })
        else { return nil }
        return cells.joined(separator: " | ")
      })
    let expected = Set(
      ParameterBounds.rules.map {
        "`\($0.pattern)` | \(ParameterValue.canonical($0.range.lowerBound)) | \(ParameterValue.canonical($0.range.upperBound))"
      })
    #expect(
      expected.subtracting(listed).isEmpty,
      "missing or different: \(expected.subtracting(listed).sorted())")
  }
}
