import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// The stage table: a node's key holds every parameter its code reads, and only those.
@Suite struct StagesTests {
  /// A parameter a Settings type starts to read is in the keys at once: there is no second
  /// list to forget.
  @Test func theKeysReadAreRecordedAsTheyAreRead() throws {
    let a = Parameter.number("features.a", 1, in: 0...10, "a")
    let b = Parameter.choice("features.b", "x", among: ["x", "y"], "b")
    let parameters = ParameterSet([
      "features.a": .number(1), "features.b": .text("x"), "features.unread": .number(3),
    ])
    #expect(parameters.keys { _ = try $0.number(a) } == ["features.a"])
    let withNew = parameters.keys { parameters in
      _ = try parameters.number(a)
      _ = try parameters.choice(b)
    }
    #expect(withNew == ["features.a", "features.b"])
    // A missing key read is recorded too: its absence is part of the key.
    let missing = Parameter.number("features.missing", 1, in: 0...1, "missing")
    #expect(parameters.keys { _ = try? $0.number(missing) } == ["features.missing"])
  }

  /// Every parameter of the nightly pipeline is read by some node, sits in the key of each
  /// node that reads it, and changing it moves exactly those nodes' keys.
  @Test func eachParameterMovesTheKeysOfTheNodesThatReadItAndNoOthers() throws {
    let parameters = try TestSupport.nightlyPipeline().parameters
    #expect(parameters.values.count > 100)
    let readers = Dictionary(
      uniqueKeysWithValues: Stage.allCases.map { ($0, Set($0.parameterKeys(parameters))) })
    for key in parameters.values.keys.sorted() {
      let stages = Stage.allCases.filter { readers[$0]!.contains(key) }
      #expect(!stages.isEmpty, "\(key) is read by no stage")
      for stage in Stage.allCases {
        let fields = stage.key(parameters: parameters).fields
        let field = fields.first { $0.label == "param \(key)" }
        #expect((field != nil) == stages.contains(stage), "\(stage) and \(key)")
        #expect(field.map { $0.value == parameters[key]!.description } ?? true)
      }
    }
    // One value changed, within its bounds: scoring's key moves, features' does not.
    var changed = parameters
    changed["scoring.form.depth_weight"] = .number(0.4)
    #expect(
      Stage.scoring.key(parameters: changed).finalize()
        != Stage.scoring.key(parameters: parameters).finalize())
    #expect(
      Stage.features.key(parameters: changed).finalize()
        == Stage.features.key(parameters: parameters).finalize())
  }

  /// A parameter no stage reads (a typo) is refused before anything runs.
  @Test func aParameterNoStageReadsIsRefused() throws {
    var config = try TestSupport.nightlyPipeline()
    config.parameters["features.filter_cutof_hz"] = .number(3)
    #expect(throws: PipelineError.self) { try config.checkParameters() }
    do { try config.checkParameters() } catch {
      #expect("\(error)".contains("unknown parameter 'features.filter_cutof_hz'"))
    }
  }

  /// Each node's key names its code versions first, its own part first.
  @Test func keysStartWithTheCodeTheyRun() throws {
    let parameters = try TestSupport.nightlyPipeline().parameters
    #expect(
      Stage.features.key(parameters: parameters).fields.prefix(2).map(\.label) == [
        "code features", "code ingest",
      ])
    #expect(
      Stage.publication.key(parameters: parameters).fields.prefix(3).map(\.label) == [
        "code aggregation", "code reports", "code schema",
      ])
    #expect(Code.schema.version >= 12)
  }
}
