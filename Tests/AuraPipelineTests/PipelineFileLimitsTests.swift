import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// A pipeline file is read within limits: no file can make the process grow without bound,
/// overflow its stack or run with settings outside their range; each is a usage error that
/// names the file.
struct PipelineFileLimitsTests {
  static func load(_ yaml: String) throws -> PipelineConfig {
    let folder = try TestSupport.temporaryFolder("pipeline-limits")
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("p.yaml")
    try Data(yaml.utf8).write(to: file)
    return try PipelineConfig.load(path: file.path)
  }

  static func refusal(_ yaml: String) -> String {
    do {
      _ = try load(yaml)
      return "accepted"
    } catch {
      return "\(error)"
    }
  }

  /// Ten levels of ten aliases each: 10^10 values once expanded.
  @Test func anAliasBombIsRefusedQuickly() {
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...9 {
      let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      yaml += "a\(level): &a\(level) [\(previous)]\n"
    }
    yaml += "parameters:\n  bomb: *a9\n"
    let started = Date()
    let message = Self.refusal(yaml)
    #expect(message.contains("holds more than 100000 values once its aliases are expanded"))
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test func deepBracketsAreRefusedBeforeParsing() {
    let yaml = "parameters: " + String(repeating: "[", count: 100_000)
    #expect(Self.refusal(yaml).contains(":1: brackets nested deeper than 64 levels"))
  }

  @Test func aFileOverAMebibyteIsRefused() {
    let yaml = "name: x\n" + String(repeating: "# padding\n", count: 120_000)
    #expect(Self.refusal(yaml).contains("over the 1048576 a pipeline file may be"))
  }

  @Test func workersOutsideTheirRangeAreRefused() throws {
    #expect(throws: PipelineError.self) { try Self.load("workers: -5\n").checkParameters() }
    #expect(throws: PipelineError.self) { try Self.load("workers: 100000\n").checkParameters() }
    #expect(Self.refusal("workers: many\n").contains("workers must be a whole number"))
    #expect(try Self.load("workers: 4\n").workers == 4)
  }

  @Test func aStoreURLIsCheckedWhenTheFileIsReadAndItsPasswordHidden() {
    let message = Self.refusal("store: postgresql://u:hunter2@h:99999999999999999999/d\n")
    #expect(message.contains("is not a port"), "\(message)")
    #expect(!message.contains("hunter2"))
  }

  /// Anchors and aliases within the bound still work.
  @Test func ordinaryAliasesAreRead() throws {
    let config = try Self.load(
      "defaults: &d\n  depth_weight: 0.3\nparameters:\n  scoring:\n    form: *d\n")
    #expect(config.parameters["scoring.form.depth_weight"] == .number(0.3))
  }
}
