import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// Reps counted where one of them recurs on a watch's three axes, within a set's bounds.
@Suite struct RepTemplateTests {
  /// A watch's axes through `reps` curls at 50 Hz between the set's bounds: each rep takes
  /// 2.2-2.8 s and raises the forearm from 0.2 rad to about 2.2, past the horizontal, so that
  /// the axis across the forearm (the sine of its angle) swings twice a rep; a rest of 0.3-0.7
  /// s at the bottom follows each. The true reps' sample ranges come with the axes.
  static func curls(reps: Int, seed: UInt64) -> (axes: [[Double]], reps: [Range<Int>]) {
    var random = SeededRandom(seed: seed)
    let rate = 50.0
    var angles: [Double] = []
    var truth: [Range<Int>] = []
    for _ in 0..<reps {
      let count = Int((2.5 + 0.3 * (2 * random.unit() - 1)) * rate)
      let travel = 2.0 + 0.2 * (2 * random.unit() - 1)
      let start = angles.count
      for i in 0..<count {
        angles.append(0.2 + travel * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count))))
      }
      truth.append(start..<angles.count)
      angles += [Double](
        repeating: 0.2, count: Int((0.5 + 0.2 * (2 * random.unit() - 1)) * rate))
    }
    let axes = [
      angles.map { cos($0) + 0.03 * random.gaussian() },
      angles.map { sin($0) + 0.03 * random.gaussian() },
      angles.map { _ in 0.1 + 0.03 * random.gaussian() },
    ]
    return (axes, truth)
  }

  @Test(arguments: [
    (5, UInt64(1)), (8, UInt64(2)), (10, UInt64(3)), (12, UInt64(4)), (16, UInt64(5)),
  ])
  func everyRepIsFoundOnceWhereAnAxisSwingsTwiceARep(reps: Int, seed: UInt64) throws {
    let (axes, truth) = Self.curls(reps: reps, seed: seed)
    let template = try #require(
      RepTemplate(
        axes: axes, range: 0..<axes[0].count, sampleRateHz: 50,
        periods: RepCountCheck.Reading.limb.periods))
    #expect(template.reps.count == reps)
    #expect(abs(template.period - 3.0) < 0.3, "a rep and its rest: \(template.period) s")
    // Each rep found holds the middle of a true rep, and no two the same one.
    let held = template.reps.map { found in
      truth.firstIndex { $0.contains((found.lowerBound + found.upperBound) / 2) }
    }
    #expect(held.allSatisfy { $0 != nil })
    #expect(Set(held.compactMap { $0 }).count == held.count)
  }
}
