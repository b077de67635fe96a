import Foundation
import Testing

@testable import AuraSynth

/// The generator's decimals are printf's, byte for byte: the datasets (and the published
/// numbers the golden tests hold) do not move with how they are printed.
@Suite struct FixedPointTests {
  @Test func everyDecimalCountPrintsAsPrintfDoes() {
    var random = SeededRandom(seed: 17)
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.125, 0.375, -0.125, 1e-7, -1e-7, 0.00049999, 0.0005,
      999.9995, 1234567.891, 1.7e12, 1.7e18, .nan, .infinity, -.infinity,
    ]
    for exponent in -8...9 {
      let scale = pow(10, Double(exponent))
      for _ in 0..<2_000 { values.append(random.uniform(-1...1) * scale) }
    }
    for decimals in 0...7 {
      for value in values {
        #expect(
          FixedPoint.text(value, decimals) == String(format: "%.\(decimals)f", value),
          "\(value) with \(decimals)")
      }
    }
  }
}
