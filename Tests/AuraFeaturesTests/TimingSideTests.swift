import Foundation
import Testing

@testable import AuraFeatures

/// Combining both body sides' joint angles into the signal phases are timed on.
struct TimingSideTests {
  /// A knee angle over 3 s: 175° standing, down to 85° and back (harmonic).
  static let knee = (0..<90).map { i -> Double in
    175 - 45 * (1 - cos(2 * Double.pi * Double(i) / 90))
  }

  @Test func farSideSeenAtAnotherDepthIsMappedOntoTheNearOne() throws {
    let near = TimingSide(values: Self.knee, unfiltered: Self.knee, noise: 1)
    // The far side through a different projection: offset and scaled, one sample filled.
    var farRaw = Self.knee.map { 12 + 0.8 * $0 }
    farRaw[40] = .nan
    let far = TimingSide(values: Self.knee.map { 12 + 0.8 * $0 }, unfiltered: farRaw, noise: 1)
    let mapped = try #require(far.mapped(onto: near))
    for (value, expected) in zip(mapped.values, Self.knee) {
      #expect(abs(value - expected) < 1e-9)
    }
    #expect(mapped.unfiltered[40].isNaN)
    #expect(abs(mapped.noise - 1.25) < 1e-12)
  }

  @Test func averageWeighsEachSideByItsNoiseAndFillsTheOtherSidesGaps() {
    let near = TimingSide(values: [10, 20, .nan], unfiltered: [10, .nan, 30], noise: 1)
    let far = TimingSide(values: [13, 26, 5], unfiltered: [16, 22, .nan], noise: 2)
    let both = near.averaged(with: far)
    // Weights 1 and 1/4: (10 + 13/4) / 1.25.
    #expect(abs(both.values[0] - 10.6) < 1e-12)
    #expect(abs(both.values[1] - 21.2) < 1e-12)
    #expect(both.values[2] == 5)
    #expect(both.unfiltered[1] == 22)
    #expect(both.unfiltered[2] == 30)
    #expect(abs(both.noise - 1 / 1.25.squareRoot()) < 1e-12)
  }

  @Test func aSideThatDoesNotMoveWithTheNearOneIsLeftOut() {
    let near = TimingSide(values: Self.knee, unfiltered: Self.knee, noise: 1)
    // Still (a far side hidden behind the body, its points guessed where they were).
    let still = Self.knee.indices.map { 100 + sin(Double($0)) }
    #expect(TimingSide(values: still, unfiltered: still, noise: 1).mapped(onto: near) == nil)
    // Moving with it over a quarter of its range: not the same joint seen from elsewhere.
    let small = Self.knee.map { 0.25 * $0 }
    #expect(TimingSide(values: small, unfiltered: small, noise: 1).mapped(onto: near) == nil)
  }

  @Test func sidesWithoutMeasurableNoiseAreAveragedEqually() {
    // Quantized coordinates can leave second differences all zero: a noise of 0 must not
    // turn the average into NaN.
    let near = TimingSide(values: [10, 20], unfiltered: [10, .nan], noise: 0)
    let far = TimingSide(values: [14, 26], unfiltered: [12, 30], noise: 0.5)
    let both = near.averaged(with: far)
    #expect(both.values == [12, 23])
    #expect(both.unfiltered == [11, 30])
    #expect(both.noise == 0)
  }
}
