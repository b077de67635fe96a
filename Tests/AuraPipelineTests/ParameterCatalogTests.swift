import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// A parameter is declared once, beside the code that reads it: the nightly pipeline file and
/// the docs page are written from the declarations, every declaration is read by a stage, and
/// every default is a value its own declaration allows.
@Suite struct ParameterCatalogTests {
  static let root = TestSupport.repositoryRoot
  static var updating: Bool { ProcessInfo.processInfo.environment["AURALIFT_UPDATE_GOLDEN"] == "1" }

  /// pipelines/nightly.yaml's `parameters:` block is the declarations at their defaults:
  /// `AURALIFT_UPDATE_GOLDEN=1` rewrites it after a parameter is added or changed.
  @Test func theNightlyPipelineListsEveryParameterAsDeclared() throws {
    let file = Self.root.appendingPathComponent("pipelines/nightly.yaml")
    let text = try String(contentsOf: file, encoding: .utf8)
    let start = try #require(text.range(of: "\nparameters:\n"))
    let written = String(text[text.index(after: start.lowerBound)...])
    if Self.updating {
      try (String(text[...start.lowerBound]) + ParameterCatalog.pipelineBlock).write(
        to: file, atomically: true, encoding: .utf8)
    }
    #expect(
      written == ParameterCatalog.pipelineBlock,
      "pipelines/nightly.yaml's parameters differ from their declarations: rewrite them with AURALIFT_UPDATE_GOLDEN=1"
    )
    // The block read back is the defaults, value for value.
    let config = try PipelineConfig.load(path: file.path)
    #expect(config.parameters == ParameterCatalog.defaults)
  }

  /// docs/input-bounds.md's table is written from the declarations, in their order.
  @Test func theInputBoundsPageListsEveryParameterAsDeclared() throws {
    let file = Self.root.appendingPathComponent("docs/input-bounds.md")
    let page = try String(contentsOf: file, encoding: .utf8)
    let opening = try #require(page.range(of: "<!-- parameter-bounds"))
    let lineEnd = try #require(page.range(of: "\n", range: opening.upperBound..<page.endIndex))
    let closing = try #require(page.range(of: "\n<!-- /parameter-bounds -->"))
    if Self.updating {
      var rewritten = page
      rewritten.replaceSubrange(
        lineEnd.upperBound..<closing.lowerBound, with: ParameterCatalog.docsTable)
      try rewritten.write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(
      String(page[lineEnd.upperBound..<closing.lowerBound]) == ParameterCatalog.docsTable,
      "docs/input-bounds.md's parameter table differs from the declarations: rewrite it with AURALIFT_UPDATE_GOLDEN=1"
    )
  }

  /// The stages read exactly the declared parameters, each key declared once, and every
  /// default passes its own declaration's check.
  @Test func everyDeclarationIsReadAndEveryDefaultIsAllowed() throws {
    let keys = ParameterCatalog.parameters.map(\.key)
    #expect(Set(keys).count == keys.count, "a key declared twice")
    let defaults = ParameterCatalog.defaults
    let read = Set(Stage.allCases.flatMap { $0.parameterKeys(defaults) })
    let unread = Set(keys).subtracting(read).sorted()
    #expect(
      read.subtracting(keys).isEmpty, "read, not declared: \(read.subtracting(keys).sorted())")
    #expect(unread.isEmpty, "declared, not read: \(unread)")
    for parameter in ParameterCatalog.parameters {
      #expect(parameter.problem(with: parameter.defaultValue) == nil, "\(parameter.key)")
      #expect(!parameter.help.isEmpty, "\(parameter.key) has no help")
    }
    for stage in Stage.allCases { try stage.readSettings(defaults) }
  }

  /// A pipeline file that sets one parameter runs every other at its default; a value outside
  /// its declared range is refused naming the range.
  @Test func aPipelineFileNeedsOnlyWhatItChanges() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("short.yaml")
    try "parameters:\n  features:\n    min_rep_s: 0.8\n".write(
      to: file, atomically: true, encoding: .utf8)
    let config = try PipelineConfig.load(path: file.path)
    try config.checkParameters()
    var expected = ParameterCatalog.defaults
    expected["features.min_rep_s"] = .number(0.8)
    #expect(config.parameters == expected)

    try "parameters:\n  features:\n    min_rep_s: 40\n".write(
      to: file, atomically: true, encoding: .utf8)
    let outside = try PipelineConfig.load(path: file.path)
    #expect(throws: PipelineError.self) { try outside.checkParameters() }
    do { try outside.checkParameters() } catch {
      #expect("\(error)".contains("features.min_rep_s is 40, outside its range 0.1…10"))
    }
  }
}
