import AuraPipeline
import AuraTestSupport
import Foundation
import Testing

@testable import AuraExperiments

/// A sweep's grid, from its `--set` axes: every combination once, named in order, and bad
/// axes refused before any variant runs.
@Suite struct SweepGridTests {
  @Test func everyCombinationOnceTheLastAxisFastest() throws {
    let sweep = try Sweep(
      base: try TestSupport.nightlyPipeline(),
      specs: [
        "scoring.form.depth_weight=0.2,0.4",
        "aggregation.effort.failure_velocity_loss_pct.squat=30,40,50",
      ], folder: URL(fileURLWithPath: "/tmp/unused"))
    let variants = sweep.variants
    #expect(variants.map(\.name) == ["v1", "v2", "v3", "v4", "v5", "v6"])
    #expect(
      variants[1].assignments == [
        "scoring.form.depth_weight=0.2", "aggregation.effort.failure_velocity_loss_pct.squat=40",
      ])
    #expect(Set(variants.map { $0.assignments.joined(separator: " ") }).count == 6)
  }

  @Test(arguments: [
    ("scoring.form.depth_weigth=0.1", "did you mean 'scoring.form.depth_weight'?"),
    ("scoring.form.depth_weight=0.1,,0.3", "empty value"),
    ("scoring.form.depth_weight=0.1,0.1", "repeats a value"),
    ("scoring.form.depth_weight=7", "scoring.form.depth_weight"),
    ("scoring.form.depth_weight", "is not key=v1,v2"),
  ])
  func aBadAxisIsRefusedSayingWhy(spec: String, message: String) throws {
    do {
      _ = try Sweep(
        base: try TestSupport.nightlyPipeline(), specs: [spec], folder: URL(fileURLWithPath: "/tmp")
      )
      Issue.record("\(spec) was accepted")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test func aNameOneEditAwayIsSuggestedAndAFarOneIsNot() {
    let names = ["features.min_rep_s", "features.set_rest_s"]
    #expect(Sweep.nearest("features.min_rep", among: names) == "features.min_rep_s")
    #expect(Sweep.nearest("colour", among: names) == nil)
  }
}
